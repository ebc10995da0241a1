import { createHash, randomUUID } from "node:crypto";
import type pg from "pg";
import type { ContractStatus, SignerStatus } from "../../../shared/contracts/contracts";
import { AppError } from "../../../shared/errors";
import type { Clock } from "../../clock";
import type { JobQueue } from "../../jobs/queue";
import type { MailOutbox } from "../../mail/outbox";
import { noticeMail } from "../../mail/templates";
import { contractChanged } from "../../realtime/events";
import type { StorageService } from "../../storage/service";
import type { ClicksignProvider } from "./providers/clicksign";
import type { EnvelopeProvider } from "./providers/envelope";
import type { SealCertificate } from "./seal";
import type { ContractData } from "./template";

/*
 * What every contract operation shares: its dependencies, the rows it reads, and the two things
 * each step does in its transaction (record an audit event, queue an e-mail).
 */

export type Queryable = Pick<pg.PoolClient, "query">;

export interface ContractRow {
  id: string;
  numero: string;
  proposal_id: string;
  offer_id: string;
  landlord_id: string;
  tenant_id: string;
  status: ContractStatus;
  provider: string;
  sequential: boolean;
  data: ContractData & { emails: { locador: string; locatario: string } };
  document_id: string | null;
  sha256: string | null;
  sealed_document_id: string | null;
  sealed_sha256: string | null;
  provider_ref: string | null;
  expires_at: Date | null;
  created_at: Date;
}

export interface SignerRow {
  id: string;
  contract_id: string;
  role: string;
  position: number;
  nome: string;
  cpf: string;
  email: string;
  user_id: string | null;
  token_hash: string | null;
  status: SignerStatus;
  code_hash: string | null;
  code_expires_at: Date | null;
  code_attempts: number;
  code_failures: number;
  blocked_at: Date | null;
  code_verified_at: Date | null;
  signed_at: Date | null;
  refused_reason: string | null;
  provider_ref: string | null;
}

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
}

export interface ContractsLog {
  info(o: unknown, m: string): void;
  warn(o: unknown, m: string): void;
  error(o: unknown, m: string): void;
}

export interface ContractsContext {
  pool: pg.Pool;
  storage: StorageService;
  outbox: MailOutbox;
  jobs: JobQueue;
  clock: Clock;
  seal: () => Promise<SealCertificate>;
  publicUrl: string;
  envelopeDays: number;
  codeIntervalSeconds: number;
  log: ContractsLog;
  /** The provider new envelopes go to (SIGNING_PROVIDER). */
  provider: EnvelopeProvider;
  /** Every provider this node can speak to, by name: a contract finishes with the one it began with. */
  providers: Map<string, EnvelopeProvider>;
  /** Clicksign's API, when configured: its webhook and signed files. */
  clicksign: ClicksignProvider | null;
}

export const JOBS = {
  draft: "contract.draft",
  seal: "contract.seal",
  providerClosed: "contract.provider-closed",
} as const;

export const sha = (s: string) => createHash("sha256").update(s).digest("hex");

/** The provider a contract was sent with. */
export function providerOf(ctx: ContractsContext, row: ContractRow): EnvelopeProvider {
  const provider = ctx.providers.get(row.provider);
  if (!provider) throw new AppError("signing-provider-failed");
  return provider;
}

export async function contractRow(c: Queryable | pg.Pool, id: string, lock = false): Promise<ContractRow> {
  const { rows } = await c.query<ContractRow>(
    `SELECT * FROM contracts WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
    [id],
  );
  if (!rows[0]) throw new AppError("not-found");
  return rows[0];
}

export async function signersOf(c: Queryable | pg.Pool, contractId: string): Promise<SignerRow[]> {
  const { rows } = await c.query<SignerRow>(
    "SELECT * FROM contract_signers WHERE contract_id = $1 ORDER BY position",
    [contractId],
  );
  return rows;
}

/** The landlord's own contract, locked, or the error a stranger or the tenant gets. */
export async function landlordsContract(c: Queryable, userId: string, id: string): Promise<ContractRow> {
  const row = await contractRow(c, id, true);
  if (row.landlord_id !== userId) throw new AppError(row.tenant_id === userId ? "unauthorized" : "not-found");
  return row;
}

/** One line of the audit trail; every step but the private ones also refreshes both parties' screens. */
export async function recordEvent(
  c: Queryable,
  contractId: string,
  type: string,
  opts: {
    signerId?: string | null;
    detail?: string | null;
    req?: RequestInfo;
    sha256?: string | null;
    externalId?: string;
  } = {},
): Promise<void> {
  await c.query(
    `INSERT INTO contract_events (id, contract_id, signer_id, type, detail, ip, user_agent, document_sha256, external_id)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
    [
      randomUUID(),
      contractId,
      opts.signerId ?? null,
      type,
      opts.detail ?? null,
      opts.req?.ip ?? null,
      opts.req?.userAgent?.slice(0, 300) ?? null,
      opts.sha256 ?? null,
      opts.externalId ?? null,
    ],
  );
  // Steps nobody else sees, and the code confirmation that always comes with "assinado".
  if (
    type !== "codigo_enviado" &&
    type !== "acesso_pela_conta" &&
    type !== "codigo_confirmado" &&
    type !== "codigo_incorreto"
  )
    await contractChanged(c, contractId, Boolean(opts.signerId));
}

/** Queues a contract notice in the caller's transaction (sent by the outbox's job after commit). */
export async function queueNotice(
  ctx: ContractsContext,
  c: Queryable,
  to: { email: string; nome: string },
  notice: { subject: string; lines: string[]; url: string; action: string },
): Promise<void> {
  await ctx.outbox.queue(c, to.email, noticeMail({ name: to.nome.split(" ")[0] ?? to.nome, ...notice }));
}

/** The personal signing link's e-mail. */
export async function queueInvite(
  ctx: ContractsContext,
  c: Queryable,
  row: Pick<ContractRow, "id" | "numero">,
  to: { email: string; nome: string },
  token: string,
): Promise<void> {
  await queueNotice(ctx, c, to, {
    subject: `Assine o contrato de locação nº ${row.numero}`,
    lines: [
      `Você foi indicado(a) para assinar o contrato de locação nº ${row.numero}.`,
      "Abra o link, leia o documento, confirme sua identidade com o código que enviaremos por e-mail e assine.",
      "Este link é pessoal: não o encaminhe.",
    ],
    url: `${ctx.publicUrl}/Clicksign?contrato=${row.id}&token=${token}`,
    action: "Ler e assinar",
  });
}

/** Stores a contract PDF as the landlord's document, readable by the tenant. */
export function storeContractPdf(
  ctx: ContractsContext,
  c: Queryable,
  row: Pick<ContractRow, "id" | "landlord_id" | "tenant_id">,
  bytes: Uint8Array,
  sha256: string,
  fileName: string,
): Promise<string> {
  return ctx.storage.storeGenerated(c, {
    ownerId: row.landlord_id,
    kind: "contrato",
    folder: `contratos/${row.id}`,
    fileName,
    contentType: "application/pdf",
    bytes,
    sha256,
    readers: [{ userId: row.tenant_id, reason: `contrato:${row.id}` }],
  });
}
