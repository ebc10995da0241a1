import type { ProposalActionName, ProposalStatus } from "./contracts/proposals";
import type { ErrorCode } from "./errors";

/*
 * The negotiation (docs/decisions/008), shared so the server enforces it and the screens offer
 * exactly the moves it allows: from each open status, what each party may do and where it leads.
 * Every open status is one party's turn; approved, rejected, withdrawn, expired and closed are final.
 */

export type Party = "tenant" | "landlord";

const moves: Partial<
  Record<ProposalStatus, Partial<Record<Party, Partial<Record<ProposalActionName, ProposalStatus>>>>>
> = {
  enviada: {
    landlord: {
      approve: "aprovada",
      reject: "recusada",
      counter: "contraproposta",
      request_documents: "documentos_solicitados",
      // Another guarantor: the tenant's turn, answered by a counter naming a new one.
      request_guarantor: "contraproposta",
    },
    tenant: { withdraw: "retirada" },
  },
  contraproposta: {
    // Accepting the landlord's own last terms is the agreement: it concludes as an approval does.
    tenant: { accept: "aprovada", reject: "recusada", counter: "enviada", withdraw: "retirada" },
  },
  documentos_solicitados: {
    tenant: { send_documents: "enviada", withdraw: "retirada" },
  },
};

/** Whose turn an open status is; null once final. */
export function turnOf(status: ProposalStatus): Party | null {
  if (status === "enviada") return "landlord";
  if (status === "contraproposta" || status === "documentos_solicitados") return "tenant";
  return null;
}

/** The status `party` reaches with `action`, or the reason it may not. */
export function move(
  status: ProposalStatus,
  party: Party,
  action: ProposalActionName,
): { ok: true; next: ProposalStatus } | { ok: false; code: ErrorCode } {
  const fromHere = moves[status];
  if (!fromHere) return { ok: false, code: "proposal-closed" };
  const next = fromHere[party]?.[action];
  if (next) return { ok: true, next };
  const other: Party = party === "tenant" ? "landlord" : "tenant";
  if (fromHere[other]?.[action] || turnOf(status) !== party) return { ok: false, code: "not-your-turn" };
  return { ok: false, code: "invalid-transition" };
}

/** The actions `party` may take in `status` (none once final), in the machine's order. */
export function actionsFor(status: ProposalStatus, party: Party): ProposalActionName[] {
  return Object.keys(moves[status]?.[party] ?? {}) as ProposalActionName[];
}
