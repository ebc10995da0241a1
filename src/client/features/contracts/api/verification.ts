import { useMutation } from "@tanstack/react-query";
import { apiPaths } from "../../../../shared/api-paths";
import type { PublicVerification } from "../../../../shared/contracts/contracts";
import { api } from "../../../lib/api";

/** Anyone's PDF, sent as its bytes: a contract sealed here and unchanged since, or not. */
export function useVerifyUpload() {
  return useMutation({
    mutationFn: (file: File) => api<PublicVerification>(apiPaths.contracts.verifyUpload, { body: file }),
  });
}
