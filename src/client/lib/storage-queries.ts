import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { apiPaths, queryString } from "../../shared/api-paths";
import { refreshPaths } from "./query";
import { storage } from "./storage";

/*
 * The reads of the document store that more than one feature makes (the storage pages, a
 * proposal's attachments): one definition, so they share one cache entry (the key is the path).
 */

/** One document's metadata (one's own or shared with one); a refusal is an answer, not retried. */
export const documentQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.storage.object(id)],
    queryFn: () => storage.getMetadata(id),
    retry: false,
  });

/** Every document in one folder. */
export const folderQuery = (folder: string) =>
  queryOptions({
    queryKey: [`${apiPaths.storage.objects}${queryString({ folder, pageSize: 1000 })}`],
    queryFn: () => storage.list({ folder, pageSize: 1000 }),
  });

/** Space used and left, and the largest file accepted. */
export const usageQuery = () => queryOptions({ queryKey: [apiPaths.storage.usage], queryFn: storage.usage });

/** After an upload or a deletion the lists and the usage change. */
export function useRefreshDocuments() {
  const queryClient = useQueryClient();
  return () => refreshPaths(queryClient, [apiPaths.storage.objects, apiPaths.storage.usage]);
}
