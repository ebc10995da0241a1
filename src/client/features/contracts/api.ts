import type { ContractReview, ContractView, WitnessChoice } from "../../../shared/contracts/contracts";
import { api } from "../../lib/api";

export interface CeremonyView {
  contrato: { id: string; numero: string; sha256: string | null; documentUrl: string | null };
  signatario: { papel: string; nome: string; email: string; bloqueado: boolean };
  vez: boolean;
}

export const contractsApi = {
  list: () => api<ContractView[]>("/api/contracts"),
  get: (id: string) => api<ContractView>(`/api/contracts/${encodeURIComponent(id)}`),
  review: (id: string, input: ContractReview) =>
    api<ContractView>(`/api/contracts/${encodeURIComponent(id)}/review`, { method: "PUT", body: input }),
  witness: (id: string, input: WitnessChoice) =>
    api<ContractView>(`/api/contracts/${encodeURIComponent(id)}/witness`, { method: "PUT", body: input }),
  send: (id: string) =>
    api<ContractView>(`/api/contracts/${encodeURIComponent(id)}/send`, { method: "POST" }),
  resend: (id: string, signerId: string) =>
    api<ContractView>(
      `/api/contracts/${encodeURIComponent(id)}/signers/${encodeURIComponent(signerId)}/resend`,
      { method: "POST" },
    ),
  myLink: (id: string) =>
    api<{ token: string }>(`/api/contracts/${encodeURIComponent(id)}/my-link`, { method: "POST" }),
  cancel: (id: string, motivo: string) =>
    api<ContractView>(`/api/contracts/${encodeURIComponent(id)}/cancel`, { body: { motivo } }),
  ceremony: (id: string, token: string) =>
    api<CeremonyView>(`/api/signing/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`),
  sendCode: (id: string, token: string) =>
    api<{ sentTo: string; expiresAt: string }>(`/api/signing/${encodeURIComponent(id)}/code`, {
      body: { token },
    }),
  sign: (
    id: string,
    body: { token: string; codigo: string; nome: string; cpf: string; assinatura?: string },
  ) => api<{ status: string }>(`/api/signing/${encodeURIComponent(id)}/sign`, { body }),
  refuse: (id: string, body: { token: string; codigo: string; motivo: string }) =>
    api<{ status: string }>(`/api/signing/${encodeURIComponent(id)}/refuse`, { body }),
};
