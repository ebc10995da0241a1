import { createHash, randomUUID } from "node:crypto";
import type pg from "pg";
import type { ContractEventType, ProviderEventType, SignerRole } from "../../../shared/contracts/contracts";
import { AppError } from "../../../shared/errors";
import type { Clock } from "../../clock";
import type { Queryable } from "../../db/rows";
import type { JobQueue } from "../../jobs/queue";
import type { NoticeGateway, NoticeText } from "../../mail/notice-gateway";
import type { MailOutbox } from "../../mail/outbox";
import { noticeMail } from "../../mail/templates";
import { mailWords } from "../../mail/words";
import { contractChanged } from "../../realtime/events";
import type { StorageService } from "../../storage/service";
import { insertEvent } from "./contract-events.repository";
import type { ContractRow } from "./contracts.repository";
import { findContract } from "./contracts.repository";
import { noteStoredFile } from "./documents/files";
import { LEASE } from "./documents/kind";
import { documentInvitation } from "./documents/notices";
import { giverOf } from "./documents/registry";
import { invitationText } from "./invitation";
import { CONTRACT_JOBS } from "./jobs";
import type { ClicksignProvider } from "./providers/clicksign";
import type { EnvelopeProvider } from "./providers/envelope";
import type { SealCertificate } from "./seal";

/*
 * What every contract operation shares: its dependencies, the contract it reads or locks, and the
 * two things each step does in its transaction (record an audit event, queue an e-mail). The SQL
 * is in the repositories (contracts, contract-signers, contract-events).
 */

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface ContractsLog {
  info(o: unknown, m: string): void;
  warn(o: unknown, m: string): void;
  error(o: unknown, m: string): void;
}

/** Told in the seal's transaction that a lease is signed by all and sealed. */
export type LeaseSealedListener = (c: Queryable, leaseId: string) => Promise<void>;
/** Hears of a later document sealed (its kind and lease), in the seal's transaction. */
export type DocumentSealedListener = (
  c: Queryable,
  doc: { id: string; kind: string; leaseId: string },
) => Promise<void>;

export interface ContractsContext {
  pool: pg.Pool;
  storage: StorageService;
  outbox: MailOutbox;
  /** The bell and each person's choice for contract notices (issue 16). */
  notices: NoticeGateway;
  /** Tells product analytics of a step (for people who consented; issue 17), after the commit. */
  track?: (userId: string, event: "contract_signed" | "contract_sealed") => Promise<void>;
  jobs: JobQueue;
  clock: Clock;
  seal: () => Promise<SealCertificate>;
  publicUrl: string;
  envelopeDays: number;
  codeIntervalSeconds: number;
  log: ContractsLog;
  /** The provider new envelopes go to (SIGNING_PROVIDER). */
  provider: EnvelopeProvider;
  /** Who hears of a lease sealed, in the seal's transaction (the rent: its first charges). */
  leaseSealed: LeaseSealedListener[];
  documentSealed: DocumentSealedListener[];
  /** Every provider this node can speak to, by name: a contract finishes with the one it began with. */
  providers: Map<string, EnvelopeProvider>;
  /** Clicksign's API, when configured: its webhook and signed files. */
  clicksign: ClicksignProvider | null;
}

/** The contracts' jobs, declared in ./jobs.ts (their payloads' schemas checked at send). */
export const JOBS = CONTRACT_JOBS;

export const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** The provider a contract was sent with. */
export function providerOf(ctx: ContractsContext, row: ContractRow): EnvelopeProvider {
  const provider = ctx.providers.get(row.provider);
  if (!provider) throw new AppError("signing-provider-failed");
  return provider;
}

/** The contract (locked, with `lock`), or not-found. */
export async function contractRow(c: Queryable, id: string, lock = false): Promise<ContractRow> {
  const row = await findContract(c, id, lock);
  if (!row) throw new AppError("not-found");
  return row;
}

/** The landlord's own contract, locked, or the error a stranger or the tenant gets. */
export async function landlordsContract(c: Queryable, userId: string, id: string): Promise<ContractRow> {
  const row = await contractRow(c, id, true);
  if (row.landlord_id !== userId) throw new AppError(row.tenant_id === userId ? "unauthorized" : "not-found");
  return row;
}

/**
 * The document, locked, when `userId` gives it (decision 047: the landlord, or the tenant for a
 * notice she gives): the other party is refused, anyone else told it does not exist.
 */
export async function giversContract(c: Queryable, userId: string, id: string): Promise<ContractRow> {
  const row = await contractRow(c, id, true);
  const giver = giverOf(row) === "locador" ? row.landlord_id : row.tenant_id;
  if (giver !== userId)
    throw new AppError(row.landlord_id === userId || row.tenant_id === userId ? "unauthorized" : "not-found");
  return row;
}

/** One line of the audit trail; every step but the private ones also refreshes both parties' screens. */
export async function recordEvent(
  c: Queryable,
  contractId: string,
  /** A step with words in the locales' contract.events (trailWords), so readers never see a code. */
  type: ContractEventType | ProviderEventType,
  opts: {
    signerId?: string | null;
    detail?: string | null;
    req?: RequestInfo;
    sha256?: string | null;
    externalId?: string;
  } = {},
): Promise<void> {
  await insertEvent(c, {
    id: randomUUID(),
    contract_id: contractId,
    signer_id: opts.signerId ?? null,
    type,
    detail: opts.detail ?? null,
    ip: opts.req?.ip ?? null,
    user_agent: opts.req?.userAgent?.slice(0, 300) ?? null,
    document_sha256: opts.sha256 ?? null,
    external_id: opts.externalId ?? null,
  });
  // Steps nobody else sees, and the code confirmation that always comes with "assinado".
  if (
    type !== "codigo_enviado" &&
    type !== "acesso_pela_conta" &&
    type !== "codigo_confirmado" &&
    type !== "codigo_incorreto"
  )
    await contractChanged(c, contractId, Boolean(opts.signerId));
}

/** A contract notice as data (decision 048): `notices.<text.key>`, and a button of its own if any. */
export interface KeyedNotice {
  text: NoticeText;
  url: string;
  /** `notices.<button>` when the button is not the notice's own (a guest's download). */
  button?: string;
}
/** A contract notice already worded in pt-BR (the lease's invitation and sealing, for now). */
export interface WordedNotice {
  subject: string;
  lines: string[];
  bell?: string[];
  url: string;
  action: string;
}

/**
 * Tells a contract notice in the caller's transaction (the outbox's job e-mails it after commit):
 * someone with an account gets it in the bell and by e-mail as they chose for contract steps, or
 * whatever they chose when `required` (a signature depends on it); anyone else by e-mail.
 */
export async function queueNotice(
  ctx: ContractsContext,
  c: Queryable,
  to: { email: string; nome: string },
  notice: KeyedNotice | WordedNotice,
  opts: { required?: boolean; path?: string } = {},
): Promise<void> {
  const path =
    opts.path ?? (notice.url.startsWith(ctx.publicUrl) ? notice.url.slice(ctx.publicUrl.length) : null);
  const told =
    path !== null &&
    (await ctx.notices.tellByEmail(
      c,
      "contract",
      to.email,
      "text" in notice
        ? { text: notice.text, button: notice.button, path, url: notice.url, required: opts.required }
        : {
            title: notice.subject,
            lines: notice.lines,
            ...(notice.bell ? { bell: notice.bell } : {}),
            path,
            url: notice.url,
            action: notice.action,
            required: opts.required,
          },
    ));
  if (!told) await mailOnly(ctx, c, to, notice);
}

/**
 * An e-mail and nothing else (a one-time code: a secret, never shown in the bell), in the language
 * of the account with that e-mail, pt-BR for anyone without one.
 */
export async function mailOnly(
  ctx: ContractsContext,
  c: Queryable,
  to: { email: string; nome: string },
  notice: KeyedNotice | WordedNotice,
): Promise<void> {
  const name = to.nome.split(" ")[0] ?? to.nome;
  if (!("text" in notice)) {
    await ctx.outbox.queue(c, to.email, noticeMail({ name, ...notice }));
    return;
  }
  const language = await ctx.outbox.languageOf(c, to.email);
  const words = mailWords(notice.text, notice.url, notice.button)(language);
  await ctx.outbox.queue(c, to.email, noticeMail({ name, language, ...words }));
}

/**
 * The personal signing link's e-mail (decision 044): who asks, the home, the signer's role and
 * what it means, and until when the link works. The same words reach the bell of a signer with an
 * account.
 */
export async function queueInvite(
  ctx: ContractsContext,
  c: Queryable,
  row: Pick<ContractRow, "id" | "numero" | "data" | "expires_at" | "kind">,
  to: { email: string; nome: string; role: SignerRole; cpf: string },
  token: string,
  /** A reminder that the envelope closes soon, rather than the first invitation. */
  reminder = false,
): Promise<void> {
  const url = signingUrl(ctx, row.id, token);
  // The lease's in the invitee's language (decision 048); a later document (a receipt, an
  // amendment) is asked for in its kind's words (decision 047).
  await queueNotice(
    ctx,
    c,
    to,
    row.kind === LEASE
      ? { text: invitationText(row.data, row.numero, to, row.expires_at, reminder), url }
      : { ...documentInvitation(row, to, reminder), url },
    // The bell leads to the contract without the personal link (the account signs as itself).
    { required: true, path: `/Clicksign?contrato=${row.id}` },
  );
}

/**
 * A notice's button for a signer: the contract's screen for someone with an account; for a guest
 * (a guarantor, witness or spouse with no account), the contract's PDF (sealed once sealed), which
 * opens without one — never a sign-in wall.
 */
export function buttonFor(
  ctx: ContractsContext,
  signer: { user_id: string | null },
  row: Pick<ContractRow, "document_id" | "sealed_document_id">,
  url: string,
): { url: string; button?: string } {
  const file = row.sealed_document_id ?? row.document_id;
  if (signer.user_id || !file) return { url };
  return {
    url: `${ctx.publicUrl}${ctx.storage.signedUrl(file, "attachment", 30 * 86_400).url}`,
    button: "contract.download",
  };
}

/** A signer's personal link: it opens the contract without an account. */
export const signingUrl = (ctx: Pick<ContractsContext, "publicUrl">, contractId: string, token: string) =>
  `${ctx.publicUrl}/Clicksign?contrato=${contractId}&token=${token}`;

/**
 * Stores a contract PDF under the landlord's account, readable by the tenant, and owned by the
 * contract: no party can change or delete it (decision 034).
 */
export async function storeContractPdf(
  ctx: ContractsContext,
  c: Queryable,
  row: Pick<ContractRow, "id" | "landlord_id" | "tenant_id">,
  bytes: Uint8Array,
  sha256: string,
  fileName: string,
): Promise<string> {
  const id = await ctx.storage.storeGenerated(c, {
    ownerId: row.landlord_id,
    kind: "contrato",
    folder: `contratos/${row.id}`,
    fileName,
    contentType: "application/pdf",
    bytes,
    sha256,
    readers: [{ userId: row.tenant_id, reason: `contrato:${row.id}` }],
    contractId: row.id,
  });
  // Its bytes leave the store if this transaction rolls back (documents/files.ts).
  noteStoredFile(c, id);
  return id;
}
