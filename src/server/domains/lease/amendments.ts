import { randomUUID } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import type { z } from "zod";
import type { ContractStatus } from "../../../shared/contracts/contracts";
import {
  AMENDMENT_ANSWER_DAYS,
  AMENDMENT_EFFECT_MAX_DAYS,
  type LeaseAmendments,
  type LeaseAmendmentView,
  type leaseAmendmentAnswer,
  type leaseAmendmentInput,
} from "../../../shared/contracts/lease";
import { brazilDate, MAX_COTENANTS } from "../../../shared/contracts/proposals";
import { AppError, type ErrorCode, errorMessage } from "../../../shared/errors";
import { termFits } from "../../../shared/lease/amendments";
import { plusDays } from "../../../shared/rent/calendar";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import type { NoticeGateway } from "../../mail/notice-gateway";
import { rentChanged } from "../../realtime/events";
import type { RequestInfo } from "../contracts/context";
import { AMENDMENT_KIND, type AmendmentData } from "../contracts/documents/aditivo";
import { cotenantParty, guarantorParty } from "../contracts/parties";
import { checkSignerIdentities, plannedSigners } from "../contracts/signers";
import { partyName } from "../contracts/template";
import { dueDayOf, rentOn, termMonthsOf } from "../rent/lease-money";
import { adjustmentsOfLease } from "../rent/rent.repository";
import {
  type AmendmentRecord,
  amendmentOfLease,
  amendmentsOfLease,
  answerAmendment,
  expireLapsed,
  insertAmendment,
} from "./amendments.repository";
import { type LeaseRow, leaseOfParty } from "./lease.repository";
import type { LeaseDeps } from "./service";

/*
 * Amendments (termo aditivo, issue 33 item 1): either party proposes a change of the lease's terms;
 * the other accepts, refuses or counters within AMENDMENT_ANSWER_DAYS (as a proposal's
 * negotiation: each counter is the next proposal, the countered one kept on the timeline); on
 * acceptance the termo aditivo is written and sent to its signers in the same transaction, and once
 * sealed the lease follows it (documents/aditivo). One amendment is open, or awaiting signatures,
 * at a time. Only the lease's two parties see any of it; anyone else is told it does not exist.
 */

export type AmendmentDeps = LeaseDeps & { notices: Pick<NoticeGateway, "tell"> };

type Party = "locador" | "locatario";
type Before = LeaseAmendmentView["antes"];
type Changes = z.output<typeof leaseAmendmentInput>["mudancas"];

/** A document not yet signed nor dropped: its amendment still holds the lease's turn. */
const PENDING_DOCUMENT = new Set(["rascunho", "enviado", "selando"]);

const dateBR = (d: string) => d.split("-").reverse().join("/");

export class AmendmentsService {
  constructor(private readonly deps: AmendmentDeps) {}

  private today() {
    return brazilDate(this.deps.clock.now());
  }

  /** The terms in force today, as an amendment's "before". */
  private async termsNow(c: Queryable, lease: LeaseRow): Promise<Before & { inicio: string }> {
    const today = this.today();
    const d = lease.data;
    return {
      aluguel: rentOn(lease, await adjustmentsOfLease(c, lease.id), today),
      prazoMeses: termMonthsOf(lease),
      diaVencimento: dueDayOf(lease, today.slice(0, 7)),
      garantia: d.termos.garantia,
      colocatarios: d.colocatarios.map((p) => ({ cpf: p.cpf, nome: p.nome })),
      fiador: d.termos.garantia === "fiador" && d.fiador ? { cpf: d.fiador.cpf, nome: d.fiador.nome } : null,
      inicio: d.termos.dataInicio,
    };
  }

  /** The lease's amendments and what the reader may do about them. */
  async list(userId: string, id: string): Promise<LeaseAmendments> {
    await withTransaction(this.deps.pool, (c) => expireLapsed(c, id, this.deps.clock.now()));
    const { lease, papel } = await leaseOfParty(this.deps.pool, userId, id);
    const rows = await amendmentsOfLease(this.deps.pool, id);
    return {
      papel,
      atual: await this.termsNow(this.deps.pool, lease),
      podePropor: !lease.data.encerramento && !rows.some(holdsTheTurn),
      aditivos: rows.map(view).reverse(),
    };
  }

  /** A party proposes a change (or, with `counters`, answers one with another). */
  async propose(
    userId: string,
    id: string,
    input: z.output<typeof leaseAmendmentInput>,
    counters: string | null = null,
  ): Promise<LeaseAmendments> {
    await withTransaction(this.deps.pool, async (c) => {
      const now = this.deps.clock.now();
      const { lease, papel } = await leaseOfParty(c, userId, id, true);
      if (lease.data.encerramento) throw new AppError("lease-ended");
      await expireLapsed(c, id, now);
      let named: Changes | undefined;
      if (counters) {
        const countered = await amendmentOfLease(c, id, counters);
        if (!countered) throw new AppError("not-found");
        if (countered.status !== "aberta") throw new AppError("lease-amendment-closed");
        if (countered.proposed_by === papel) throw new AppError("lease-amendment-not-yours");
        await answerAmendment(c, counters, "contraproposta", input.motivo, now);
        named = countered.changes;
      }
      if ((await amendmentsOfLease(c, id)).some(holdsTheTurn)) throw new AppError("lease-amendment-exists");
      if (papel === "locador") keepsTenantsPeople(input.mudancas, named);
      const before = await this.termsNow(c, lease);
      await this.check(c, lease, before, input);
      const { inicio: _, ...antes } = before;
      await insertAmendment(c, {
        id: randomUUID(),
        lease_id: id,
        proposed_by: papel,
        changes: input.mudancas,
        before: antes,
        effective: input.efeito,
        reason: input.motivo,
        answer_by: new Date(now.getTime() + AMENDMENT_ANSWER_DAYS * 86_400_000),
        counters,
        created_at: now,
      });
      const other = papel === "locador" ? lease.tenant_id : lease.landlord_id;
      await this.tell(c, lease, other, "amendment_proposed", {
        quem: partyName(papel === "locador" ? lease.data.locador : lease.data.locatario),
        efeito: dateBR(input.efeito),
        prazo: dateBR(brazilDate(new Date(now.getTime() + AMENDMENT_ANSWER_DAYS * 86_400_000))),
      });
      await rentChanged(c, id, [], [lease.landlord_id, lease.tenant_id]);
    });
    return this.list(userId, id);
  }

  /** The rules a change must keep, on the lease as it stands today. */
  private async check(
    c: Queryable,
    lease: LeaseRow,
    before: Before & { inicio: string },
    input: z.output<typeof leaseAmendmentInput>,
  ) {
    const today = this.today();
    const m = input.mudancas;
    if (
      input.efeito < today ||
      input.efeito > plusDays(today, AMENDMENT_EFFECT_MAX_DAYS) ||
      input.efeito < before.inicio
    )
      throw new AppError("lease-amendment-effect");
    if (
      m.prazoMeses !== undefined &&
      (m.prazoMeses === before.prazoMeses || !termFits(before.inicio, m.prazoMeses, input.efeito))
    )
      throw new AppError("lease-amendment-term");
    if (m.diaVencimento !== undefined && m.diaVencimento === before.diaVencimento)
      throw new AppError("lease-amendment-due-day");
    if (m.saemColocatarios?.some((cpf) => !before.colocatarios.some((c) => c.cpf === cpf)))
      throw new AppError("lease-amendment-cotenant");
    if (m.garantia !== undefined && m.garantia === before.garantia)
      throw new AppError("lease-amendment-guarantee");
    // Another guarantor alone replaces the one of the fiança in force; there must be one.
    if (m.fiador && m.garantia === undefined && before.garantia !== "fiador")
      throw new AppError("lease-amendment-guarantor", {
        issues: [issue("mudancas.fiador", "lease-amendment-guarantor")],
      });
    if (m.entraColocatario) {
      const after = before.colocatarios.length - (m.saemColocatarios?.length ?? 0) + 1;
      if (after > MAX_COTENANTS)
        throw new AppError("too-many-cotenants", {
          issues: [issue("mudancas.entraColocatario", "too-many-cotenants")],
        });
    }
    await checkNewPeople(c, lease, m);
  }

  /**
   * The other party accepts (the termo aditivo written and sent to its signers, in the same
   * transaction) or refuses an open amendment; its proposer may withdraw it.
   */
  async answer(
    userId: string,
    id: string,
    amendmentId: string,
    input: z.output<typeof leaseAmendmentAnswer>,
    req: RequestInfo,
  ): Promise<LeaseAmendments> {
    await withTransaction(this.deps.pool, async (c) => {
      const now = this.deps.clock.now();
      const { lease, papel } = await leaseOfParty(c, userId, id, true);
      await expireLapsed(c, id, now);
      const a = await amendmentOfLease(c, id, amendmentId);
      if (!a) throw new AppError("not-found");
      if (a.status !== "aberta") throw new AppError("lease-amendment-closed");
      const mine = a.proposed_by === papel;
      if (input.resposta === "retirar" ? !mine : mine) throw new AppError("lease-amendment-not-yours");
      const words = { efeito: dateBR(a.effective) };
      const other = papel === "locador" ? lease.tenant_id : lease.landlord_id;
      if (input.resposta === "recusar") {
        await answerAmendment(c, a.id, "recusada", input.motivo, now);
        await this.tell(c, lease, other, "amendment_refused", { ...words, motivo: input.motivo });
      } else if (input.resposta === "retirar") {
        await answerAmendment(c, a.id, "retirada", input.motivo || null, now);
        await this.tell(c, lease, other, "amendment_withdrawn", words);
      } else {
        // The lease may have moved since (another amendment sealed, a co-tenant gone): checked again.
        const before = await this.termsNow(c, lease);
        await this.check(c, lease, before, { mudancas: a.changes, efeito: a.effective, motivo: a.reason });
        const data: AmendmentData = {
          amendmentId: a.id,
          por: a.proposed_by as Party,
          efeito: a.effective,
          motivo: a.reason,
          mudancas: a.changes,
          antes: a.before,
          leaseSha256: lease.sealed_sha256,
        };
        const doc = await this.deps.createDocument(c, { kind: AMENDMENT_KIND, parentId: id, data });
        await this.deps.sendDocument(c, doc.id, req);
        await answerAmendment(c, a.id, "aceita", input.motivo || null, now, doc.id);
        await this.tell(c, lease, other, "amendment_accepted", words);
      }
      await rentChanged(c, id, [], [lease.landlord_id, lease.tenant_id]);
    });
    return this.list(userId, id);
  }

  private tell(c: Queryable, lease: LeaseRow, userId: string, key: string, params: Record<string, string>) {
    return this.deps.notices.tell(c, "lease", [
      {
        userId,
        text: {
          key: `lease.${key}`,
          params: { numero: lease.numero, endereco: lease.data.imovel.endereco, ...params },
        },
        path: `/Locacao?id=${lease.id}`,
        required: false,
      },
    ]);
  }
}

const issue = (path: string, code: ErrorCode) => ({ path, message: errorMessage(code) });

/** The people an amendment brings in, each with the field that names them. */
function newPeople(m: Changes) {
  const joining = m.entraColocatario ? cotenantParty(m.entraColocatario) : null;
  const guarantor = m.fiador ? guarantorParty(m.fiador) : null;
  return [
    ...(joining ? [{ p: joining, path: "mudancas.entraColocatario" }] : []),
    ...(guarantor ? [{ p: guarantor, path: "mudancas.fiador" }] : []),
    ...(guarantor?.conjuge ? [{ p: guarantor.conjuge, path: "mudancas.fiador.conjuge" }] : []),
  ];
}

/**
 * Whoever an amendment brings in keeps the signer rules of decision 017 against everyone of the
 * lease (its parties, co-tenants, guarantor and spouse) and each other, as a proposal's named
 * people do: their own CPF (valid) and e-mail, never a party's account e-mail. The lease's list
 * comes first, so the one refused is the newcomer, by the field that names them.
 */
async function checkNewPeople(c: Queryable, lease: LeaseRow, m: Changes) {
  const people = newPeople(m);
  if (people.length === 0) return;
  const lessWitnesses = plannedSigners(lease.data).filter((s) => s.role !== "testemunha");
  const planned = [...lessWitnesses, ...people.map(({ p }) => ({ p, email: p.email ?? "", named: true }))];
  await checkSignerIdentities(
    c,
    lease,
    lease.data,
    (index) =>
      index < lessWitnesses.length ? "mudancas" : (people[index - lessWitnesses.length]?.path ?? "mudancas"),
    planned,
  );
}

/**
 * Decision 017: the people who join a lease (a co-tenant, a guarantor) are the tenant's to name; the
 * landlord never types one in, but may counter keeping the one the tenant named, as named.
 */
function keepsTenantsPeople(m: Changes, countered: Changes | undefined) {
  const same = (a: unknown, b: unknown) =>
    b !== undefined && isDeepStrictEqual(JSON.parse(JSON.stringify(a)), JSON.parse(JSON.stringify(b)));
  if (
    (m.entraColocatario && !same(m.entraColocatario, countered?.entraColocatario)) ||
    (m.fiador && !same(m.fiador, countered?.fiador))
  )
    throw new AppError("lease-amendment-named-by-tenant");
}

/** Open, or accepted with its document still to be signed: no other amendment meanwhile. */
const holdsTheTurn = (a: AmendmentRecord) =>
  a.status === "aberta" || (a.status === "aceita" && PENDING_DOCUMENT.has(a.document_status ?? ""));

function view(a: AmendmentRecord): LeaseAmendmentView {
  return {
    id: a.id,
    por: a.proposed_by as Party,
    mudancas: a.changes,
    antes: a.before,
    efeito: a.effective,
    motivo: a.reason,
    status: a.status as LeaseAmendmentView["status"],
    criadaEm: a.created_at.toISOString(),
    responderAte: brazilDate(a.answer_by),
    resposta: a.answer,
    contraDe: a.counters,
    documento:
      a.document_id && a.document_numero && a.document_status
        ? {
            contratoId: a.document_id,
            numero: a.document_numero,
            status: a.document_status as ContractStatus,
          }
        : null,
  };
}
