import type {
  AdjustmentView,
  ChargeSummary,
  LeaseSummary,
  LeaseView,
  LedgerEntry,
  YearStatement,
} from "../../../shared/contracts/rent";
import { standingOn } from "../../../shared/lease/term";
import { adjustmentWindow, anniversaries } from "../../../shared/rent/adjustment";
import { partyName } from "../contracts/template";
import {
  dueDayOf,
  indexOf,
  lastDayOf,
  lateTermsOf,
  owedOn,
  rentOn,
  scheduleOf,
  summaryOf,
  termMonthsOf,
  termOf,
} from "./lease-money";
import type { AdjustmentRow, ChargeRow, PaymentRow, RentLease } from "./rent.repository";

const STANDARD = new Set(["aluguel", "condominio", "iptu", "seguro_incendio"]);
/** Same day: the charge first, then its lines, the fees and the payment that settles them. */
const ORDER: Record<LedgerEntry["tipo"], number> = {
  reajuste: 0,
  cobranca: 1,
  avulso: 2,
  desconto: 3,
  multa: 4,
  juros: 5,
  pagamento: 6,
  acerto: 7,
};

export const roleIn = (lease: RentLease, userId: string) =>
  lease.landlord_id === userId ? ("locador" as const) : ("locatario" as const);

export function adjustmentView(a: AdjustmentRow): AdjustmentView {
  return {
    aniversario: a.anniversary,
    indice: a.indice,
    meses: a.months,
    percentual: a.percentual,
    aluguelAntes: a.rent_before,
    aluguelDepois: a.rent_after,
    aplicado: a.applied,
  };
}

/**
 * The lease's account up to `today`, oldest first: each charge when it falls due, or on the day it
 * was paid when that came first (its own lines the landlord added apart, with their reasons), the
 * late fees as fixed on the day paid, each payment, and each adjustment; the balance after each
 * (+ the tenant owes, − credit). A charge made ahead and not yet due nor paid is not owed yet: it
 * is listed among the charges, not in the account (counting it said a tenant owed next month's
 * rent, and a payment made before its due date showed a credit that never existed).
 */
export function ledgerOf(
  charges: ChargeRow[],
  payments: PaymentRow[],
  adjustments: AdjustmentRow[],
  today: string,
  /** The lease ended by its termo de rescisão: a balance the landlord owes enters on the keys' day. */
  ended?: { entrega: string; total: number; contratoId: string },
) {
  const entries: Omit<LedgerEntry, "saldo">[] = [];
  const month = new Map(charges.map((ch) => [ch.id, ch.competencia]));
  const firstPaid = new Map<string, string>();
  for (const p of payments) {
    const known = firstPaid.get(p.charge_id);
    if (!known || p.paid_on < known) firstPaid.set(p.charge_id, p.paid_on);
  }
  for (const ch of charges) {
    // A charge the termination's settlement took in was cancelled: its lines are the final charge's.
    if (ch.status === "cancelada") continue;
    const paid = firstPaid.get(ch.id);
    const posted = paid && paid < ch.due_date ? paid : ch.due_date;
    if (posted > today) continue;
    const standard = ch.lines.filter((l) => STANDARD.has(l.tipo)).reduce((s, l) => s + l.valor, 0);
    // The final charge is only its settlement's lines (below), no month's rent.
    if (!ch.final || standard !== 0)
      entries.push({
        id: `c:${ch.id}`,
        data: posted,
        tipo: "cobranca",
        competencia: ch.competencia,
        valor: standard,
        cobrancaId: ch.id,
        detalhe: null,
      });
    for (const l of ch.lines)
      if (l.tipo === "avulso" || l.tipo === "desconto")
        entries.push({
          id: `l:${l.id}`,
          data: posted,
          tipo: l.tipo,
          competencia: ch.competencia,
          valor: l.valor,
          cobrancaId: ch.id,
          detalhe: l.motivo ?? null,
        });
  }
  for (const p of payments) {
    const competencia = month.get(p.charge_id) ?? null;
    const base = { data: p.paid_on, competencia, cobrancaId: p.charge_id };
    const days = String(p.dias_atraso);
    if (p.multa > 0) entries.push({ ...base, id: `m:${p.id}`, tipo: "multa", valor: p.multa, detalhe: days });
    if (p.juros > 0) entries.push({ ...base, id: `j:${p.id}`, tipo: "juros", valor: p.juros, detalhe: days });
    entries.push({ ...base, id: `p:${p.id}`, tipo: "pagamento", valor: -p.amount, detalhe: null });
  }
  if (ended && ended.total < 0 && ended.entrega <= today)
    entries.push({
      id: `a:${ended.contratoId}`,
      data: ended.entrega,
      tipo: "acerto",
      competencia: null,
      valor: ended.total,
      cobrancaId: null,
      detalhe: null,
    });
  for (const a of adjustments) {
    // Announced ahead (on the lease's page), it enters the account on its anniversary.
    if (a.anniversary > today) continue;
    entries.push({
      id: `r:${a.id}`,
      data: a.anniversary,
      tipo: "reajuste",
      competencia: null,
      valor: 0,
      cobrancaId: null,
      detalhe: `${a.indice} ${a.percentual}`,
    });
  }
  entries.sort((x, y) => (x.data === y.data ? ORDER[x.tipo] - ORDER[y.tipo] : x.data < y.data ? -1 : 1));
  let saldo = 0;
  return entries.map((e) => {
    saldo += e.valor;
    return { ...e, saldo };
  });
}

/** What each charge was paid with, by charge. */
function paidBy(payments: PaymentRow[]) {
  const byCharge = new Map<string, { amount: number; paid_on: string }>();
  for (const p of payments) {
    const was = byCharge.get(p.charge_id);
    byCharge.set(p.charge_id, { amount: (was?.amount ?? 0) + p.amount, paid_on: p.paid_on });
  }
  return byCharge;
}

function summaries(lease: RentLease, charges: ChargeRow[], payments: PaymentRow[], day: string) {
  const paid = paidBy(payments);
  return charges.map((ch) => summaryOf(lease, ch, day, paid.get(ch.id)));
}

/** The open charge to pay next: the oldest unpaid one (a late one first). */
const nextOf = (list: ChargeSummary[]) => list.find((s) => s.status === "aberta") ?? null;
const lateSum = (list: ChargeSummary[]) =>
  list.filter((s) => s.atrasada).reduce((sum, s) => sum + s.devidoHoje, 0);

export function leaseSummaryOf(
  lease: RentLease,
  userId: string,
  charges: ChargeRow[],
  payments: PaymentRow[],
  adjustments: AdjustmentRow[],
  day: string,
): LeaseSummary {
  const list = summaries(lease, charges, payments, day);
  const papel = roleIn(lease, userId);
  return {
    id: lease.id,
    numero: lease.numero,
    papel,
    endereco: lease.data.imovel.endereco,
    outraParte: partyName(papel === "locador" ? lease.data.locatario : lease.data.locador),
    aluguelAtual: rentOn(lease, adjustments, day),
    emAtraso: lateSum(list),
    proxima: nextOf(list),
  };
}

export function leaseViewOf(
  lease: RentLease,
  userId: string,
  charges: ChargeRow[],
  payments: PaymentRow[],
  adjustments: AdjustmentRow[],
  day: string,
  o: { pixKeyMissing: boolean; preview: AdjustmentView | null; documents: LeaseView["documentos"] },
): LeaseView {
  const t = lease.data.termos;
  const list = summaries(lease, charges, payments, day);
  const late = lateTermsOf(lease);
  const known = new Set(adjustments.map((a) => a.anniversary));
  const next = anniversaries(scheduleOf(lease)).find((d) => !known.has(d) && d >= day);
  const papel = roleIn(lease, userId);
  return {
    id: lease.id,
    numero: lease.numero,
    papel,
    locador: partyName(lease.data.locador),
    locatario: partyName(lease.data.locatario),
    endereco: lease.data.imovel.endereco,
    termos: {
      aluguelInicial: t.aluguel,
      aluguelAtual: rentOn(lease, adjustments, day),
      condominio: t.condominio,
      iptu: t.iptu,
      seguroIncendio: t.seguroIncendio,
      diaVencimento: dueDayOf(lease, day.slice(0, 7)),
      inicio: t.dataInicio,
      fim: lastDayOf(lease),
      prazoMeses: termMonthsOf(lease),
      indice: indexOf(lease),
      multaBp: late.multaBp,
      jurosMesBp: late.jurosMesBp,
    },
    situacao: standingOn(termOf(lease), day),
    emAtraso: lateSum(list),
    proxima: nextOf(list),
    cobrancas: [...list].reverse(),
    extrato: ledgerOf(charges, payments, adjustments, day, lease.data.encerramento),
    reajustes: adjustments.map(adjustmentView),
    // An ended lease has no adjustment to come.
    proximoReajuste:
      next && !lease.data.encerramento
        ? { aniversario: next, indice: indexOf(lease), meses: adjustmentWindow(next), calculo: o.preview }
        : null,
    chavePixPendente: papel === "locador" && o.pixKeyMissing,
    locadorEmpresa: lease.data.locador.empresa !== undefined,
    documentos: o.documents,
  };
}

/**
 * A year's payments of a lease, by the month each was received (cash basis: the IRPF and the
 * carnê-leão count rent when received). A charge paid in full splits into its rent lines, its
 * other lines (condomínio, IPTU, insurance, the landlord's lines and discounts) and the late fees;
 * a partial payment (through a PSP) is counted whole under the charges until the rest comes.
 */
export function statementOf(
  lease: RentLease,
  userId: string,
  charges: ChargeRow[],
  payments: PaymentRow[],
  ano: number,
): YearStatement {
  const byCharge = new Map(charges.map((c) => [c.id, c]));
  const months = new Map<string, YearStatement["meses"][number]>();
  const anos = new Set<number>();
  for (const p of payments) {
    anos.add(Number(p.paid_on.slice(0, 4)));
    if (Number(p.paid_on.slice(0, 4)) !== ano) continue;
    const charge = byCharge.get(p.charge_id);
    const mes = p.paid_on.slice(0, 7);
    const row = months.get(mes) ?? {
      mes,
      competencias: [],
      aluguel: 0,
      encargos: 0,
      multaJuros: 0,
      total: 0,
    };
    const fees = p.multa + p.juros;
    const principal = p.amount - fees;
    const rent = charge?.lines.filter((l) => l.tipo === "aluguel").reduce((s, l) => s + l.valor, 0) ?? 0;
    // The rent share of what paid the principal: all of it when the charge was paid at once; for
    // a charge paid in parts, each part in the proportion of the rent in the charge.
    const aluguel = charge && charge.amount > 0 ? Math.round((principal * rent) / charge.amount) : 0;
    row.aluguel += aluguel;
    row.encargos += principal - aluguel;
    row.multaJuros += fees;
    row.total += p.amount;
    if (charge && !row.competencias.includes(charge.competencia)) row.competencias.push(charge.competencia);
    months.set(mes, row);
  }
  const meses = [...months.values()].sort((a, b) => (a.mes < b.mes ? -1 : 1));
  const sum = (k: "aluguel" | "encargos" | "multaJuros" | "total") => meses.reduce((s, m) => s + m[k], 0);
  const d = lease.data;
  return {
    ano,
    papel: roleIn(lease, userId),
    numero: lease.numero,
    endereco: d.imovel.endereco,
    // A company party reports under its CNPJ (issue 34): it is who paid or received.
    locador: { nome: partyName(d.locador), cpf: d.locador.empresa?.cnpj ?? d.locador.cpf },
    locatario: { nome: partyName(d.locatario), cpf: d.locatario.empresa?.cnpj ?? d.locatario.cpf },
    meses,
    totais: {
      aluguel: sum("aluguel"),
      encargos: sum("encargos"),
      multaJuros: sum("multaJuros"),
      total: sum("total"),
    },
    anos: [...anos].sort(),
  };
}

/** What the charge costs today, with the lease's rates. */
export function todayOf(lease: RentLease, charge: ChargeRow, day: string) {
  const owed = owedOn(lease, charge, day);
  return {
    data: day,
    diasAtraso: owed.diasAtraso,
    multa: owed.multa,
    juros: owed.juros,
    total: owed.total,
    multaBp: owed.multaBp,
    jurosMesBp: owed.jurosMesBp,
  };
}
