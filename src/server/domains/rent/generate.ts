import { randomUUID } from "node:crypto";
import { addDays, format } from "date-fns";
import type pg from "pg";
import type { PixMode } from "../../../shared/contracts/rent";
import { anniversaries } from "../../../shared/rent/adjustment";
import { parseDay, shiftMonth } from "../../../shared/rent/calendar";
import { dueDate, rentPeriodsFrom } from "../../../shared/rent/periods";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import { rentChanged } from "../../realtime/events";
import { linesOf, scheduleOf, sumLines, ufOf } from "./lease-money";
import type { AdjustmentRow, NewCharge } from "./rent.repository";
import {
  adjustmentsOfLeases,
  endedLeaseCharges,
  insertCharges,
  insertFinalCharge,
  leasesToCharge,
  type RentLease,
} from "./rent.repository";

/** Leases read per statement while generating: a page, its adjustments and one multi-row insert. */
const PAGE = 2_000;

export interface GenerateOptions {
  /** Today in Brazil (YYYY-MM-DD). */
  today: string;
  /** How many days before its due date a charge is made (RENT_CHARGE_LEAD_DAYS). */
  leadDays: number;
  /**
   * A charge whose period reaches an anniversary waits for that year's adjustment (the rent may
   * change inside it), but not past this many days before its due date: then it is made with the
   * rent as it stands, and the landlord adds the difference when the index comes out.
   */
  waitForIndexUntilDays: number;
  pixMode: PixMode;
  newTxid: () => string;
  /** What follows the charges made, in their page's transaction (the tenant's notice, the PSP's job). */
  made?: (c: Queryable, charges: NewCharge[]) => Promise<void>;
  /** Only these leases (a test's own, in a database other tests share); all when absent. */
  only?: string[];
}

/**
 * Makes every charge due within the lead time that a signed lease does not have yet, oldest first,
 * catching up on any month missed (a lease signed after its start, a node down for days). Safe to
 * run at any time on any node: a month a lease already has is skipped by the unique index, so a
 * second run creates none. Each page of leases is one transaction with what follows its charges, so
 * a crash leaves no charge without its notice. Returns how many charges were made.
 */
export async function generateCharges(pool: pg.Pool, o: GenerateOptions): Promise<number> {
  const until = format(addDays(parseDay(o.today), o.leadDays), "yyyy-MM-dd");
  const holdUntil = format(addDays(parseDay(o.today), o.waitForIndexUntilDays), "yyyy-MM-dd");
  let made = 0;
  let after = "00000000-0000-0000-0000-000000000000";
  for (;;) {
    const leases = await leasesToCharge(pool, after, PAGE, o.only ?? null);
    if (leases.length === 0) break;
    after = leases[leases.length - 1]?.id ?? after;
    const adjustments = new Map<string, AdjustmentRow[]>();
    for (const a of await adjustmentsOfLeases(
      pool,
      leases.map((l) => l.id),
    ))
      adjustments.set(a.contract_id, [...(adjustments.get(a.contract_id) ?? []), a]);
    const batch: NewCharge[] = [];
    const finals: { lease: string; charge: NewCharge | null; settled: string[]; parties: string[] }[] = [];
    for (const lease of leases) {
      // Ended by a termo de rescisão: no month after it; its settlement is the last charge.
      if (lease.data.encerramento) {
        const final = await finalChargeOf(pool, lease, o);
        if (final) finals.push({ ...final, parties: [lease.landlord_id, lease.tenant_id] });
        continue;
      }
      const adj = adjustments.get(lease.id) ?? [];
      const known = new Set(adj.map((a) => a.anniversary));
      const pending = anniversaries(scheduleOf(lease)).filter((d) => !known.has(d));
      for (const p of rentPeriodsFrom(scheduleOf(lease), ufOf(lease), lease.last_seq + 1, until)) {
        // An anniversary on or before the period's end with no adjustment yet: its rent is unknown.
        if (pending.some((d) => d <= p.fim) && p.vencimento > holdUntil) break;
        const lines = linesOf(lease, adj, p);
        batch.push({
          id: randomUUID(),
          contract_id: lease.id,
          seq: p.seq,
          competencia: p.competencia,
          period_start: p.inicio,
          period_end: p.fim,
          due_date: p.vencimento,
          lines,
          amount: sumLines(lines),
          pix_mode: o.pixMode,
          txid: o.newTxid(),
        });
      }
    }
    made += await withTransaction(pool, async (c) => {
      const inserted = await insertCharges(c, batch);
      for (const f of finals) {
        if ((await insertFinalCharge(c, f.charge, f.lease, f.settled)) && f.charge) inserted.push(f.charge);
        // Both parties' pages show the settled months cancelled and the final charge at once.
        await rentChanged(c, f.lease, f.charge ? [f.charge.id] : [], f.parties);
      }
      if (inserted.length > 0) await o.made?.(c, inserted);
      return inserted.length;
    });
    if (leases.length < PAGE) break;
  }
  return made;
}

/**
 * An ended lease's last charge (issue 33): the balance its termo de rescisão states, when the
 * tenant owes it, billed line by line (what is owed as "avulso", what is credited as "desconto",
 * each with the termo's words), due as any charge is, RENT_CHARGE_LEAD_DAYS after it is made. The
 * open charges the settlement took in are cancelled with it (one paid meanwhile keeps its payment,
 * and its line leaves the balance). Null when it was made already.
 */
async function finalChargeOf(
  pool: pg.Pool,
  lease: RentLease,
  o: GenerateOptions,
): Promise<{ lease: string; charge: NewCharge | null; settled: string[] } | null> {
  const end = lease.data.encerramento;
  if (!end) return null;
  const known = await endedLeaseCharges(pool, lease.id);
  if (known.hasFinal) return null;
  const paid = new Set(known.paid);
  const linhas = (end.linhas ?? []).filter((l) => !(l.tipo === "cobranca_aberta" && paid.has(l.referencia)));
  const settled = linhas.filter((l) => l.tipo === "cobranca_aberta").map((l) => l.referencia);
  const lines = linhas
    .filter((l) => l.valor !== 0)
    .map((l) => ({
      id: randomUUID(),
      tipo: l.valor > 0 ? ("avulso" as const) : ("desconto" as const),
      valor: l.valor,
      motivo: l.texto,
    }));
  const amount = sumLines(lines);
  if (amount <= 0) return { lease: lease.id, charge: null, settled };
  const month = known.lastMonth ? shiftMonth(known.lastMonth, 1) : end.entrega.slice(0, 7);
  return {
    lease: lease.id,
    settled,
    charge: {
      id: randomUUID(),
      contract_id: lease.id,
      seq: (lease as RentLease & { last_seq: number }).last_seq + 1,
      competencia: month,
      period_start: end.entrega,
      period_end: end.entrega,
      due_date: dueDate(format(addDays(parseDay(o.today), o.leadDays), "yyyy-MM-dd"), ufOf(lease)),
      lines,
      amount,
      pix_mode: o.pixMode,
      txid: o.newTxid(),
    },
  };
}
