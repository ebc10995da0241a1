import { queryOptions, useMutation } from "@tanstack/react-query";
import { apiPaths, queryString } from "../../../../shared/api-paths";
import type { DocumentVerification } from "../../../../shared/contracts/contracts";
import type { StoredDocument } from "../../../../shared/contracts/storage";
import { api } from "../../../lib/api";
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

/** What a sealed contract's verification says about its file (the server's schema). */
export type { DocumentVerification };

/** Checks a sealed contract document: intact, seal valid, who sealed it and when. */
export const verificationQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.contracts.verify(id)],
    queryFn: () => api<DocumentVerification>(apiPaths.contracts.verify(id)),
    retry: false,
  });

export function useDeleteDocument() {
  const refresh = useRefreshDocuments();
  return useMutation({
    mutationFn: (doc: StoredDocument) => storage.deleteObject(doc.id),
    onSettled: refresh,
  });
}
