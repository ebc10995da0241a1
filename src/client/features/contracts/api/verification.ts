import { queryOptions, useMutation } from "@tanstack/react-query";
import { apiPaths } from "../../../../shared/api-paths";
import type { DocumentVerification, PublicVerification } from "../../../../shared/contracts/contracts";
import { api } from "../../../lib/api";

/** A party's sealed contract, checked by the server: intact, seal valid, how it was sealed. */
export const verificationQuery = (id: string) =>
  queryOptions({
    queryKey: [apiPaths.contracts.verify(id)],
    queryFn: () => api<DocumentVerification>(apiPaths.contracts.verify(id)),
    retry: false,
  });

/** Anyone's PDF, sent as its bytes: a contract sealed here and unchanged since, or not. */
export function useVerifyUpload() {
  return useMutation({
    mutationFn: (file: File) => api<PublicVerification>(apiPaths.contracts.verifyUpload, { body: file }),
  });
}
