import type { ContractRow } from "../contracts.repository";
import type { StoredContractData } from "../template";
import { aditivo } from "./aditivo";
import { denuncia } from "./denuncia";
import { type DocumentKind, type DocumentSource, LEASE } from "./kind";
import { lease } from "./lease";
import { recibo } from "./recibo";
import { rescisao } from "./rescisao";
import { vistoria } from "./vistoria";

/*
 * The kinds of document Chave asks people to sign (decision 047). A new kind is a folder beside
 * lease/ (its template, data and signers in a DocumentKind) plus its name and words in the
 * locales, and one entry in KINDS below; nothing in app.ts or another domain changes.
 */
// biome-ignore lint/suspicious/noExplicitAny: each kind keeps its own data type; the machine reads it through the kind.
const KINDS: DocumentKind<any>[] = [lease, vistoria, recibo, denuncia, aditivo, rescisao];

// biome-ignore lint/suspicious/noExplicitAny: as above.
const kinds = new Map<string, DocumentKind<any>>(KINDS.map((k) => [k.kind, k]));

/**
 * Makes a kind known to the machine at run time (a test's own kind; the product's are in KINDS).
 * Registering the same kind twice is a mistake unless it is the same object.
 */
export function registerDocumentKind<D>(kind: DocumentKind<D>): DocumentKind<D> {
  const known = kinds.get(kind.kind);
  if (known && known !== kind) throw new Error(`document kind "${kind.kind}" is registered already`);
  kinds.set(kind.kind, kind);
  return kind;
}

/** The kind a contracts row names; an unknown kind is a deployment error, not the user's. */
export function documentKind(kind: string): DocumentKind {
  const found = kinds.get(kind);
  if (!found) throw new Error(`unknown document kind "${kind}"`);
  return found;
}

/** What contracts.data holds for a later document: the lease's snapshot, and the kind's own data. */
export type StoredDocumentData = StoredContractData & {
  /** A later document's own data (absent for the lease). */
  documento?: unknown;
};

/** A row as its kind reads it. */
export function sourceOf(row: Pick<ContractRow, "kind" | "numero" | "data">): DocumentSource<unknown> {
  const data = row.data as StoredDocumentData;
  return {
    numero: row.numero,
    dataEmissao: data.dataEmissao,
    lease: data,
    data: row.kind === LEASE ? data : data.documento,
  };
}

/** The row's kind and its planned signers. */
export function plannedSignersOf(row: Pick<ContractRow, "kind" | "numero" | "data">) {
  return documentKind(row.kind).signers(sourceOf(row));
}

/** Who gives the document (and may cancel it unsigned): its kind's say, else the landlord. */
export function giverOf(row: Pick<ContractRow, "kind" | "numero" | "data">): "locador" | "locatario" {
  return documentKind(row.kind).giver?.(sourceOf(row)) ?? "locador";
}
