import type { SignerRole } from "../../../../shared/contracts/contracts";
import type { Queryable } from "../../../db/rows";
import type { ContractRow } from "../contracts.repository";
import { type ContractParty, representativesOf, type StoredContractData } from "../template";

/*
 * What a kind of document is to the document machine (decision 047): how its data becomes a PDF,
 * who signs it in which role, and what its sealing changes elsewhere. Everything else — the draft
 * row, the ceremony (built-in or Clicksign), the drawn signatures, the certificate of completion,
 * the PAdES seal and timestamp, the file owned by the contract, the views and the verification — is
 * the machine's, the same for every kind.
 */

/** The lease's kind, and the default of contracts.kind. */
export const LEASE = "locacao";

/** One person who signs, in signing order: their line in the PDF is the same index. */
export interface PlannedSigner {
  role: SignerRole;
  p: ContractParty;
  email: string;
  /** Named by a party (not an account holder): the signer rules of decision 017 check their identity. */
  named: boolean;
}

/**
 * A company party's representatives besides its account holder (issue 34), as signers of a
 * document `parties` sign, each with the words under its line: whatever a company signs, everyone
 * who must sign for it signs.
 */
export function representativeSigners(
  lease: Pick<StoredContractData, "locador" | "locatario">,
  parties: readonly ("locador" | "locatario")[] = ["locador", "locatario"],
): (PlannedSigner & { label: string })[] {
  return parties.flatMap((party) =>
    representativesOf(lease[party]).map((p) => ({
      role: "representante" as const,
      p,
      email: p.email,
      named: true,
      label: party === "locador" ? "PARTE LOCADORA" : "PARTE LOCATÁRIA",
    })),
  );
}

/** A document as its kind reads it. */
export interface DocumentSource<D> {
  /** This document's own number (contracts.numero). */
  numero: string;
  /** The day it was written (YYYY-MM-DD): fixed dates keep the bytes the same for the same data. */
  dataEmissao: string;
  /** The lease's parties, unit and terms (for the lease itself, the lease). */
  lease: StoredContractData;
  /** The kind's own data, as `parse` accepted it (for the lease, the lease). */
  data: D;
}

/** What a kind may read while rendering: the bytes of stored files its data names (a report's photos). */
export interface DocumentFiles {
  read(documentId: string): Promise<Buffer>;
}

export interface DocumentKind<D = unknown> {
  /** Stored in contracts.kind; "locacao" is the lease. */
  readonly kind: string;
  /** The locale key of its name ("contract.kinds.recibo"): e-mails and titles say it. */
  readonly titleKey: string;
  /** Checks the data a domain hands `createDocument` (a zod schema's parse); throws on bad data. */
  parse(data: unknown): D;
  /** The PDF (pdf-writer; `page.ts` draws the signature lines the stamps find) and its SHA-256. */
  render(doc: DocumentSource<D>, files: DocumentFiles): Promise<{ bytes: Uint8Array; sha256: string }>;
  /** Who signs, in order; the PDF's signature lines come in the same order. */
  signers(doc: DocumentSource<D>): PlannedSigner[];
  /** The file's name, before and after sealing. */
  fileName(numero: string, sealed: boolean): string;
  /**
   * The party who gives it, and so may cancel it while it is unsigned: the landlord for every kind
   * but one a tenant gives alone (a notice to leave). Default: the landlord.
   */
  giver?(doc: DocumentSource<D>): "locador" | "locatario";
  /** What its sealing changes elsewhere, in the seal's transaction (the lease: the offer is rented). */
  sealed?(c: Queryable, row: ContractRow): Promise<void>;
}
