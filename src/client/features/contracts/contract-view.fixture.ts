import type { ContractView } from "../../../shared/contracts/contracts";

export const CONTRACT_ID = "5c1f7a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b";

/** A contract as the API lists it (the landlord's draft); a test patches only what it is about. */
export function contractView(over: Partial<ContractView> = {}): ContractView {
  return {
    id: CONTRACT_ID,
    numero: "2026-000001",
    kind: "locacao",
    parentId: null,
    status: "rascunho",
    provider: "builtin",
    sequential: false,
    role: "landlord",
    documentId: "d1",
    sha256: "a".repeat(64),
    sealedDocumentId: null,
    sealedSha256: null,
    // As the server says it: the landlord gives a lease, and may cancel it while it is unsigned.
    podeCancelar:
      (over.role ?? "landlord") === "landlord" && ["rascunho", "enviado"].includes(over.status ?? "rascunho"),
    garantia: "fiador",
    proposalId: "p1",
    offerId: "o1",
    titulo: "Apartamento – Rua Pernambuco, 550",
    signers: [],
    plannedSigners: [],
    events: [],
    expiresAt: null,
    createdAt: "2026-11-26T10:00:00.000Z",
    mine: null,
    ...over,
  };
}
