import { queryOptions, useMutation } from "@tanstack/react-query";
import { apiPaths, queryString } from "../../../../shared/api-paths";
import type { StoredDocument } from "../../../../shared/contracts/storage";
import { storage } from "../../../lib/storage";
import { useRefreshDocuments } from "../../../lib/storage-queries";

/** A short-lived link to show the document in the page. */
export const inlineUrlQuery = (id: string) =>
  queryOptions({
    queryKey: [`${apiPaths.storage.downloadUrl(id)}${queryString({ disposition: "inline" })}`],
    queryFn: () => storage.getDownloadUrl(id, "inline"),
    retry: false,
    // The link lives for minutes; fetch a fresh one before it expires.
    staleTime: 60_000,
  });

/** A link that downloads the document (a fresh one each time: it is not cached). */
export const attachmentUrl = (id: string) => storage.getDownloadUrl(id, "attachment");

export function useDeleteDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (doc: StoredDocument) => storage.deleteObject(doc.id),
    onSettled: refresh,
  });
}
