import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths, queryString } from "../../../../shared/api-paths";
import type { CeremonyView, CodeSent, SigningResult } from "../../../../shared/contracts/contracts";
import { api } from "../../../lib/api";
import { refreshPaths } from "../../../lib/query";

/** What the signing ceremony shows the signer whose personal link this is (the server's schema). */
export type { CeremonyView };

/** The ceremony behind a personal link (no account needed); a dead link is an answer, not retried. */
export const ceremonyQuery = (id: string, token: string) => {
  const path = `${apiPaths.signing.one(id)}${queryString({ token })}`;
  return queryOptions({ queryKey: [path], queryFn: () => api<CeremonyView>(path), retry: false });
};

/** E-mails the signer a confirmation code. */
export function useSendSigningCode(id: string, token: string) {
  return useMutation({
    mutationFn: () => api<CodeSent>(apiPaths.signing.code(id), { body: { token } }),
  });
}

export interface Signature {
  codigo: string;
  nome: string;
  cpf: string;
  assinatura?: string;
}

/** A signature or a refusal changes the contract a party may follow next (its page, the list). */
function useRefreshContract(id: string) {
  const queryClient = useQueryClient();
  return () => refreshPaths(queryClient, [apiPaths.contracts.one(id), apiPaths.contracts.all]);
}

/** Signs; the last signature answers "selando" while the seal is done. */
export function useSign(id: string, token: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: (signature: Signature) =>
      api<SigningResult>(apiPaths.signing.sign(id), { body: { token, ...signature } }),
    onSuccess: () => void refresh(),
  });
}

export function useRefuseToSign(id: string, token: string) {
  const refresh = useRefreshContract(id);
  return useMutation({
    mutationFn: (refusal: { codigo: string; motivo: string }) =>
      api<SigningResult>(apiPaths.signing.refuse(id), { body: { token, ...refusal } }),
    onSuccess: () => void refresh(),
  });
}
