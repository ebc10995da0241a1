import { createHash, randomUUID, timingSafeEqual } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type pg from "pg";
import type { z } from "zod";
import { brazilDate } from "../../../shared/contracts/proposals";
import type {
  ChargeLine,
  ChargeView,
  chargeLineAdd,
  LeaseSummary,
  LeaseView,
  PixMode,
  paymentConfirm,
  YearStatement,
} from "../../../shared/contracts/rent";
import { PSP_VALIDITY_DAYS } from "../../../shared/contracts/rent";
import { AppError } from "../../../shared/errors";
import { standingOn } from "../../../shared/lease/term";
import { accumulate, adjustmentWindow, adjustRent, anniversaries } from "../../../shared/rent/adjustment";
import { plusDays } from "../../../shared/rent/calendar";
import { rentPeriodsFrom } from "../../../shared/rent/periods";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import type { NoticeGateway } from "../../mail/notice-gateway";
import { phrase } from "../../mail/words";
import { rentChanged } from "../../realtime/events";
import { shareAmong } from "../../storage/document-shares.repository";
import { documentOwnerAndSize } from "../../storage/documents.repository";
import { RECEIPT_KIND, type ReceiptData } from "../contracts/documents/recibo";
import { partyName } from "../contracts/template";
import { generateCharges } from "./generate";
import type { IndexProvider } from "./index-provider";
import {
  indexOf,
  lateTermsOf,
  linesOf,
  owedOn,
  rentOn,
  scheduleOf,
  sumLines,
  termOf,
  today,
  ufOf,
} from "./lease-money";
import { newTxidFor, pixFor } from "./pix";
import { centavosOf, cobvBody, type PspPixClient, paymentsOf } from "./pix-psp";
import type { AdjustmentRow, ChargeRow, NewCharge, RentLease } from "./rent.repository";
import {
  adjustmentsOfLease,
  adjustmentsOfLeases,
  chargeByTxid,
  chargesOfLease,
  chargesOfLeases,
  claimReminder,
  findCharge,
  insertAdjustment,
  insertPayment,
  landlordPix,
  leaseDocuments,
  leaseParties,
  markPaid,
  openChargesDueBetween,
  paidToward,
  paymentsOfLease,
  receiptOf,
  rewriteOpenCharge,
  setLines,
  setProof,
  setPspLocation,
  signedLease,
  signedLeases,
  signedLeasesOf,
} from "./rent.repository";
import { adjustmentView, leaseSummaryOf, leaseViewOf, roleIn, statementOf, todayOf } from "./views";

export interface RentDeps {
  pool: pg.Pool;
  clock: Clock;
  log: FastifyBaseLogger;
  notices: NoticeGateway;
  /** The contracts' document machine: a receipt is issued and sealed in the payment's transaction. */
  issueDocument(
    c: Queryable,
    input: { kind: string; parentId: string; data: unknown; detail: string },
  ): Promise<{ id: string; numero: string }>;
  pixMode: PixMode;
  indexes: IndexProvider;
  /** RENT_CHARGE_LEAD_DAYS: a charge is made this many days before its due date. */
  leadDays: number;
  /** RENT_ADJUSTMENT_NOTICE_DAYS: the adjustment is computed and announced from this many days ahead. */
  adjustmentNoticeDays: number;
  /** PIX_PROVIDER=psp: the PSP's client, the key it receives by, the webhook's secret path segment. */
  psp: { client: PspPixClient; pixKey: string; webhookToken: string } | null;
  /** Sends, in the caller's transaction, the job that registers each charge at the PSP. */
  registerLater(c: Queryable, chargeIds: string[]): Promise<void>;
  /** Sends, in the caller's transaction, the job that reads a charge's payments from the PSP. */
  syncLater(c: Queryable, txids: string[]): Promise<void>;
}

const leasePath = (id: string) => `/Locacao?id=${id}`;
/** The term's end is told this many days ahead, each once (the 90-day one until 31 days are left). */
const TERM_REMINDERS = [30, 90] as const;
const chargePath = (id: string) => `/Cobranca?id=${id}`;
/** A calendar day as the notices' date parameter reads it (noon UTC: the same day in Brasília). */
const day = (d: string) => ({ date: `${d}T15:00:00Z`, time: false });
const month = (competencia: string) => competencia.split("-").reverse().join("/");

/** Reminders: three days before, on the day (required: the tenant can't turn it off), and after. */
const REMINDERS = [
  { which: "antes", offset: -3, key: "rent.due_soon", required: false, landlord: false },
  { which: "dia", offset: 0, key: "rent.due_today", required: true, landlord: false },
  { which: "atraso-1", offset: 1, key: "rent.late", required: false, landlord: true },
  { which: "atraso-7", offset: 7, key: "rent.late", required: false, landlord: true },
] as const;

/**
 * The lease's money after the signature (issue 32): its monthly charges, their Pix, the late fees,
 * the payments and receipts, and the yearly adjustment. Only the lease's two parties see any of
 * it (anyone else is told it does not exist); only the landlord confirms payments or adds lines;
 * the tenant's proof is theirs.
 */
/** How many leases the daily adjustment reads at a time. */
const ADJUST_PAGE = 1_000;
const NIL_UUID = "00000000-0000-0000-0000-000000000000";

export class RentService {
  constructor(private readonly deps: RentDeps) {}

  private today() {
    return today(this.deps.clock.now());
  }

  private async leaseFor(c: Queryable, userId: string, id: string): Promise<RentLease> {
    const lease = await signedLease(c, id);
    if (!lease || (lease.landlord_id !== userId && lease.tenant_id !== userId))
      throw new AppError("not-found");
    return lease;
  }

  private async chargeFor(c: Queryable, userId: string, id: string, lock = false) {
    const charge = await findCharge(c, id, lock);
    if (!charge) throw new AppError("not-found");
    const lease = await this.leaseFor(c, userId, charge.contract_id);
    return { charge, lease };
  }

  // --- reading ------------------------------------------------------------------------------------

  async leases(userId: string): Promise<{ items: LeaseSummary[] }> {
    const c = this.deps.pool;
    const leases = await signedLeasesOf(c, userId);
    const charges = await chargesOfLeases(
      c,
      leases.map((l) => l.id),
    );
    const d = this.today();
    const items: LeaseSummary[] = [];
    for (const lease of leases) {
      const [payments, adjustments] = await Promise.all([
        paymentsOfLease(c, lease.id),
        adjustmentsOfLease(c, lease.id),
      ]);
      const own = charges.filter((ch) => ch.contract_id === lease.id);
      items.push(leaseSummaryOf(lease, userId, own, payments, adjustments, d));
    }
    return { items };
  }

  async lease(userId: string, id: string): Promise<LeaseView> {
    const c = this.deps.pool;
    const lease = await this.leaseFor(c, userId, id);
    const [charges, payments, adjustments, pix, documents] = await Promise.all([
      chargesOfLease(c, id),
      paymentsOfLease(c, id),
      adjustmentsOfLease(c, id),
      landlordPix(c, lease.landlord_id, lease.data.locador.empresa?.id),
      leaseDocuments(c, id),
    ]);
    const d = this.today();
    const preview = await this.preview(lease, adjustments, d).catch((err: unknown) => {
      this.deps.log.warn({ err, lease: id }, "rent: the adjustment's index could not be read");
      return null;
    });
    return leaseViewOf(lease, userId, charges, payments, adjustments, d, {
      pixKeyMissing: !pix?.pix_key,
      preview,
      documents,
    });
  }

  /** The next adjustment as it stands, once its 12 months are published (and within the notice days). */
  private async preview(
    lease: RentLease,
    adjustments: Awaited<ReturnType<typeof adjustmentsOfLease>>,
    d: string,
  ) {
    const known = new Set(adjustments.map((a) => a.anniversary));
    const next = anniversaries(scheduleOf(lease)).find((a) => !known.has(a) && a >= d);
    if (!next || next > plusDays(d, this.deps.adjustmentNoticeDays)) return null;
    const calc = await this.calculate(lease, adjustments, next);
    return calc ? adjustmentView({ ...calc, id: "", contract_id: lease.id, created_at: new Date() }) : null;
  }

  private async calculate(
    lease: RentLease,
    adjustments: Awaited<ReturnType<typeof adjustmentsOfLease>>,
    anniversary: string,
  ) {
    const window = adjustmentWindow(anniversary);
    const index = indexOf(lease);
    const months = await this.deps.indexes.monthly(index, window[0] as string, window[11] as string);
    if (months.length < 12) return null;
    const before = rentOn(lease, adjustments, anniversary);
    const result = adjustRent(before, months);
    return {
      anniversary,
      indice: index,
      months,
      percentual: accumulate(months).percentual,
      rent_before: before,
      rent_after: result.aluguel,
      applied: result.applied,
    };
  }

  /** A year's payments of the lease, for either party: what the landlord received, the tenant paid. */
  async statement(userId: string, id: string, ano: number): Promise<YearStatement> {
    const c = this.deps.pool;
    const lease = await this.leaseFor(c, userId, id);
    const [charges, payments] = await Promise.all([chargesOfLease(c, id), paymentsOfLease(c, id)]);
    return statementOf(lease, userId, charges, payments, ano);
  }

  async charge(userId: string, id: string): Promise<ChargeView> {
    const c = this.deps.pool;
    const { charge, lease } = await this.chargeFor(c, userId, id);
    const payments = (await paymentsOfLease(c, lease.id)).filter((p) => p.charge_id === id);
    const d = this.today();
    const hoje = todayOf(lease, charge, d);
    const paid = payments.reduce((s, p) => s + p.amount, 0);
    const open = charge.status === "aberta";
    const payee = await this.payee(c, lease);
    const pix = open
      ? pixFor(charge, payee, Math.max(1, hoje.total - paid), d)
      : { pix: null, unavailable: null };
    const r = charge.receipt_contract_id ? await receiptOf(c, charge.receipt_contract_id) : undefined;
    return {
      id: charge.id,
      locacaoId: lease.id,
      numero: lease.numero,
      papel: roleIn(lease, userId),
      endereco: lease.data.imovel.endereco,
      competencia: charge.competencia,
      inicio: charge.period_start,
      fim: charge.period_end,
      vencimento: charge.due_date,
      valor: charge.amount,
      status: charge.status,
      atrasada: open && hoje.diasAtraso > 0,
      devidoHoje: open ? Math.max(0, hoje.total - paid) : paid,
      pago: paid,
      pagoEm: payments.at(-1)?.paid_on ?? null,
      reciboId: charge.receipt_contract_id,
      acerto: charge.final,
      linhas: charge.lines,
      hoje,
      pix: pix.pix,
      pixIndisponivel: pix.unavailable,
      pagamentos: payments.map((p) => ({
        id: p.id,
        valor: p.amount,
        pagoEm: p.paid_on,
        diasAtraso: p.dias_atraso,
        multa: p.multa,
        juros: p.juros,
        dispensados: p.waived,
        forma: p.method,
      })),
      aceitaLancamentos:
        open && lease.landlord_id === userId && !(charge.pix_mode === "psp" && charge.psp_location !== null),
      comprovante:
        charge.proof_document_id && charge.proof_at
          ? { documentoId: charge.proof_document_id, enviadoEm: charge.proof_at.toISOString() }
          : null,
      recibo:
        charge.receipt_contract_id && r
          ? {
              contratoId: charge.receipt_contract_id,
              numero: r.numero,
              documentoId: r.sealed_document_id,
              selado: r.status === "assinado",
            }
          : null,
    };
  }

  /** The landlord as the BR Code names them: their key, their name, their city (or the unit's). */
  private async payee(c: Queryable, lease: RentLease) {
    const p = await landlordPix(c, lease.landlord_id, lease.data.locador.empresa?.id);
    return {
      key: p?.pix_key ?? null,
      name: partyName(lease.data.locador),
      city: p?.cidade || lease.data.imovel.cidade,
    };
  }

  // --- the landlord's and the tenant's steps -----------------------------------------------------

  /**
   * A charge whose lines the landlord may change (locked): hers, still open, and not yet registered
   * at the PSP with its amount.
   */
  private async linesEditableBy(c: Queryable, userId: string, id: string) {
    const found = await this.chargeFor(c, userId, id, true);
    if (found.lease.landlord_id !== userId) throw new AppError("rent-landlord-only");
    if (found.charge.status !== "aberta") throw new AppError("rent-charge-closed");
    if (found.charge.pix_mode === "psp" && found.charge.psp_location)
      throw new AppError("rent-charge-registered");
    return found;
  }

  /** The landlord adds a line (an amount with its reason, or a discount) to a charge not paid yet. */
  async addLine(userId: string, id: string, input: z.output<typeof chargeLineAdd>): Promise<ChargeView> {
    await withTransaction(this.deps.pool, async (c) => {
      const { charge, lease } = await this.linesEditableBy(c, userId, id);
      const line: ChargeLine = {
        id: randomUUID(),
        tipo: input.tipo,
        valor: input.tipo === "desconto" ? -input.valor : input.valor,
        motivo: input.motivo,
        criadoEm: this.deps.clock.now().toISOString(),
      };
      const lines = [...charge.lines, line];
      const amount = sumLines(lines);
      if (amount < 0) throw new AppError("rent-discount-too-large");
      await setLines(c, id, lines, amount);
      await this.deps.notices.tell(c, "rent", [
        {
          userId: lease.tenant_id,
          text: {
            key: input.tipo === "desconto" ? "rent.discount_added" : "rent.line_added",
            params: {
              numero: lease.numero,
              mes: month(charge.competencia),
              valor: { money: input.valor },
              motivo: input.motivo,
              total: { money: amount },
            },
          },
          path: chargePath(id),
        },
      ]);
      await rentChanged(c, lease.id, [id], [lease.landlord_id, lease.tenant_id]);
    });
    return this.charge(userId, id);
  }

  /**
   * The landlord takes back a line they added (a wrong amount, a discount no longer agreed) while
   * the charge is open; the tenant is told. The month's own lines (rent, charges) stay.
   */
  async removeLine(userId: string, id: string, lineId: string): Promise<ChargeView> {
    await withTransaction(this.deps.pool, async (c) => {
      const { charge, lease } = await this.linesEditableBy(c, userId, id);
      const line = charge.lines.find(
        (l) => l.id === lineId && (l.tipo === "avulso" || l.tipo === "desconto"),
      );
      if (!line) throw new AppError("not-found");
      const lines = charge.lines.filter((l) => l.id !== lineId);
      const amount = sumLines(lines);
      await setLines(c, id, lines, amount);
      await this.deps.notices.tell(c, "rent", [
        {
          userId: lease.tenant_id,
          text: {
            key: "rent.line_removed",
            params: {
              numero: lease.numero,
              mes: month(charge.competencia),
              valor: { money: Math.abs(line.valor) },
              motivo: line.motivo ?? "",
              total: { money: amount },
            },
          },
          path: chargePath(id),
        },
      ]);
      await rentChanged(c, lease.id, [id], [lease.landlord_id, lease.tenant_id]);
    });
    return this.charge(userId, id);
  }

  /**
   * The landlord says the money arrived ("recebi") on a day no later than today: the payment is
   * recorded with the late fees of that day (or none, when they forgive them), the charge is paid,
   * and its receipt is issued and sealed — all in one transaction, so a crash leaves either all of
   * it or none. A second confirmation finds the charge paid and changes nothing.
   */
  async confirm(userId: string, id: string, input: z.output<typeof paymentConfirm>): Promise<ChargeView> {
    const d = this.today();
    if (input.pagoEm > d) throw new AppError("rent-payment-future");
    await withTransaction(this.deps.pool, async (c) => {
      const { charge, lease } = await this.chargeFor(c, userId, id, true);
      if (lease.landlord_id !== userId) throw new AppError("rent-landlord-only");
      if (charge.status !== "aberta") throw new AppError("rent-charge-closed");
      if (input.pagoEm < lease.data.termos.dataInicio) throw new AppError("rent-payment-early");
      const owed = owedOn(lease, charge, input.pagoEm);
      const fees = input.dispensarEncargos ? { multa: 0, juros: 0 } : owed;
      const before = await paidToward(c, charge.id);
      await this.recordPayment(c, lease, charge, {
        amount: Math.max(0, charge.amount + fees.multa + fees.juros - before),
        paidOn: input.pagoEm,
        diasAtraso: owed.diasAtraso,
        multa: fees.multa,
        juros: fees.juros,
        waived: input.dispensarEncargos && owed.diasAtraso > 0,
        method: "confirmado",
        endToEndId: null,
        confirmedBy: userId,
        settles: true,
      });
    });
    return this.charge(userId, id);
  }

  /** A payment in full: recorded, the charge paid, its receipt issued, the parties told. */
  private async recordPayment(
    c: Queryable,
    lease: RentLease,
    charge: ChargeRow,
    p: {
      amount: number;
      paidOn: string;
      diasAtraso: number;
      multa: number;
      juros: number;
      waived: boolean;
      method: "confirmado" | "psp";
      endToEndId: string | null;
      confirmedBy: string | null;
      /** Whether it pays the charge in full (a PSP's partial Pix leaves it open for the rest). */
      settles: boolean;
    },
  ): Promise<boolean> {
    const recorded = await insertPayment(c, {
      id: randomUUID(),
      charge_id: charge.id,
      contract_id: lease.id,
      amount: p.amount,
      paid_on: p.paidOn,
      dias_atraso: p.diasAtraso,
      multa: p.multa,
      juros: p.juros,
      method: p.method,
      end_to_end_id: p.endToEndId,
      confirmed_by: p.confirmedBy,
      waived: p.waived,
    });
    if (!recorded) return false;
    if (!p.settles) {
      const params = {
        numero: lease.numero,
        mes: month(charge.competencia),
        valor: { money: p.amount },
        pagoEm: day(p.paidOn),
      };
      await this.deps.notices.tell(
        c,
        "rent",
        [lease.tenant_id, lease.landlord_id].map((userId) => ({
          userId,
          text: { key: "rent.partial", params },
          path: chargePath(charge.id),
        })),
      );
      await rentChanged(c, lease.id, [charge.id], [lease.landlord_id, lease.tenant_id]);
      return true;
    }
    const total = await paidToward(c, charge.id);
    const data: ReceiptData = {
      chargeId: charge.id,
      competencia: charge.competencia,
      inicio: charge.period_start,
      fim: charge.period_end,
      vencimento: charge.due_date,
      linhas: charge.lines,
      pagamento: {
        valor: total,
        pagoEm: p.paidOn,
        diasAtraso: p.diasAtraso,
        multa: p.multa,
        juros: p.juros,
        dispensados: p.waived,
        forma: p.method,
        endToEndId: p.endToEndId,
      },
    };
    const receipt = await this.deps.issueDocument(c, {
      kind: RECEIPT_KIND,
      parentId: lease.id,
      data,
      detail: p.method === "psp" ? `Pix ${p.endToEndId ?? ""}` : partyName(lease.data.locador),
    });
    await markPaid(c, charge.id, this.deps.clock.now(), receipt.id);
    const params = {
      numero: lease.numero,
      mes: month(charge.competencia),
      valor: { money: total },
      pagoEm: day(p.paidOn),
    };
    await this.deps.notices.tell(c, "rent", [
      { userId: lease.tenant_id, text: { key: "rent.paid", params }, path: chargePath(charge.id) },
      ...(p.method === "psp"
        ? [{ userId: lease.landlord_id, text: { key: "rent.received", params }, path: chargePath(charge.id) }]
        : []),
    ]);
    await rentChanged(c, lease.id, [charge.id], [lease.landlord_id, lease.tenant_id]);
    return true;
  }

  /** The tenant attaches their proof of payment (one of their own files); the landlord is told. */
  async attachProof(userId: string, id: string, documentId: string): Promise<ChargeView> {
    await withTransaction(this.deps.pool, async (c) => {
      const { charge, lease } = await this.chargeFor(c, userId, id, true);
      if (lease.tenant_id !== userId) throw new AppError("rent-tenant-only");
      if (charge.status !== "aberta") throw new AppError("rent-charge-closed");
      const doc = await documentOwnerAndSize(c, documentId);
      if (!doc || doc.owner_id !== userId || doc.contract_id) throw new AppError("not-found");
      await setProof(c, id, documentId, this.deps.clock.now());
      await shareAmong(c, [documentId], [lease.landlord_id], `cobranca:${id}`);
      await this.deps.notices.tell(c, "rent", [
        {
          userId: lease.landlord_id,
          text: { key: "rent.proof", params: { numero: lease.numero, mes: month(charge.competencia) } },
          path: chargePath(id),
          dedupe: `rent-proof:${id}:${documentId}`,
        },
      ]);
      await rentChanged(c, lease.id, [id], [lease.landlord_id, lease.tenant_id]);
    });
    return this.charge(userId, id);
  }

  // --- the schedules ------------------------------------------------------------------------------

  /**
   * A sealed amendment (issue 33), in the seal's transaction: each open charge made ahead with
   * nothing paid of it, still to fall due, is made again as the amended lease says (its due date,
   * its lines and amount), so "from its date the ledger follows it". One registered at a PSP keeps
   * its charge there (its due date and amount are the PSP's now) and the landlord adjusts it by a line.
   */
  async followAmendment(c: Queryable, leaseId: string): Promise<void> {
    const lease = await signedLease(c, leaseId);
    if (!lease) return;
    const d = this.today();
    const adjustments = await adjustmentsOfLease(c, leaseId);
    const paid = new Set((await paymentsOfLease(c, leaseId)).map((p) => p.charge_id));
    const schedule = scheduleOf(lease);
    for (const ch of await chargesOfLease(c, leaseId)) {
      if (ch.status !== "aberta" || ch.final || paid.has(ch.id) || ch.psp_registered_at) continue;
      if (ch.due_date < d) continue;
      const period = rentPeriodsFrom(schedule, ufOf(lease), ch.seq, null)[0];
      if (!period || period.seq !== ch.seq) continue;
      // The landlord's own lines (avulso, desconto) stay; the lease's monthly lines are made again.
      const own = ch.lines.filter((l) => l.tipo === "avulso" || l.tipo === "desconto");
      const lines = [...linesOf(lease, adjustments, period), ...own];
      await rewriteOpenCharge(c, ch.id, { due_date: period.vencimento, lines, amount: sumLines(lines) });
    }
    await rentChanged(c, leaseId, [], [lease.landlord_id, lease.tenant_id]);
  }

  /**
   * The `rent.generate` schedule: every charge due within the lead time, once. `only` limits it to
   * some leases (tests share one database).
   */
  async generate(only?: string[]): Promise<number> {
    return generateCharges(this.deps.pool, {
      today: this.today(),
      leadDays: this.deps.leadDays,
      waitForIndexUntilDays: 3,
      pixMode: this.deps.pixMode,
      newTxid: () => newTxidFor(this.deps.pixMode),
      made: (c, charges) => this.tellNewCharges(c, charges),
      only,
    });
  }

  private async tellNewCharges(c: Queryable, charges: NewCharge[]): Promise<void> {
    if (this.deps.psp)
      await this.deps.registerLater(
        c,
        charges.map((ch) => ch.id),
      );
    const rows = await leaseParties(c, [...new Set(charges.map((ch) => ch.contract_id))]);
    const leases = new Map(rows.map((r) => [r.id, r]));
    await this.deps.notices.tell(
      c,
      "rent",
      charges.flatMap((ch) => {
        const l = leases.get(ch.contract_id);
        if (!l) return [];
        return [
          {
            userId: l.tenant_id,
            text: {
              key: "rent.charge_new",
              params: {
                numero: l.numero,
                mes: month(ch.competencia),
                valor: { money: ch.amount },
                vencimento: day(ch.due_date),
              },
            },
            path: chargePath(ch.id),
            dedupe: `rent-charge:${ch.id}`,
          },
        ];
      }),
    );
  }

  /** The `rent.remind` schedule: each reminder of each open charge, once, on its day or later. */
  async remind(only?: string[]): Promise<number> {
    const d = this.today();
    let sent = 0;
    for (const r of REMINDERS) {
      // Due in three days, due today, a day late, a week late: each reminder looks back a few days
      // so a node down on the day still sends it, and claimReminder keeps it to once.
      const due = plusDays(d, -r.offset);
      const charges = await openChargesDueBetween(this.deps.pool, plusDays(due, -3), due, only ?? null);
      for (const ch of charges)
        sent += await withTransaction(this.deps.pool, async (c) => {
          if (!(await claimReminder(c, ch.id, r.which))) return 0;
          const lease = await signedLease(c, ch.contract_id);
          if (!lease) return 0;
          const owed = owedOn(lease, ch, d);
          const params = {
            numero: ch.numero,
            mes: month(ch.competencia),
            valor: { money: owed.total },
            vencimento: day(ch.due_date),
            dias: owed.diasAtraso,
          };
          const to = [ch.tenant_id, ...(r.landlord ? [ch.landlord_id] : [])];
          await this.deps.notices.tell(
            c,
            "rent",
            to.map((userId) => ({
              userId,
              text: {
                key: r.key,
                params,
                context: userId === ch.landlord_id ? "landlord" : undefined,
              },
              path: chargePath(ch.id),
              required: r.required,
              dedupe: `rent-${r.which}:${ch.id}`,
            })),
          );
          return 1;
        });
    }
    return sent;
  }

  /**
   * Issue 33: each party of a lease whose term ends within 90 days, and again within 30, is told
   * when it ends and what the law does then (arts. 46, 47, 56; src/shared/lease/term.ts). Daily, by
   * pages of leases; each reminder once a person (the notice's dedupe), so a second run or a second
   * node tells nobody twice. A lease signed within 30 days of its end gets only the 30-day one.
   * Returns the reminders due today (told now or before).
   */
  async remindTermEnd(only?: string[]): Promise<number> {
    const d = this.today();
    let due = 0;
    for (let after = NIL_UUID; ; ) {
      const page = await signedLeases(this.deps.pool, after, ADJUST_PAGE, only ?? null);
      if (page.length === 0) break;
      after = page[page.length - 1]?.id ?? after;
      for (const lease of page) {
        // Ended by a termo de rescisão: no term to remind of.
        if (lease.data.encerramento) continue;
        const standing = standingOn(termOf(lease), d);
        if (standing.situacao !== "em_vigor") continue;
        // The nearest reminder whose day has come: 30 once 30 days or fewer are left, else 90.
        const which = TERM_REMINDERS.find((days) => standing.diasParaFim <= days);
        if (which === undefined) continue;
        due++;
        await withTransaction(this.deps.pool, (c) =>
          this.deps.notices.tell(
            c,
            "lease",
            [lease.tenant_id, lease.landlord_id].map((userId) => ({
              userId,
              text: {
                key: `lease.term_end_${standing.aoFim}`,
                params: {
                  numero: lease.numero,
                  fim: day(standing.fim),
                  dias: standing.diasParaFim,
                  endereco: lease.data.imovel.endereco,
                },
              },
              path: leasePath(lease.id),
              required: false,
              dedupe: `lease-term-${which}:${lease.id}`,
            })),
          ),
        );
      }
    }
    return due;
  }

  // --- the PSP (PIX_PROVIDER=psp) -----------------------------------------------------------------

  /**
   * The `rent.psp-register` job: the charge becomes a Pix with a due date at the PSP (PUT /cobv/{txid},
   * which the PSP treats as idempotent for the same txid), priced by the PSP after the due date with
   * the lease's multa and juros; its location makes the charge's dynamic BR Code.
   */
  async registerAtPsp(chargeId: string): Promise<void> {
    const psp = this.deps.psp;
    if (!psp) return;
    const charge = await findCharge(this.deps.pool, chargeId);
    if (charge?.status !== "aberta" || charge.psp_location || charge.pix_mode !== "psp") return;
    const lease = await signedLease(this.deps.pool, charge.contract_id);
    if (!lease) return;
    const late = lateTermsOf(lease);
    const cobv = await psp.client.putCobv(
      charge.txid,
      cobvBody({
        vencimento: charge.due_date,
        validadeAposVencimentoDias: PSP_VALIDITY_DAYS,
        // A company tenant pays as the company (issue 34).
        devedor: lease.data.locatario.empresa
          ? { cnpj: lease.data.locatario.empresa.cnpj, nome: lease.data.locatario.empresa.razaoSocial }
          : { cpf: lease.data.locatario.cpf, nome: lease.data.locatario.nome },
        valorCentavos: charge.amount,
        multaBp: late.multaBp,
        jurosMesBp: late.jurosMesBp,
        chave: psp.pixKey,
        solicitacao: phrase("pt-BR", "charge.pixRequest", {
          mes: month(charge.competencia),
          numero: lease.numero,
        }),
      }),
    );
    await withTransaction(this.deps.pool, async (c) => {
      // A BR Code carries the location without its scheme (Manual de Padrões, field 26-25).
      await setPspLocation(c, charge.id, cobv.location.replace(/^https?:\/\//, ""), this.deps.clock.now());
      await rentChanged(c, lease.id, [charge.id], [lease.landlord_id, lease.tenant_id]);
    });
  }

  /**
   * Tells the PSP where to call back (PUT /webhook/{chave}): `publicUrl`'s webhook path with the
   * secret segment. Done at each start, so a changed PUBLIC_URL or token takes effect.
   */
  async registerWebhook(publicUrl: string): Promise<void> {
    const psp = this.deps.psp;
    if (!psp) return;
    await psp.client.configureWebhook(`${publicUrl}/api/rent/pix/webhook/${psp.webhookToken}`);
  }

  /**
   * The PSP's webhook: accepted only on the secret path Chave registered, and only as a hint —
   * each txid it names is read back from the PSP by a job (`rent.psp-paid`), whose answer is
   * what counts. A forged call can at most make Chave ask the PSP again.
   */
  async pspNotified(token: string, body: unknown): Promise<number> {
    const psp = this.deps.psp;
    const want = createHash("sha256")
      .update(psp?.webhookToken ?? "")
      .digest();
    const got = createHash("sha256").update(token).digest();
    if (!psp || !timingSafeEqual(want, got)) throw new AppError("not-found");
    let txids: string[];
    try {
      txids = [...new Set(paymentsOf(body).map((p) => p.txid))];
    } catch {
      throw new AppError("invalid-argument");
    }
    await withTransaction(this.deps.pool, (c) => this.deps.syncLater(c, txids));
    return txids.length;
  }

  /**
   * The `rent.psp-paid` job: the charge's Pix as the PSP reports them (GET /cobv/{txid}), each kept
   * once by its end-to-end id; the one that reaches what was owed on its day pays the charge and
   * issues the receipt, one that does not leaves the rest open. Safe to run any number of times.
   */
  async syncFromPsp(txid: string): Promise<number> {
    const psp = this.deps.psp;
    if (!psp) return 0;
    const known = await chargeByTxid(this.deps.pool, txid);
    if (!known) return 0;
    const cobv = await psp.client.getCobv(txid);
    let recorded = 0;
    for (const pix of cobv.pix) {
      recorded += await withTransaction(this.deps.pool, async (c) => {
        const charge = await findCharge(c, known.id, true);
        const lease = charge ? await signedLease(c, charge.contract_id) : undefined;
        if (!charge || !lease || charge.status !== "aberta") return 0;
        const valor = centavosOf(pix.valor);
        const paidOn = brazilDate(new Date(pix.horario));
        const owed = owedOn(lease, charge, paidOn);
        const before = await paidToward(c, charge.id);
        const settles = before + valor >= owed.total;
        // What came above the principal is the late fees the PSP priced: the multa first, as ours.
        const extra = Math.max(0, before + valor - charge.amount);
        const multa = settles ? Math.min(owed.multa, extra) : 0;
        const ok = await this.recordPayment(c, lease, charge, {
          amount: valor,
          paidOn,
          diasAtraso: owed.diasAtraso,
          multa,
          juros: settles ? extra - multa : 0,
          waived: false,
          method: "psp",
          endToEndId: pix.endToEndId,
          confirmedBy: null,
          settles,
        });
        return ok ? 1 : 0;
      });
    }
    return recorded;
  }

  /**
   * The `rent.adjust` schedule: each anniversary within the notice days whose index's 12 months are
   * published gets its adjustment computed, recorded and announced to both parties, once (the
   * unique index). Months not yet published leave it for the next day's run.
   */
  async adjust(only?: string[]): Promise<number> {
    const d = this.today();
    const horizon = plusDays(d, this.deps.adjustmentNoticeDays);
    let made = 0;
    // By pages of leases, with one query for the page's adjustments: a lease whose every
    // anniversary up to the horizon is recorded costs no further query (100,000 leases are a few
    // hundred queries a day, not 100,000).
    for (let after = NIL_UUID; ; ) {
      const page = await signedLeases(this.deps.pool, after, ADJUST_PAGE, only ?? null);
      if (page.length === 0) break;
      after = page[page.length - 1]?.id ?? after;
      const recorded = new Map<string, AdjustmentRow[]>();
      for (const a of await adjustmentsOfLeases(
        this.deps.pool,
        page.map((l) => l.id),
      ))
        recorded.set(a.contract_id, [...(recorded.get(a.contract_id) ?? []), a]);
      for (const lease of page) made += await this.adjustOne(lease, recorded.get(lease.id) ?? [], horizon);
    }
    return made;
  }

  /** The first anniversary of `lease` up to `horizon` not yet recorded: computed, recorded, told. */
  private async adjustOne(lease: RentLease, adjustments: AdjustmentRow[], horizon: string): Promise<number> {
    // Ended by a termo de rescisão: no rent to adjust.
    if (lease.data.encerramento) return 0;
    const known = new Set(adjustments.map((a) => a.anniversary));
    for (const anniversary of anniversaries(scheduleOf(lease))) {
      if (known.has(anniversary) || anniversary > horizon) continue;
      const calc = await this.calculate(lease, adjustments, anniversary).catch((err: unknown) => {
        this.deps.log.warn({ err, lease: lease.id }, "rent: the index could not be read");
        return null;
      });
      // Not published yet (or the index unreachable): the next day's run tries again.
      if (!calc) return 0;
      return withTransaction(this.deps.pool, async (c) => {
        if (!(await insertAdjustment(c, { id: randomUUID(), contract_id: lease.id, ...calc }))) return 0;
        await this.deps.notices.tell(
          c,
          "rent",
          [lease.tenant_id, lease.landlord_id].map((userId) => ({
            userId,
            text: {
              key: calc.applied ? "rent.adjustment" : "rent.adjustment_kept",
              params: {
                numero: lease.numero,
                indice: calc.indice,
                percentual: calc.percentual.replace(".", ","),
                antes: { money: calc.rent_before },
                depois: { money: calc.rent_after },
                desde: day(anniversary),
              },
            },
            path: leasePath(lease.id),
            required: true,
            dedupe: `rent-adjustment:${lease.id}:${anniversary}`,
          })),
        );
        await rentChanged(c, lease.id, [], [lease.landlord_id, lease.tenant_id]);
        return 1;
      });
    }
    return 0;
  }
}
