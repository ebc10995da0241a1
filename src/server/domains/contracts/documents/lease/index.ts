import { moveOffer } from "../../../listings/lifecycle";
import { plannedSigners } from "../../signers";
import { renderContract, type StoredContractData } from "../../template";
import { type DocumentKind, LEASE } from "../kind";

/*
 * The lease (Lei 8.245/91), the machine's first kind: its template is template.ts (decision 032),
 * its data is written from the approved proposal by draft.ts (`leaseFromProposal`), its signers
 * are plannedSigners (landlord, tenant, co-tenants, guarantor and spouse, witnesses), and its
 * sealing lets the offer go (alugada). Nothing here changed how a lease reads or is signed.
 */
export const lease: DocumentKind<StoredContractData> = {
  kind: LEASE,
  titleKey: "contract.kinds.locacao",
  // Written by draft.ts from the approved proposal, never handed in from outside.
  parse: (data) => data as StoredContractData,
  render: async (doc) => {
    const { bytes, sha256 } = await renderContract(doc.lease);
    return { bytes, sha256 };
  },
  signers: (doc) => plannedSigners(doc.lease),
  fileName: (numero, sealed) => (sealed ? `Contrato ${numero} - assinado.pdf` : `Contrato ${numero}.pdf`),
  // An offer the landlord closed meanwhile stays closed.
  sealed: async (c, row) => {
    await moveOffer(c, row.offer_id, "rent");
  },
};
