import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { apiPaths, queryString } from "../../../../shared/api-paths";
import { PROFILE_FOLDER } from "../../../../shared/contracts/storage";
import { refreshPaths } from "../../../lib/query";
import { storage } from "../../../lib/storage";

/**
 * One's personal documents, to attach to a proposal. The same read (and cache entry) as the
 * storage pages' folder list: the key is the path.
 */
export const personalDocumentsQuery = () =>
  queryOptions({
    queryKey: [`${apiPaths.storage.objects}${queryString({ folder: PROFILE_FOLDER, pageSize: 1000 })}`],
    queryFn: () => storage.list({ folder: PROFILE_FOLDER, pageSize: 1000 }),
  });

/** A document uploaded here changes the lists of documents and the space used. */
export function useRefreshPersonalDocuments() {
  const queryClient = useQueryClient();
  return () => refreshPaths(queryClient, [apiPaths.storage.objects, apiPaths.storage.usage]);
}

/** A document attached to a proposal (the landlord may read its metadata once it is shared). */
export const sharedDocumentQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.storage.object(id)],
    queryFn: () => storage.getMetadata(id),
    retry: false,
  });
