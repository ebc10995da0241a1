import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { z } from "zod";
import { signerIssue } from "../../../shared/contracts/contracts";
import { offerTitle, pacote } from "../../../shared/contracts/listings";
import {
  brazilDate,
  depositMonths,
  type Guarantor,
  type OfferRules,
  OPEN_PROPOSAL_STATUSES,
  type ProposalEventView,
  type ProposalStatus,
  type ProposalTerms,
  type ProposalView,
  type proposalAction,
  type proposalInput,
  termsIssue,
} from "../../../shared/contracts/proposals";
import { AppError, errorMessage } from "../../../shared/errors";
import { move, type Party, turnOf } from "../../../shared/proposal-machine";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import type { MailOutbox } from "../../mail/outbox";
import { proposalChanged } from "../../realtime/events";
import { moveOffer } from "../listings/lifecycle";
import type { ProfileService } from "../profile/service";
import { closeOpenProposals } from "./close";

type ProposalInputData = z.output<typeof proposalInput>;
type ActionData = z.output<typeof proposalAction>;

interface ProposalRow {
  id: string;
  offer_id: string;
  tenant_id: string;
  landlord_id: string;
  status: ProposalStatus;
  turn: Party | null;
  deadline: Date | null;
  aluguel: string;
  data_entrada: string;
  prazo_meses: number;
  garantia: string;
  caucao_meses: number | null;
  moradores: number;
  pets: boolean;
  renda: string;
  cotenants: { nome: string; cpf: string; email: string; renda: number }[];
  fiador: Guarantor | null;
  fiadores_recusados: string[];
  documentos: string[];
  documentos_solicitados: string[];
  mensagem: string;
  created_at: Date;
  updated_at: Date;
}

interface Notice {
  to: string;
  subject: string;
  lines: string[];
  /** Where the button leads: the landlord's screen or the tenant's. */
  path: string;
}

const tenantPath = (id: string) => `/PropostaEnviada?id=${id}`;
const landlordPath = (id: string) => `/AprovarProposta?id=${id}`;

const OPEN = OPEN_PROPOSAL_STATUSES as readonly string[];
const EXPIRY_LOCK = 724_310_004;
function termsOf(r: ProposalRow): ProposalTerms {
  return {
    aluguel: Number(r.aluguel),
    dataEntrada: r.data_entrada,
    prazoMeses: r.prazo_meses,
    garantia: r.garantia as ProposalTerms["garantia"],
    caucaoMeses: r.caucao_meses,
  };
}

interface OfferRulesRow {
  aluguel: string;
  garantias: string[];
  prazo_meses: number;
  caucao_meses: number | null;
}

const OFFER_RULES_COLUMNS = "aluguel, garantias, prazo_meses, caucao_meses";

const rulesOf = (o: OfferRulesRow): OfferRules => ({
  aluguel: Number(o.aluguel),
  garantias: o.garantias,
  prazoMeses: o.prazo_meses,
  caucaoMeses: o.caucao_meses,
});

/** What a counter-offer changed: { field: [before, after] } for each field that moved. */
function diff(before: ProposalTerms, after: ProposalTerms): Record<string, [unknown, unknown]> | null {
  const changes: Record<string, [unknown, unknown]> = {};
  for (const key of Object.keys(after) as (keyof ProposalTerms)[])
    if (before[key] !== after[key]) changes[key] = [before[key], after[key]];
  return Object.keys(changes).length > 0 ? changes : null;
}

export class ProposalsService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly profiles: ProfileService,
    private readonly outbox: MailOutbox,
    private readonly options: {
      deadlineHours: number;
      publicUrl: string;
      clock: Clock;
      /**
       * Runs in the approval's transaction: what must follow an approval (the contract's job) is
       * sent with it, so it cannot be lost between the commit and the work.
       */
      onApproved?: (c: pg.PoolClient, proposalId: string) => Promise<void>;
    },
  ) {}

  private deadline(from: Date): Date {
    return new Date(from.getTime() + this.options.deadlineHours * 3_600_000);
  }

  private tx<T>(work: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, work);
  }

  private async event(
    c: pg.PoolClient,
    proposalId: string,
    actor: Party | "system",
    type: string,
    changes?: unknown,
    detail?: string,
  ) {
    await c.query(
      "INSERT INTO proposal_events (id, proposal_id, actor, type, changes, detail) VALUES ($1, $2, $3, $4, $5, $6)",
      [randomUUID(), proposalId, actor, type, changes ? JSON.stringify(changes) : null, detail ?? null],
    );
    // Every step of a negotiation is one event, so this is where both parties hear of it.
    await proposalChanged(c, [proposalId]);
  }

  /** Queues the notices in the change's transaction: the outbox's job sends them after the commit. */
  private async send(c: pg.PoolClient, notices: Notice[]) {
    for (const n of notices)
      await this.outbox.queueNotice(c, n.to, {
        subject: n.subject,
        lines: n.lines,
        url: `${this.options.publicUrl}${n.path}`,
        action: "Ver a proposta",
      });
  }

  // --- create -------------------------------------------------------------------------------

  async create(tenantId: string, input: ProposalInputData): Promise<ProposalView> {
    const id = randomUUID();
    await this.tx(async (c) => {
      await this.profiles.requireComplete(tenantId, c);
      const { rows } = await c.query<
        {
          owner_id: string;
          status: string;
          garantias: string[];
          tipo: string;
          bairro: string;
        } & OfferRulesRow
      >(`SELECT owner_id, status, tipo, bairro, ${OFFER_RULES_COLUMNS} FROM offers WHERE id = $1 FOR SHARE`, [
        input.ofertaId,
      ]);
      const offer = rows[0];
      if (!offer || !["publicada", "reservada", "alugada"].includes(offer.status))
        throw new AppError("not-found");
      if (offer.owner_id === tenantId) throw new AppError("own-offer");
      if (offer.status !== "publicada") throw new AppError("offer-not-available");
      const rules = rulesOf(offer);
      this.checkTerms(input, rules, "");
      this.checkGuarantor(input.garantia, input.fiador, [], "fiador");
      await this.checkSigners(c, tenantId, offer.owner_id, input.cotenants, input.fiador);
      await this.checkDocuments(c, tenantId, input.documentos);
      try {
        await c.query(
          `INSERT INTO proposals (id, offer_id, tenant_id, landlord_id, status, turn, deadline, aluguel, data_entrada,
             prazo_meses, garantia, moradores, pets, renda, cotenants, documentos, mensagem, caucao_meses, fiador)
           VALUES ($1,$2,$3,$4,'enviada','landlord',$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17)`,
          [
            id,
            input.ofertaId,
            tenantId,
            offer.owner_id,
            this.deadline(this.options.clock.now()),
            input.aluguel,
            input.dataEntrada,
            input.prazoMeses,
            input.garantia,
            input.moradores,
            input.pets,
            input.renda,
            JSON.stringify(input.cotenants),
            input.documentos,
            input.mensagem,
            depositMonths(input.garantia, input.caucaoMeses, rules),
            input.fiador ? JSON.stringify(input.fiador) : null,
          ],
        );
      } catch (err) {
        if ((err as { code?: string }).code === "23505") throw new AppError("duplicate-proposal");
        throw err;
      }
      await this.share(c, id, offer.owner_id, input.documentos);
      await this.event(c, id, "tenant", "enviada", null, input.mensagem || undefined);
      const title = offerTitle(offer.tipo, offer.bairro);
      await this.send(c, [
        {
          to: offer.owner_id,
          subject: `Nova proposta: ${title}`,
          lines: [
            `Você recebeu uma proposta para ${title}.`,
            `Responda em até ${this.options.deadlineHours} horas.`,
          ],
          path: landlordPath(id),
        },
      ]);
    });
    return this.get(tenantId, id);
  }

  /**
   * The rules of decision 017 against the offer, on Brazil's date by the injected clock: the
   * first one broken is the answer, with the field it is about.
   */
  private checkTerms(terms: Parameters<typeof termsIssue>[0], offer: OfferRules, prefix: string) {
    const issue = termsIssue(terms, offer, brazilDate(this.options.clock.now()));
    if (issue)
      throw new AppError(issue.code, {
        issues: [{ path: `${prefix}${issue.path}`, message: errorMessage(issue.code) }],
      });
  }

  /** A guarantor exactly when the guarantee is fiador, and never one the landlord asked to replace. */
  private checkGuarantor(garantia: string, fiador: Guarantor | null, refused: string[], path: string) {
    const fail = (code: "guarantor-required" | "guarantor-not-expected" | "same-guarantor") => {
      throw new AppError(code, { issues: [{ path, message: errorMessage(code) }] });
    };
    if (garantia === "fiador" && !fiador) fail("guarantor-required");
    if (garantia !== "fiador" && fiador) fail("guarantor-not-expected");
    if (fiador && refused.includes(fiador.cpf)) fail("same-guarantor");
  }

  /**
   * The people the tenant names (co-tenants, guarantor) against each other and the two parties:
   * their own e-mails and CPFs, never the landlord's or the tenant's account e-mail.
   */
  private async checkSigners(
    c: pg.PoolClient,
    tenantId: string,
    landlordId: string,
    cotenants: { cpf: string; email: string }[],
    fiador: Guarantor | null,
  ) {
    const { rows } = await c.query<{ id: string; email: string; cpf: string | null }>(
      "SELECT u.id, u.email, p.cpf FROM users u LEFT JOIN profiles p ON p.user_id = u.id WHERE u.id = ANY($1::text[])",
      [[landlordId, tenantId]],
    );
    const parties = rows.map((r) => ({ email: r.email, cpf: r.cpf ?? `conta:${r.id}`, named: false }));
    const named = [
      ...cotenants.map((x, i) => ({ ...x, named: true, path: `cotenants.${i}` })),
      ...(fiador ? [{ ...fiador, named: true, path: "fiador" }] : []),
    ];
    const issue = signerIssue(
      [...parties, ...named],
      rows.map((r) => r.email),
    );
    if (!issue) return;
    const who = named[issue.index - parties.length];
    throw new AppError(issue.code, {
      issues: [{ path: `${who?.path ?? "fiador"}.${issue.path}`, message: errorMessage(issue.code) }],
    });
  }

  private async checkDocuments(c: pg.PoolClient, tenantId: string, ids: string[]) {
    if (ids.length === 0) return;
    const { rows } = await c.query<{ n: string }>(
      "SELECT count(*) AS n FROM documents WHERE id = ANY($1::uuid[]) AND owner_id = $2",
      [ids, tenantId],
    );
    if (Number(rows[0]?.n) !== new Set(ids).size) throw new AppError("invalid-document");
  }

  /** The proposal's documents become readable by the offer's owner, and by nobody else. */
  private async share(c: pg.PoolClient, proposalId: string, landlordId: string, ids: string[]) {
    if (ids.length === 0) return;
    await c.query(
      `INSERT INTO document_shares (document_id, user_id, reason)
       SELECT unnest($1::uuid[]), $2, $3 ON CONFLICT DO NOTHING`,
      [ids, landlordId, `proposta:${proposalId}`],
    );
  }

  // --- act ----------------------------------------------------------------------------------

  async act(
    userId: string,
    id: string,
    input: ActionData,
    now = this.options.clock.now(),
  ): Promise<ProposalView> {
    const notices: Notice[] = [];
    await this.tx(async (c) => {
      // The offer first, then the proposal: every path locks in this order, so two approvals of
      // the same offer queue on the offer and the second sees it reserved.
      const peek = await c.query<{ offer_id: string }>("SELECT offer_id FROM proposals WHERE id = $1", [id]);
      const offerId = peek.rows[0]?.offer_id;
      if (!offerId) throw new AppError("not-found");
      const offerRow = await c.query<{ status: string; tipo: string; bairro: string } & OfferRulesRow>(
        `SELECT status, tipo, bairro, ${OFFER_RULES_COLUMNS} FROM offers WHERE id = $1 FOR UPDATE`,
        [offerId],
      );
      const offer = offerRow.rows[0];
      const { rows } = await c.query<ProposalRow>("SELECT * FROM proposals WHERE id = $1 FOR UPDATE", [id]);
      const p = rows[0];
      if (!p || !offer) throw new AppError("not-found");
      const party: Party | null =
        p.tenant_id === userId ? "tenant" : p.landlord_id === userId ? "landlord" : null;
      if (!party) throw new AppError("not-found");
      const title = offerTitle(offer.tipo, offer.bairro);
      const result = move(p.status, party, input.action);
      if (!result.ok) throw new AppError(result.code);
      const next = result.next;
      const turn = turnOf(next);
      const deadline = turn ? this.deadline(now) : null;
      const other = party === "tenant" ? p.landlord_id : p.tenant_id;
      let terms = termsOf(p);
      let changes: Record<string, [unknown, unknown]> | null = null;
      let detail: string | undefined;
      let requested = p.documentos_solicitados;
      let documentos = p.documentos;
      let fiador = p.fiador;
      let refusedGuarantors = p.fiadores_recusados;

      const rules = rulesOf(offer);
      switch (input.action) {
        case "approve": {
          await this.profiles.requireComplete(userId, c);
          // Terms agreed days ago meet the rules again: the entry date may have passed meanwhile.
          this.checkTerms(terms, rules, "termos.");
          this.checkGuarantor(terms.garantia, fiador, refusedGuarantors, "fiador");
          break;
        }
        case "accept":
          this.checkTerms(terms, rules, "termos.");
          this.checkGuarantor(terms.garantia, fiador, refusedGuarantors, "fiador");
          break;
        case "request_guarantor": {
          if (terms.garantia !== "fiador" || !fiador) throw new AppError("guarantor-not-expected");
          refusedGuarantors = [...new Set([...refusedGuarantors, fiador.cpf])];
          changes = { fiador: [fiador.nome, null] };
          fiador = null;
          detail = input.motivo;
          break;
        }
        case "reject":
          detail = input.motivo;
          break;
        case "counter": {
          this.checkTerms(input.termos, rules, "termos.");
          // The landlord accepts the tenant's guarantor or asks for another; she never names one.
          if (party === "landlord" && input.fiador) throw new AppError("guarantor-not-expected");
          const nextGuarantor =
            input.termos.garantia !== "fiador"
              ? null
              : party === "tenant"
                ? (input.fiador ?? fiador)
                : fiador;
          if (party === "tenant") {
            this.checkGuarantor(input.termos.garantia, nextGuarantor, refusedGuarantors, "fiador");
            if (input.fiador)
              await this.checkSigners(c, p.tenant_id, p.landlord_id, p.cotenants, input.fiador);
          }
          if (nextGuarantor?.cpf !== fiador?.cpf) {
            changes = { fiador: [fiador?.nome ?? null, nextGuarantor?.nome ?? null] };
          }
          fiador = nextGuarantor;
          const proposed = {
            ...input.termos,
            caucaoMeses: depositMonths(input.termos.garantia, input.termos.caucaoMeses, rules),
          };
          changes = { ...diff(terms, proposed), ...changes };
          if (Object.keys(changes).length === 0) changes = null;
          terms = proposed;
          detail = input.mensagem || undefined;
          break;
        }
        case "request_documents":
          requested = input.documentos;
          detail = input.mensagem || undefined;
          break;
        case "send_documents": {
          await this.checkDocuments(c, p.tenant_id, input.documentos);
          documentos = [...new Set([...documentos, ...input.documentos])];
          await this.share(c, id, p.landlord_id, input.documentos);
          requested = [];
          break;
        }
        default:
          break;
      }

      await c.query(
        `UPDATE proposals SET status=$2, turn=$3, deadline=$4, aluguel=$5, data_entrada=$6, prazo_meses=$7, garantia=$8,
           documentos_solicitados=$9, documentos=$10, updated_at=$11, caucao_meses=$12, fiador=$13,
           fiadores_recusados=$14 WHERE id=$1`,
        [
          id,
          next,
          turn,
          deadline,
          terms.aluguel,
          terms.dataEntrada,
          terms.prazoMeses,
          terms.garantia,
          requested,
          documentos,
          now,
          terms.caucaoMeses,
          fiador ? JSON.stringify(fiador) : null,
          refusedGuarantors,
        ],
      );
      const eventType =
        input.action === "accept"
          ? "aceita"
          : input.action === "counter"
            ? "contraproposta"
            : input.action === "send_documents"
              ? "documentos_enviados"
              : input.action === "request_guarantor"
                ? "fiador_solicitado"
                : next;
      await this.event(
        c,
        id,
        party,
        eventType,
        input.action === "request_documents" ? { documentos: [null, requested] } : changes,
        detail,
      );

      const hours = this.options.deadlineHours;
      const lines: Record<string, string> = {
        aprovada: `A proposta para ${title} foi aprovada. O próximo passo é o contrato.`,
        recusada: `A proposta para ${title} foi recusada${detail ? `: ${detail}` : "."}`,
        contraproposta:
          input.action === "request_guarantor"
            ? `O proprietário pediu outro fiador para a proposta de ${title}${detail ? `: ${detail}` : "."} Indique outra pessoa em até ${hours} horas.`
            : `Há uma contraproposta para ${title}. Responda em até ${hours} horas.`,
        documentos_solicitados: `O proprietário pediu documentos para a proposta de ${title}. Envie em até ${hours} horas.`,
        enviada: `A proposta para ${title} está com você. Responda em até ${hours} horas.`,
        retirada: `A proposta para ${title} foi retirada pelo interessado.`,
      };
      notices.push({
        to: other,
        subject: `Proposta: ${title}`,
        lines: [lines[next] ?? `A proposta para ${title} mudou.`],
        path: party === "tenant" ? landlordPath(id) : tenantPath(id),
      });

      if (input.action === "approve") {
        await moveOffer(c, offerId, "reserve", "offer-not-available");
        const closed = await closeOpenProposals(c, offerId, "Outra proposta foi aprovada para esta oferta.", {
          exceptId: id,
          now,
        });
        for (const other of closed) {
          notices.push({
            to: other.tenant_id,
            subject: `Proposta encerrada: ${title}`,
            lines: [
              `Outra proposta foi aprovada para ${title}, e a sua foi encerrada. Há outras ofertas esperando por você.`,
            ],
            path: tenantPath(other.id),
          });
        }
        await this.options.onApproved?.(c, id);
      }
      await this.send(c, notices);
    });
    return this.get(userId, id);
  }

  // --- expiry -------------------------------------------------------------------------------

  /**
   * Expires every open proposal whose deadline passed by `now` and tells both sides. Runs on one
   * node at a time: the others find the advisory lock taken and skip this round.
   */
  async expireOverdue(now = this.options.clock.now()): Promise<number> {
    const expired = await this.tx(async (c) => {
      const notices: Notice[] = [];
      const { rows: lock } = await c.query<{ ok: boolean }>("SELECT pg_try_advisory_xact_lock($1) AS ok", [
        EXPIRY_LOCK,
      ]);
      if (!lock[0]?.ok) return [];
      const { rows } = await c.query<{ id: string; tenant_id: string; landlord_id: string; turn: string }>(
        `UPDATE proposals SET status = 'expirada', turn = NULL, deadline = NULL, updated_at = $1
         WHERE status = ANY($2::text[]) AND deadline < $1 RETURNING id, tenant_id, landlord_id, turn`,
        [now, OPEN],
      );
      for (const r of rows) {
        await this.event(
          c,
          r.id,
          "system",
          "expirada",
          null,
          `O prazo para ${r.turn === "landlord" ? "o proprietário" : "o interessado"} responder acabou.`,
        );
        const lines = ["O prazo de resposta de uma proposta acabou e ela expirou."];
        notices.push({ to: r.tenant_id, subject: "Proposta expirada", lines, path: tenantPath(r.id) });
        notices.push({ to: r.landlord_id, subject: "Proposta expirada", lines, path: landlordPath(r.id) });
      }
      await this.send(c, notices);
      return rows;
    });
    return expired.length;
  }

  // --- read ---------------------------------------------------------------------------------

  private async views(userId: string, where: string, params: unknown[]): Promise<ProposalView[]> {
    const { rows } = await this.pool.query<
      ProposalRow & {
        o_id: string;
        o_tipo: string;
        o_bairro: string;
        o_cidade: string;
        o_uf: string;
        o_total: string;
        o_aluguel: string;
        o_condominio: string;
        o_iptu: string;
        o_seguro: string;
        o_garantias: string[];
        o_prazo: number;
        o_caucao: number | null;
        o_capa: string | null;
        tenant_name: string;
        landlord_name: string;
      }
    >(
      `SELECT p.*, o.id AS o_id, o.tipo AS o_tipo, o.bairro AS o_bairro, o.cidade AS o_cidade, o.uf AS o_uf, o.total AS o_total,
         o.aluguel AS o_aluguel, o.condominio AS o_condominio, o.iptu AS o_iptu, o.seguro_incendio AS o_seguro,
         o.garantias AS o_garantias, o.prazo_meses AS o_prazo, o.caucao_meses AS o_caucao, o.capa AS o_capa,
         coalesce(tp.nome_completo, tu.name) AS tenant_name, lu.name AS landlord_name
       FROM proposals p JOIN offers o ON o.id = p.offer_id
       JOIN users tu ON tu.id = p.tenant_id LEFT JOIN profiles tp ON tp.user_id = p.tenant_id
       JOIN users lu ON lu.id = p.landlord_id
       WHERE ${where} ORDER BY p.updated_at DESC, p.id DESC LIMIT 500`,
      params,
    );
    if (rows.length === 0) return [];
    const events = await this.pool.query<{
      id: string;
      proposal_id: string;
      actor: string;
      type: string;
      changes: unknown;
      detail: string | null;
      created_at: Date;
    }>("SELECT * FROM proposal_events WHERE proposal_id = ANY($1::uuid[]) ORDER BY created_at, id", [
      rows.map((r) => r.id),
    ]);
    return rows.map((r) => {
      const role: Party = r.tenant_id === userId ? "tenant" : "landlord";
      const terms = termsOf(r);
      // The pacote at the proposed rent: the same fees over the rent being negotiated.
      const total = pacote({
        aluguel: terms.aluguel,
        condominio: Number(r.o_condominio),
        iptu: Number(r.o_iptu),
        seguroIncendio: Number(r.o_seguro),
      });
      const rendaTotal = Number(r.renda) + r.cotenants.reduce((s, c) => s + Number(c.renda), 0);
      return {
        id: r.id,
        status: r.status,
        turn: r.turn,
        deadline: r.deadline?.toISOString() ?? null,
        role,
        termos: terms,
        moradores: r.moradores,
        pets: r.pets,
        renda: Number(r.renda),
        cotenants: r.cotenants,
        fiador: r.fiador,
        rendaTotal,
        razaoRenda: total > 0 ? Math.round((rendaTotal / total) * 100) / 100 : 0,
        documentos: r.documentos,
        documentosSolicitados: r.documentos_solicitados,
        mensagem: r.mensagem,
        oferta: {
          id: r.o_id,
          titulo: offerTitle(r.o_tipo, r.o_bairro),
          bairro: r.o_bairro,
          cidade: r.o_cidade,
          uf: r.o_uf,
          tipo: r.o_tipo,
          total: Number(r.o_total),
          aluguel: Number(r.o_aluguel),
          garantias: r.o_garantias,
          prazoMeses: r.o_prazo,
          caucaoMeses: r.o_caucao,
          capa: r.o_capa,
        },
        inquilino: { nome: r.tenant_name },
        locador: { nome: r.landlord_name.trim().split(/\s+/)[0] ?? "" },
        createdAt: r.created_at.toISOString(),
        updatedAt: r.updated_at.toISOString(),
        events: events.rows
          .filter((e) => e.proposal_id === r.id)
          .map(
            (e): ProposalEventView => ({
              id: e.id,
              type: e.type,
              actor: e.actor as ProposalEventView["actor"],
              changes: (e.changes as ProposalEventView["changes"]) ?? null,
              detail: e.detail,
              createdAt: e.created_at.toISOString(),
            }),
          ),
      };
    });
  }

  /** A proposal for its tenant or its landlord; 404 for anyone else. */
  async get(userId: string, id: string): Promise<ProposalView> {
    const [view] = await this.views(userId, "p.id = $1 AND (p.tenant_id = $2 OR p.landlord_id = $2)", [
      id,
      userId,
    ]);
    if (!view) throw new AppError("not-found");
    return view;
  }

  async list(
    userId: string,
    q: { role?: Party | undefined; oferta?: string | undefined; status?: ProposalStatus | undefined },
  ): Promise<ProposalView[]> {
    const params: unknown[] = [userId];
    const where = [
      q.role === "tenant"
        ? "p.tenant_id = $1"
        : q.role === "landlord"
          ? "p.landlord_id = $1"
          : "(p.tenant_id = $1 OR p.landlord_id = $1)",
    ];
    if (q.oferta) {
      params.push(q.oferta);
      where.push(`p.offer_id = $${params.length}`);
    }
    if (q.status) {
      params.push(q.status);
      where.push(`p.status = $${params.length}`);
    }
    return this.views(userId, where.join(" AND "), params);
  }
}
