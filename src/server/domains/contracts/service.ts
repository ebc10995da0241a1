import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from "node:crypto";
import type pg from "pg";
import type { z } from "zod";
import {
  CODE_MAX_ATTEMPTS,
  CODE_TTL_MINUTES,
  type ContractStatus,
  type ContractView,
  type contractReview,
  type refuseInput,
  type SignerStatus,
  type signInput,
} from "../../../shared/contracts/contracts";
import { normalizeText, UNIT_TYPE_NAMES, type UnitType } from "../../../shared/contracts/listings";
import { AppError, type ErrorCode } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import type { Mailer } from "../../mail/mailer";
import { noticeMail } from "../../mail/templates";
import { contractChanged } from "../../realtime/events";
import type { StorageService } from "../../storage/service";
import type { EnvelopeRef, EnvelopeSigner, SignerRole, SigningProvider } from "./providers/types";
import { appendCompletionCertificate, type SealCertificate, sealPdf } from "./seal";
import { type ContractData, type ContractParty, renderContract } from "./template";
import { verifySealedPdf } from "./verify";

type Review = z.output<typeof contractReview>;
type SignData = z.output<typeof signInput>;
type RefuseData = z.output<typeof refuseInput>;

interface ContractRow {
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

interface SignerRow {
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
  code_verified_at: Date | null;
  signed_at: Date | null;
  refused_reason: string | null;
  provider_ref: string | null;
}

export interface RequestInfo {
  ip: string | null;
  userAgent: string | null;
}

/** An external envelope's references, kept as "envelope/document" in contracts.provider_ref. */
function envelopeRef(row: ContractRow): EnvelopeRef {
  const [envelopeId, documentId] = (row.provider_ref ?? "").split("/");
  if (!envelopeId || !documentId) throw new AppError("signing-provider-failed");
  return { envelopeId, documentId };
}

const sha = (s: string) => createHash("sha256").update(s).digest("hex");
const ROLE_LABEL: Record<string, string> = {
  locador: "LOCADOR(A)",
  locatario: "LOCATÁRIO(A)",
  colocatario: "COLOCATÁRIO(A)",
  fiador: "FIADOR(A)",
  testemunha: "TESTEMUNHA",
};
function fmt(d: Date): string {
  return d.toLocaleString("pt-BR", {
    timeZone: "America/Sao_Paulo",
    dateStyle: "short",
    timeStyle: "medium",
  });
}

/**
 * Contracts: written on approval, reviewed by the landlord, signed by every party through
 * personal links and e-mailed codes, then sealed. Links are bearer secrets kept only as hashes.
 */
export class ContractsService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly storage: StorageService,
    private readonly mailer: Mailer,
    private readonly seal: () => Promise<SealCertificate>,
    private readonly options: {
      publicUrl: string;
      envelopeDays: number;
      codeIntervalSeconds: number;
      log: { error(o: unknown, m: string): void; warn(o: unknown, m: string): void };
      /** An external provider (Clicksign) for new envelopes; without it, the built-in one. */
      provider?: SigningProvider;
    },
  ) {}

  /** The provider a contract was sent with, when it is an external one. */
  private external(row: ContractRow): SigningProvider | null {
    if (row.provider === "builtin") return null;
    const provider = this.options.provider;
    if (!provider || provider.name !== row.provider) throw new AppError("signing-provider-failed");
    return provider;
  }

  private tx<T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }

  private async event(
    c: pg.PoolClient | pg.Pool,
    contractId: string,
    type: string,
    opts: {
      signerId?: string | null;
      detail?: string | null;
      req?: RequestInfo;
      sha256?: string | null;
      externalId?: string;
    } = {},
  ) {
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
    if (type !== "codigo_enviado" && type !== "acesso_pela_conta" && type !== "codigo_confirmado")
      await contractChanged(c, contractId, Boolean(opts.signerId));
  }

  private async mail(
    to: string,
    name: string,
    subject: string,
    lines: string[],
    url: string,
    action: string,
  ) {
    try {
      await this.mailer.sendMail(
        to,
        noticeMail({ name: name.split(" ")[0] ?? name, subject, lines, url, action }),
      );
    } catch (err) {
      this.options.log.error({ err, subject }, "could not e-mail a contract notice");
    }
  }

  /** Writes the PDF of `data` as a document of the landlord's, readable by the tenant. */
  private async storePdf(
    c: pg.PoolClient,
    row: { id: string; landlord_id: string; tenant_id: string },
    bytes: Uint8Array,
    sha256: string,
    name: string,
  ) {
    const id = randomUUID();
    await this.storage.store.put(id, Buffer.from(bytes));
    await c.query(
      `INSERT INTO documents (id, owner_id, kind, folder, file_name, content_type, size, sha256)
       VALUES ($1, $2, 'contrato', $3, $4, 'application/pdf', $5, $6)`,
      [id, row.landlord_id, `contratos/${row.id}`, name, bytes.length, sha256],
    );
    await c.query(
      "INSERT INTO document_shares (document_id, user_id, reason) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
      [id, row.tenant_id, `contrato:${row.id}`],
    );
    return id;
  }

  // --- creation and review ------------------------------------------------------------------

  /** Called once a proposal is approved: gathers the parties and terms, writes the draft. */
  async createForProposal(proposalId: string): Promise<string> {
    return this.tx(async (c) => {
      const existing = await c.query<{ id: string }>("SELECT id FROM contracts WHERE proposal_id = $1", [
        proposalId,
      ]);
      if (existing.rows[0]) return existing.rows[0].id;
      const { rows } = await c.query<Record<string, unknown>>(
        `SELECT p.*, o.condominio, o.iptu, o.seguro_incendio, o.reajuste, o.caucao_meses AS offer_caucao,
           u.tipo AS u_tipo, u.logradouro AS u_logradouro, u.numero AS u_numero, u.complemento AS u_complemento,
           u.bairro AS u_bairro, u.cidade AS u_cidade, u.uf AS u_uf, u.cep AS u_cep, u.matricula AS u_matricula,
           row_to_json(lp.*) AS lp, row_to_json(tp.*) AS tp, lu.email AS l_email, tu.email AS t_email
         FROM proposals p JOIN offers o ON o.id = p.offer_id JOIN units u ON u.id = o.unit_id
         JOIN profiles lp ON lp.user_id = p.landlord_id JOIN profiles tp ON tp.user_id = p.tenant_id
         JOIN users lu ON lu.id = p.landlord_id JOIN users tu ON tu.id = p.tenant_id
         WHERE p.id = $1 AND p.status = 'aprovada'`,
        [proposalId],
      );
      const r = rows[0];
      if (!r) throw new AppError("not-found");
      const party = (p: Record<string, string | null>, email: string): ContractParty & { email: string } => ({
        nome: p.nome_completo ?? "",
        cpf: p.cpf ?? "",
        nacionalidade: p.nacionalidade ?? undefined,
        estadoCivil: p.estado_civil ?? undefined,
        profissao: p.profissao ?? undefined,
        rg: p.rg ?? undefined,
        endereco: `${p.logradouro}, ${p.numero}${p.complemento ? `, ${p.complemento}` : ""}, ${p.bairro}, ${p.cidade} – ${p.uf}, CEP ${String(p.cep).replace(/^(\d{5})(\d{3})$/, "$1-$2")}`,
        email,
      });
      const id = randomUUID();
      const numero = `${new Date().getFullYear()}-${randomBytes(3).toString("hex").toUpperCase()}`;
      const garantia = r.garantia as ContractData["termos"]["garantia"];
      const data: ContractData & { emails: { locador: string; locatario: string } } = {
        numero,
        dataEmissao: new Date().toISOString().slice(0, 10),
        locador: party(r.lp as Record<string, string | null>, r.l_email as string),
        locatario: party(r.tp as Record<string, string | null>, r.t_email as string),
        colocatarios: (r.cotenants as { nome: string; cpf: string; email: string }[]).map((x) => ({
          nome: x.nome,
          cpf: x.cpf,
          email: x.email,
        })),
        fiador: null,
        testemunhas: [],
        imovel: {
          tipo: UNIT_TYPE_NAMES[r.u_tipo as UnitType] ?? "Imóvel",
          endereco: `${r.u_logradouro}, ${r.u_numero}${r.u_complemento ? `, ${r.u_complemento}` : ""}, ${r.u_bairro}, ${r.u_cidade} – ${r.u_uf}, CEP ${String(r.u_cep).replace(/^(\d{5})(\d{3})$/, "$1-$2")}`,
          cidade: r.u_cidade as string,
          uf: r.u_uf as string,
          matricula: (r.u_matricula as string) ?? "",
        },
        termos: {
          aluguel: Number(r.aluguel),
          condominio: Number(r.condominio),
          iptu: Number(r.iptu),
          seguroIncendio: Number(r.seguro_incendio),
          dataInicio: String(r.data_entrada),
          prazoMeses: Number(r.prazo_meses),
          reajuste: r.reajuste as string,
          garantia,
          caucaoMeses: garantia === "caucao" ? Number(r.offer_caucao ?? 1) : null,
          diaVencimento: 10,
        },
        emails: { locador: r.l_email as string, locatario: r.t_email as string },
      };
      const { bytes, sha256 } = await renderContract(data);
      const row = { id, landlord_id: r.landlord_id as string, tenant_id: r.tenant_id as string };
      await c.query(
        `INSERT INTO contracts (id, numero, proposal_id, offer_id, landlord_id, tenant_id, status, data, sha256)
         VALUES ($1,$2,$3,$4,$5,$6,'rascunho',$7,$8)`,
        [id, numero, proposalId, r.offer_id, r.landlord_id, r.tenant_id, JSON.stringify(data), sha256],
      );
      const documentId = await this.storePdf(c, row, bytes, sha256, `Contrato ${numero}.pdf`);
      await c.query("UPDATE contracts SET document_id = $2 WHERE id = $1", [id, documentId]);
      await this.event(c, id, "gerado", { sha256 });
      return id;
    });
  }

  private async row(c: pg.PoolClient | pg.Pool, id: string, lock = false): Promise<ContractRow> {
    const { rows } = await c.query<ContractRow>(
      `SELECT * FROM contracts WHERE id = $1${lock ? " FOR UPDATE" : ""}`,
      [id],
    );
    if (!rows[0]) throw new AppError("not-found");
    return rows[0];
  }

  /** The landlord adds the guarantor and witnesses, and picks the order; the PDF is written again. */
  async review(userId: string, id: string, input: Review): Promise<ContractView> {
    await this.tx(async (c) => {
      const row = await this.row(c, id, true);
      if (row.landlord_id !== userId)
        throw new AppError(row.tenant_id === userId ? "unauthorized" : "not-found");
      if (row.status !== "rascunho") throw new AppError("contract-not-editable");
      if (row.data.termos.garantia === "fiador" && !input.fiador) throw new AppError("guarantor-required");
      const data = {
        ...row.data,
        fiador: row.data.termos.garantia === "fiador" ? input.fiador : null,
        testemunhas: input.testemunhas,
      };
      const { bytes, sha256 } = await renderContract(data);
      const documentId = await this.storePdf(c, row, bytes, sha256, `Contrato ${row.numero}.pdf`);
      const old = row.document_id;
      await c.query(
        "UPDATE contracts SET data = $2, sha256 = $3, document_id = $4, sequential = $5, updated_at = now() WHERE id = $1",
        [id, JSON.stringify(data), sha256, documentId, input.sequencial],
      );
      if (old) await c.query("DELETE FROM documents WHERE id = $1", [old]);
      await this.event(c, id, "revisado", { sha256 });
    });
    return this.get(userId, id);
  }

  /** Sends the contract for signing: one personal link a signer, e-mailed. */
  async send(userId: string, id: string, req: RequestInfo): Promise<ContractView> {
    const invites: { email: string; nome: string; token: string; role: string }[] = [];
    await this.tx(async (c) => {
      const row = await this.row(c, id, true);
      if (row.landlord_id !== userId)
        throw new AppError(row.tenant_id === userId ? "unauthorized" : "not-found");
      if (row.status !== "rascunho") throw new AppError("contract-not-editable");
      const d = row.data;
      if (d.termos.garantia === "fiador" && !d.fiador) throw new AppError("guarantor-required");
      const signers: { role: string; p: ContractParty & { email?: string }; userId: string | null }[] = [
        { role: "locador", p: d.locador, userId: row.landlord_id },
        { role: "locatario", p: d.locatario, userId: row.tenant_id },
        ...d.colocatarios.map((p) => ({ role: "colocatario", p, userId: null })),
        ...(d.fiador ? [{ role: "fiador", p: d.fiador, userId: null }] : []),
        ...d.testemunhas.map((p) => ({ role: "testemunha", p, userId: null })),
      ];
      const provider = this.options.provider ?? null;
      const envelope: EnvelopeSigner[] = [];
      for (const [position, s] of signers.entries()) {
        // The built-in provider signs through our links; an external one sends its own.
        const token = provider ? null : randomBytes(32).toString("base64url");
        const email = s.p.email ?? (s.role === "locador" ? d.emails.locador : d.emails.locatario);
        const signerId = randomUUID();
        await c.query(
          `INSERT INTO contract_signers (id, contract_id, role, position, nome, cpf, email, user_id, token_hash)
           VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9)`,
          [signerId, id, s.role, position, s.p.nome, s.p.cpf, email, s.userId, token ? sha(token) : null],
        );
        envelope.push({
          id: signerId,
          role: s.role as SignerRole,
          position,
          nome: s.p.nome,
          cpf: s.p.cpf,
          email,
        });
        if (token) invites.push({ email, nome: s.p.nome, token, role: s.role });
      }
      const { rows } = await c.query<{ expires_at: Date }>(
        `UPDATE contracts SET status = 'enviado', provider = $3, expires_at = now() + make_interval(days => $2), updated_at = now()
         WHERE id = $1 RETURNING expires_at`,
        [id, this.options.envelopeDays, provider?.name ?? "builtin"],
      );
      if (provider && row.document_id) {
        // Under the row lock: if Clicksign fails, the transaction rolls back and nothing was sent.
        await this.openEnvelope(c, provider, row, envelope, rows[0]?.expires_at ?? new Date());
      }
      await this.event(c, id, "enviado", {
        req,
        sha256: row.sha256,
        detail: provider ? `via ${provider.name}` : null,
      });
    });
    const row = await this.row(this.pool, id);
    const first = row.sequential ? invites.slice(0, 1) : invites;
    for (const invite of first) await this.invite(row, invite);
    return this.get(userId, id);
  }

  private async openEnvelope(
    c: pg.PoolClient,
    provider: SigningProvider,
    row: ContractRow,
    signers: EnvelopeSigner[],
    expiresAt: Date,
  ) {
    const pdf = await this.readAll(row.document_id as string);
    const ref = await provider.create({
      contractId: row.id,
      numero: row.numero,
      fileName: `Contrato ${row.numero}.pdf`,
      pdf,
      sequential: row.sequential,
      expiresAt,
    });
    try {
      const keys = await provider.addSigners(ref, signers, row.sequential);
      for (const [signerId, key] of keys)
        await c.query("UPDATE contract_signers SET provider_ref = $2 WHERE id = $1", [signerId, key]);
      await c.query("UPDATE contracts SET provider_ref = $2 WHERE id = $1", [
        row.id,
        `${ref.envelopeId}/${ref.documentId}`,
      ]);
      await provider.send(ref, `Assine o contrato de locação nº ${row.numero}.`);
    } catch (err) {
      // Do not leave a half-made envelope behind at the provider.
      await provider.cancel(ref).catch(() => undefined);
      throw err;
    }
  }

  private async invite(row: ContractRow, i: { email: string; nome: string; token: string }) {
    await this.mail(
      i.email,
      i.nome,
      `Assine o contrato de locação nº ${row.numero}`,
      [
        `Você foi indicado(a) para assinar o contrato de locação nº ${row.numero}.`,
        "Abra o link, leia o documento, confirme sua identidade com o código que enviaremos por e-mail e assine.",
        "Este link é pessoal: não o encaminhe.",
      ],
      `${this.options.publicUrl}/Clicksign?contrato=${row.id}&token=${i.token}`,
      "Ler e assinar",
    );
  }

  /** The landlord sends a signer a new link (the old one stops working); at most once in 5 minutes. */
  async resend(userId: string, id: string, signerId: string, req: RequestInfo): Promise<ContractView> {
    const invite = await this.tx(async (c) => {
      const row = await this.row(c, id, true);
      if (row.landlord_id !== userId)
        throw new AppError(row.tenant_id === userId ? "unauthorized" : "not-found");
      if (row.status !== "enviado") throw new AppError("contract-not-editable");
      const { rows } = await c.query<SignerRow>(
        "SELECT * FROM contract_signers WHERE id = $1 AND contract_id = $2",
        [signerId, id],
      );
      const signer = rows[0];
      if (!signer) throw new AppError("not-found");
      if (signer.status === "assinado" || signer.status === "recusado")
        throw new AppError("contract-not-editable");
      const recent = await c.query(
        "SELECT 1 FROM contract_events WHERE signer_id = $1 AND type = 'reenviado' AND created_at > now() - interval '5 minutes'",
        [signerId],
      );
      if (recent.rowCount) throw new AppError("resend-rate-limited");
      const provider = this.external(row);
      if (provider) {
        if (!signer.provider_ref) throw new AppError("signing-provider-failed");
        await provider.send(
          envelopeRef(row),
          `Lembrete: assine o contrato nº ${row.numero}.`,
          signer.provider_ref,
        );
        await this.event(c, id, "reenviado", { signerId, req, detail: `via ${provider.name}` });
        return null;
      }
      const token = randomBytes(32).toString("base64url");
      await c.query("UPDATE contract_signers SET token_hash = $2 WHERE id = $1", [signerId, sha(token)]);
      await this.event(c, id, "reenviado", { signerId, req });
      return { row, invite: { email: signer.email, nome: signer.nome, token } };
    });
    if (invite) await this.invite(invite.row, invite.invite);
    return this.get(userId, id);
  }

  /**
   * A signer with an account signs while signed in: a fresh personal link for themselves only
   * (the one e-mailed stops working), still confirmed by the e-mailed code.
   */
  async myLink(userId: string, id: string, req: RequestInfo): Promise<{ token: string }> {
    return this.tx(async (c) => {
      const row = await this.row(c, id, true);
      const { rows } = await c.query<SignerRow>(
        "SELECT * FROM contract_signers WHERE contract_id = $1 AND user_id = $2 AND status IN ('pendente', 'visualizado') FOR UPDATE",
        [id, userId],
      );
      const signer = rows[0];
      if (!signer)
        throw new AppError(
          row.landlord_id === userId || row.tenant_id === userId ? "invalid-signing-link" : "not-found",
        );
      if (row.status !== "enviado") throw new AppError("invalid-signing-link");
      if (row.provider !== "builtin") throw new AppError("signing-at-provider");
      const token = randomBytes(32).toString("base64url");
      await c.query("UPDATE contract_signers SET token_hash = $2 WHERE id = $1", [signer.id, sha(token)]);
      await this.event(c, id, "acesso_pela_conta", { signerId: signer.id, req });
      return { token };
    });
  }

  /** The landlord cancels with a reason: the links stop working and every signer is told. */
  async cancel(userId: string, id: string, motivo: string, req: RequestInfo): Promise<ContractView> {
    const signers = await this.tx(async (c) => {
      const row = await this.row(c, id, true);
      if (row.landlord_id !== userId)
        throw new AppError(row.tenant_id === userId ? "unauthorized" : "not-found");
      if (row.status !== "rascunho" && row.status !== "enviado") throw new AppError("contract-not-editable");
      const provider = row.status === "enviado" ? this.external(row) : null;
      // The provider first: if it cannot stop the envelope, nothing changes here either.
      if (provider) await provider.cancel(envelopeRef(row));
      await c.query("UPDATE contracts SET status = 'cancelado', updated_at = now() WHERE id = $1", [id]);
      await this.event(c, id, "cancelado", { req, detail: motivo, sha256: row.sha256 });
      const { rows } = await c.query<SignerRow>("SELECT * FROM contract_signers WHERE contract_id = $1", [
        id,
      ]);
      return { row, rows };
    });
    for (const s of signers.rows)
      await this.mail(
        s.email,
        s.nome,
        `Contrato nº ${signers.row.numero} cancelado`,
        [
          `O proprietário cancelou o contrato: ${motivo}`,
          "O link de assinatura que você recebeu não vale mais.",
        ],
        `${this.options.publicUrl}/AluguelHistorico`,
        "Ver histórico",
      );
    return this.get(userId, id);
  }

  // --- the ceremony -------------------------------------------------------------------------

  private async signerByToken(
    c: pg.PoolClient | pg.Pool,
    contractId: string,
    token: string,
    lock = false,
  ): Promise<{ row: ContractRow; signer: SignerRow }> {
    if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError("invalid-signing-link");
    const { rows } = await c.query<SignerRow>(
      `SELECT * FROM contract_signers WHERE contract_id = $1 AND token_hash = $2${lock ? " FOR UPDATE" : ""}`,
      [contractId, sha(token)],
    );
    const signer = rows[0];
    if (!signer) throw new AppError("invalid-signing-link");
    const row = await this.row(c, contractId, lock);
    const expired = row.expires_at !== null && row.expires_at.getTime() < Date.now();
    if (row.status !== "enviado" || expired || signer.status === "assinado" || signer.status === "recusado")
      throw new AppError("invalid-signing-link");
    return { row, signer };
  }

  /** What a signer sees through their link; the first look is recorded. */
  async ceremony(contractId: string, token: string, req: RequestInfo) {
    const { row, signer } = await this.signerByToken(this.pool, contractId, token);
    if (signer.status === "pendente") {
      await this.pool.query(
        "UPDATE contract_signers SET status = 'visualizado' WHERE id = $1 AND status = 'pendente'",
        [signer.id],
      );
      await this.event(this.pool, row.id, "visualizado", { signerId: signer.id, req, sha256: row.sha256 });
    }
    const link = row.document_id ? this.storage.signedUrl(row.document_id, "inline") : null;
    return {
      contrato: { id: row.id, numero: row.numero, sha256: row.sha256, documentUrl: link?.url ?? null },
      signatario: {
        papel: signer.role,
        nome: signer.nome,
        email: signer.email.replace(/^(.).*(@.*)$/, "$1***$2"),
      },
      vez: await this.isTurn(this.pool, row, signer),
    };
  }

  private async isTurn(c: pg.PoolClient | pg.Pool, row: ContractRow, signer: SignerRow): Promise<boolean> {
    if (!row.sequential) return true;
    const { rows } = await c.query<{ n: string }>(
      "SELECT count(*) AS n FROM contract_signers WHERE contract_id = $1 AND position < $2 AND status <> 'assinado'",
      [row.id, signer.position],
    );
    return Number(rows[0]?.n) === 0;
  }

  /** E-mails a 6-digit code, valid 10 minutes: at most one a minute. */
  async sendCode(
    contractId: string,
    token: string,
    req: RequestInfo,
  ): Promise<{ sentTo: string; expiresAt: string }> {
    const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
    const { signer, expiresAt } = await this.tx(async (c) => {
      const { row, signer } = await this.signerByToken(c, contractId, token, true);
      if (
        signer.code_expires_at &&
        signer.code_expires_at.getTime() - CODE_TTL_MINUTES * 60_000 >
          Date.now() - this.options.codeIntervalSeconds * 1000
      )
        throw new AppError("code-rate-limited");
      const expiresAt = new Date(Date.now() + CODE_TTL_MINUTES * 60_000);
      await c.query(
        "UPDATE contract_signers SET code_hash = $2, code_expires_at = $3, code_attempts = 0, code_verified_at = NULL WHERE id = $1",
        [signer.id, sha(`${signer.id}:${code}`), expiresAt],
      );
      await this.event(c, row.id, "codigo_enviado", { signerId: signer.id, req });
      return { signer, expiresAt };
    });
    await this.mail(
      signer.email,
      signer.nome,
      `Seu código para assinar: ${code}`,
      [
        `Use o código ${code} para confirmar sua identidade. Ele vale por ${CODE_TTL_MINUTES} minutos.`,
        "Se não foi você quem pediu, ignore este e-mail.",
      ],
      `${this.options.publicUrl}/Clicksign?contrato=${contractId}`,
      "Voltar ao contrato",
    );
    return { sentTo: signer.email.replace(/^(.).*(@.*)$/, "$1***$2"), expiresAt: expiresAt.toISOString() };
  }

  /**
   * Checks the code; five wrong tries lock it until a new one is asked for. A wrong try is counted
   * in the caller's transaction, which must then commit (so the answer is returned, not thrown).
   */
  private async checkCode(c: pg.PoolClient, signer: SignerRow, code: string): Promise<ErrorCode | null> {
    if (!signer.code_hash || !signer.code_expires_at) return "invalid-code";
    if (signer.code_attempts >= CODE_MAX_ATTEMPTS) return "code-locked";
    if (signer.code_expires_at.getTime() < Date.now()) return "code-expired";
    const given = Buffer.from(sha(`${signer.id}:${code}`), "hex");
    const expected = Buffer.from(signer.code_hash, "hex");
    if (timingSafeEqual(given, expected)) return null;
    await c.query("UPDATE contract_signers SET code_attempts = code_attempts + 1 WHERE id = $1", [signer.id]);
    return signer.code_attempts + 1 >= CODE_MAX_ATTEMPTS ? "code-locked" : "invalid-code";
  }

  async sign(
    contractId: string,
    token: string,
    input: SignData,
    req: RequestInfo,
  ): Promise<{ status: ContractStatus }> {
    const result = await this.tx(async (c) => {
      const { row, signer } = await this.signerByToken(c, contractId, token, true);
      const failure = await this.checkCode(c, signer, input.codigo);
      if (failure) return { failure, row, remaining: -1 };
      if (normalizeText(input.nome) !== normalizeText(signer.nome) || input.cpf !== signer.cpf)
        throw new AppError("identity-mismatch");
      if (!(await this.isTurn(c, row, signer))) throw new AppError("not-signing-turn");
      await c.query(
        "UPDATE contract_signers SET status = 'assinado', signed_at = now(), code_hash = NULL, token_hash = token_hash, signature_image = $2 WHERE id = $1",
        [signer.id, input.assinatura ?? null],
      );
      await this.event(c, row.id, "codigo_confirmado", { signerId: signer.id, req });
      await this.event(c, row.id, "assinado", { signerId: signer.id, req, sha256: row.sha256 });
      const { rows } = await c.query<{ n: string }>(
        "SELECT count(*) AS n FROM contract_signers WHERE contract_id = $1 AND status <> 'assinado'",
        [row.id],
      );
      return { failure: null, row, remaining: Number(rows[0]?.n) };
    });
    if (result.failure) throw new AppError(result.failure);
    if (result.remaining === 0) {
      await this.complete(result.row.id);
      return { status: "assinado" };
    }
    if (result.row.sequential) await this.inviteNext(result.row);
    return { status: "enviado" };
  }

  private async inviteNext(row: ContractRow) {
    // A new token for the next signer in order: the first invitation went only to the first.
    const { rows } = await this.pool.query<SignerRow>(
      "SELECT * FROM contract_signers WHERE contract_id = $1 AND status <> 'assinado' ORDER BY position LIMIT 1",
      [row.id],
    );
    const next = rows[0];
    if (!next) return;
    const token = randomBytes(32).toString("base64url");
    await this.pool.query("UPDATE contract_signers SET token_hash = $2 WHERE id = $1", [next.id, sha(token)]);
    await this.invite(row, { email: next.email, nome: next.nome, token });
  }

  async refuse(
    contractId: string,
    token: string,
    input: RefuseData,
    req: RequestInfo,
  ): Promise<{ status: ContractStatus }> {
    const notify = await this.tx(async (c) => {
      const { row, signer } = await this.signerByToken(c, contractId, token, true);
      const failure = await this.checkCode(c, signer, input.codigo);
      if (failure) return { failure, row, signer, rows: [] as { email: string; nome: string }[] };
      await c.query(
        "UPDATE contract_signers SET status = 'recusado', refused_reason = $2, code_hash = NULL WHERE id = $1",
        [signer.id, input.motivo],
      );
      await c.query("UPDATE contracts SET status = 'recusado', updated_at = now() WHERE id = $1", [row.id]);
      await this.event(c, row.id, "recusado", {
        signerId: signer.id,
        req,
        detail: input.motivo,
        sha256: row.sha256,
      });
      const { rows } = await c.query<{ email: string; nome: string }>(
        "SELECT email, nome FROM contract_signers WHERE contract_id = $1 AND id <> $2",
        [row.id, signer.id],
      );
      return { failure: null as ErrorCode | null, row, signer, rows };
    });
    if (notify.failure) throw new AppError(notify.failure);
    for (const other of notify.rows)
      await this.mail(
        other.email,
        other.nome,
        `Contrato nº ${notify.row.numero} recusado`,
        [
          `${notify.signer.nome} recusou a assinatura: ${input.motivo}`,
          "O envelope foi encerrado e nenhuma outra assinatura será coletada.",
        ],
        `${this.options.publicUrl}/AluguelHistorico`,
        "Ver histórico",
      );
    return { status: "recusado" };
  }

  /** Everyone signed: certificate of completion, seal, the offer becomes alugada, everyone is told. */
  async complete(contractId: string): Promise<void> {
    const row = await this.row(this.pool, contractId);
    if (row.status !== "enviado" || !row.document_id || !row.sha256) return;
    const signers = (
      await this.pool.query<SignerRow>(
        "SELECT * FROM contract_signers WHERE contract_id = $1 ORDER BY position",
        [contractId],
      )
    ).rows;
    const events = (
      await this.pool.query<{ type: string; created_at: Date; ip: string | null; nome: string | null }>(
        `SELECT e.type, e.created_at, e.ip, s.nome FROM contract_events e LEFT JOIN contract_signers s ON s.id = e.signer_id
         WHERE e.contract_id = $1 ORDER BY e.created_at`,
        [contractId],
      )
    ).rows;
    const original = await this.readAll(row.document_id);
    const withCertificate = await appendCompletionCertificate(original, {
      numero: row.numero,
      sha256: row.sha256,
      signers: signers.map((s) => ({
        papel: ROLE_LABEL[s.role] ?? s.role,
        nome: s.nome,
        cpf: s.cpf,
        email: s.email,
        assinadoEm: s.signed_at ? fmt(s.signed_at) : null,
      })),
      events: events.map((e) => ({
        quando: fmt(e.created_at),
        quem: e.nome ?? "Chave",
        evento: e.type.replace("_", " "),
        ip: e.ip,
      })),
    });
    const sealed = await sealPdf(withCertificate, await this.seal());
    await this.finish(row, sealed);
  }

  /**
   * Stores the signed and sealed file (ours, or the provider's), marks the contract signed and
   * the offer rented, and sends every signer the final PDF. Runs once: a second call finds the
   * contract no longer "enviado".
   */
  private async finish(row: ContractRow, sealed: Uint8Array, externalId?: string): Promise<boolean> {
    const contractId = row.id;
    const sealedSha = createHash("sha256").update(sealed).digest("hex");
    const sealedId = await this.tx(async (c) => {
      const locked = await this.row(c, contractId, true);
      if (locked.status !== "enviado") return null;
      const id = await this.storePdf(c, row, sealed, sealedSha, `Contrato ${row.numero} - assinado.pdf`);
      await c.query(
        "UPDATE contracts SET status = 'assinado', sealed_document_id = $2, sealed_sha256 = $3, updated_at = now() WHERE id = $1",
        [contractId, id, sealedSha],
      );
      await c.query(
        "UPDATE offers SET status = 'alugada', updated_at = now() WHERE id = $1 AND status = 'reservada'",
        [row.offer_id],
      );
      await this.event(c, contractId, "selado", {
        sha256: sealedSha,
        externalId,
        detail: row.provider === "builtin" ? null : `arquivo assinado pela ${row.provider}`,
      });
      return id;
    });
    if (!sealedId) return false;
    const signers = (
      await this.pool.query<SignerRow>(
        "SELECT * FROM contract_signers WHERE contract_id = $1 ORDER BY position",
        [contractId],
      )
    ).rows;
    for (const s of signers) {
      const url = s.user_id
        ? `${this.options.publicUrl}/ViewDocument?id=${sealedId}`
        : `${this.options.publicUrl}${this.storage.signedUrl(sealedId, "attachment", 30 * 86_400).url}`;
      await this.mail(
        s.email,
        s.nome,
        `Contrato nº ${row.numero} assinado por todos`,
        ["Todas as partes assinaram. O contrato foi selado digitalmente."],
        url,
        "Baixar o contrato",
      );
    }
    return true;
  }

  // --- an external provider's webhook -------------------------------------------------------

  /**
   * A webhook delivery from the external provider: checked against its HMAC, then applied once
   * (a replay finds its id already recorded). Unknown documents and events are acknowledged and
   * ignored, so the provider stops retrying them.
   */
  async webhook(
    rawBody: Buffer,
    headers: Record<string, string | string[] | undefined>,
    req: RequestInfo,
  ): Promise<{ handled: boolean; duplicate?: boolean }> {
    const provider = this.options.provider;
    if (!provider) throw new AppError("not-found");
    const ev = provider.webhook(rawBody, headers);
    if (ev.type === "ignored" || !ev.documentKey) return { handled: false };
    const found = await this.pool.query<ContractRow>(
      "SELECT * FROM contracts WHERE provider = $1 AND split_part(provider_ref, '/', 2) = $2",
      [provider.name, ev.documentKey],
    );
    const row = found.rows[0];
    if (!row) return { handled: false };
    const seen = await this.pool.query("SELECT 1 FROM contract_events WHERE external_id = $1", [ev.id]);
    if (seen.rowCount) return { handled: false, duplicate: true };
    const origin: RequestInfo = { ip: req.ip, userAgent: `${provider.name} webhook` };
    try {
      if (ev.type === "closed") {
        if (row.status !== "enviado") return { handled: false, duplicate: row.status === "assinado" };
        // Fetched before the transaction: if the provider fails, we answer 502 and it retries.
        const signed = await provider.download(envelopeRef(row));
        return { handled: await this.finish(row, signed, ev.id) };
      }
      const notify = await this.tx(async (c) => {
        const locked = await this.row(c, row.id, true);
        const signer = ev.signer
          ? (
              await c.query<SignerRow>(
                `SELECT * FROM contract_signers WHERE contract_id = $1 AND (provider_ref = $2 OR lower(email) = $3)
                 ORDER BY (provider_ref = $2) DESC NULLS LAST LIMIT 1 FOR UPDATE`,
                [row.id, ev.signer.key, ev.signer.email],
              )
            ).rows[0]
          : undefined;
        const at =
          ev.occurredAt && !Number.isNaN(Date.parse(ev.occurredAt)) ? new Date(ev.occurredAt) : new Date();
        if (ev.type === "signed") {
          if (!signer) return null;
          await c.query(
            "UPDATE contract_signers SET status = 'assinado', signed_at = $2 WHERE id = $1 AND status <> 'assinado'",
            [signer.id, at],
          );
          await this.event(c, row.id, "assinado", {
            signerId: signer.id,
            req: origin,
            sha256: locked.sha256,
            externalId: ev.id,
          });
          return null;
        }
        if (locked.status !== "enviado") {
          await this.event(c, row.id, `${provider.name}_${ev.name}`, { req: origin, externalId: ev.id });
          return null;
        }
        if (ev.type === "refused") {
          if (signer)
            await c.query(
              "UPDATE contract_signers SET status = 'recusado', refused_reason = $2 WHERE id = $1",
              [signer.id, ev.reason ?? "Recusado na Clicksign"],
            );
          await c.query("UPDATE contracts SET status = 'recusado', updated_at = now() WHERE id = $1", [
            row.id,
          ]);
          await this.event(c, row.id, "recusado", {
            signerId: signer?.id ?? null,
            req: origin,
            detail: ev.reason,
            sha256: locked.sha256,
            externalId: ev.id,
          });
          return { who: signer?.nome ?? "Um signatário", reason: ev.reason ?? "sem motivo informado" };
        }
        // Cancelled at the provider, or its deadline passed before everyone signed.
        await c.query("UPDATE contracts SET status = 'cancelado', updated_at = now() WHERE id = $1", [
          row.id,
        ]);
        await this.event(c, row.id, "cancelado", {
          req: origin,
          detail: ev.type === "expired" ? "prazo de assinatura encerrado" : `cancelado na ${provider.name}`,
          externalId: ev.id,
        });
        return null;
      });
      if (notify) {
        const { rows } = await this.pool.query<{ email: string; nome: string }>(
          "SELECT email, nome FROM contract_signers WHERE contract_id = $1 AND status <> 'recusado'",
          [row.id],
        );
        for (const other of rows)
          await this.mail(
            other.email,
            other.nome,
            `Contrato nº ${row.numero} recusado`,
            [`${notify.who} recusou a assinatura: ${notify.reason}`, "O envelope foi encerrado."],
            `${this.options.publicUrl}/AluguelHistorico`,
            "Ver histórico",
          );
      }
      return { handled: true };
    } catch (err) {
      // The same delivery twice at once: the unique external_id lets only one through.
      if ((err as { code?: string }).code === "23505") return { handled: false, duplicate: true };
      throw err;
    }
  }

  private async readAll(documentId: string): Promise<Uint8Array> {
    const chunks: Buffer[] = [];
    for await (const chunk of await this.storage.store.read(documentId)) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  /**
   * For a document the user may read: whether it is a sealed contract, and if so whether its seal
   * is valid and its bytes are the ones recorded when it was sealed.
   */
  async verifyDocument(userId: string, documentId: string) {
    const doc = await this.storage.readable(userId, documentId);
    const { rows } = await this.pool.query<ContractRow>(
      "SELECT * FROM contracts WHERE sealed_document_id = $1",
      [documentId],
    );
    const row = rows[0];
    if (!row) return { sealed: false as const, kind: doc.kind };
    const bytes = Buffer.from(await this.readAll(documentId));
    const verdict = verifySealedPdf(bytes);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    return {
      sealed: true as const,
      numero: row.numero,
      intact: sha256 === row.sealed_sha256 && verdict.coversWholeFile,
      signatureValid: verdict.signatureValid,
      signer: verdict.signer,
      signedAt: verdict.signedAt,
      sha256,
      problem: verdict.problem,
    };
  }

  // --- reading ------------------------------------------------------------------------------

  async get(userId: string, id: string): Promise<ContractView> {
    const row = await this.row(this.pool, id);
    const signers = (
      await this.pool.query<SignerRow>(
        "SELECT * FROM contract_signers WHERE contract_id = $1 ORDER BY position",
        [id],
      )
    ).rows;
    const role =
      row.landlord_id === userId
        ? "landlord"
        : row.tenant_id === userId
          ? "tenant"
          : signers.some((s) => s.user_id === userId)
            ? "signer"
            : null;
    if (!role) throw new AppError("not-found");
    return this.view(row, signers, role, userId);
  }

  async listFor(userId: string): Promise<ContractView[]> {
    const { rows } = await this.pool.query<ContractRow>(
      "SELECT * FROM contracts WHERE landlord_id = $1 OR tenant_id = $1 ORDER BY updated_at DESC LIMIT 200",
      [userId],
    );
    const views: ContractView[] = [];
    for (const row of rows) {
      const signers = (
        await this.pool.query<SignerRow>(
          "SELECT * FROM contract_signers WHERE contract_id = $1 ORDER BY position",
          [row.id],
        )
      ).rows;
      views.push(await this.view(row, signers, row.landlord_id === userId ? "landlord" : "tenant", userId));
    }
    return views;
  }

  private async view(
    row: ContractRow,
    signers: SignerRow[],
    role: ContractView["role"],
    userId: string,
  ): Promise<ContractView> {
    const own = signers.find((s) => s.user_id === userId);
    const events = (
      await this.pool.query<{
        type: string;
        created_at: Date;
        ip: string | null;
        nome: string | null;
        detail: string | null;
      }>(
        `SELECT e.type, e.created_at, e.ip, e.detail, s.nome FROM contract_events e LEFT JOIN contract_signers s ON s.id = e.signer_id
         WHERE e.contract_id = $1 ORDER BY e.created_at`,
        [row.id],
      )
    ).rows;
    return {
      id: row.id,
      numero: row.numero,
      status: row.status,
      provider: row.provider,
      sequencial: row.sequential,
      role,
      documentId: row.document_id,
      sha256: row.sha256,
      sealedDocumentId: row.sealed_document_id,
      sealedSha256: row.sealed_sha256,
      garantia: row.data.termos.garantia,
      proposalId: row.proposal_id,
      offerId: row.offer_id,
      titulo: `${row.data.imovel.tipo} – ${row.data.imovel.endereco}`,
      signers: signers.map((s) => ({
        id: s.id,
        papel: s.role,
        nome: s.nome,
        email: s.email,
        status: s.status,
        assinadoEm: s.signed_at?.toISOString() ?? null,
        motivo: s.refused_reason,
      })),
      events: events.map((e) => ({
        type: e.type,
        quem: e.nome,
        ip: role === "landlord" || role === "tenant" ? e.ip : null,
        createdAt: e.created_at.toISOString(),
        detail: e.detail,
      })),
      expiresAt: row.expires_at?.toISOString() ?? null,
      createdAt: row.created_at.toISOString(),
      mine: own ? (own.status === "pendente" || own.status === "visualizado" ? "pending" : "done") : null,
    };
  }
}
