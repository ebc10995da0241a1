import type {
  ProposalAction,
  ProposalInput,
  ProposalStatus,
  ProposalView,
} from "../../../shared/contracts/proposals";
import { api } from "../../lib/api";

export const proposalsApi = {
  create: (input: ProposalInput) => api<ProposalView>("/api/proposals", { body: input }),
  get: (id: string) => api<ProposalView>(`/api/proposals/${encodeURIComponent(id)}`),
  list: (q: { role?: "tenant" | "landlord"; oferta?: string; status?: ProposalStatus } = {}) => {
    const qs = new URLSearchParams(Object.entries(q).filter(([, v]) => v) as [string, string][]);
    return api<ProposalView[]>(`/api/proposals?${qs}`);
  },
  act: (id: string, action: ProposalAction) =>
    api<ProposalView>(`/api/proposals/${encodeURIComponent(id)}/actions`, { body: action }),
};
