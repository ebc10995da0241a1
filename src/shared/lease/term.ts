import { differenceInCalendarDays } from "date-fns";
import { leaseLastDay, termExpiry } from "../dates";
import { parseDay, plusDays } from "../rent/calendar";
import { divRoundHalfUp } from "../rent/rounding";

/*
 * Where a lease stands in its term, who may end it and how, and the fine for leaving early:
 * Lei 8.245/91 arts. 4, 6, 46, 47, 56 and 57, on calendar days (YYYY-MM-DD) counted as the
 * contract counts them (Código Civil art. 132 § 3º: a term of months expires on the day of the
 * same number; src/shared/dates.ts).
 */

export interface LeaseTerm {
  dataInicio: string;
  prazoMeses: number;
  /** A non-residential lease (arts. 51–57) ends and continues by other articles. */
  naoResidencial: boolean;
}

/** The 30 days the law counts after a term ends (arts. 46 § 1º, 56 par. único) and for notice (arts. 6, 46 § 2º, 57). */
export const LEGAL_NOTICE_DAYS = 30;
/** A residential lease of 30 months or more ends at its term (art. 46); a shorter one continues (art. 47). */
export const LONG_LEASE_MONTHS = 30;
/** Art. 47 V: a shorter lease may be ended by the landlord once it has run five years without a break. */
export const ART_47_V_MONTHS = 60;

/** Days from `a` to `b` (b − a). */
export const daysFrom = (a: string, b: string) => differenceInCalendarDays(parseDay(b), parseDay(a));

export type Standing =
  /** Signed, not begun. */
  | { situacao: "a_iniciar"; inicio: string; fim: string }
  /** Within the term agreed: it ends on `fim`; `aoFim` is the article that says what happens then. */
  | { situacao: "em_vigor"; fim: string; diasParaFim: number; aoFim: ContinuationArticle }
  /**
   * The term is over and the tenant is still in: the landlord may still object until
   * `oposicaoAte` (arts. 46 § 1º, 56 par. único); past it, the lease continues.
   */
  | { situacao: "prazo_findo"; fim: string; oposicaoAte: string; artigo: ContinuationArticle }
  /** Continues for an indefinite term since `desde`, by `artigo`. */
  | { situacao: "prorrogada"; fim: string; desde: string; artigo: ContinuationArticle };

/** Art. 46 (residential, 30 months or more), 47 (residential, shorter), 56 (non-residential). */
export type ContinuationArticle = "46" | "47" | "56";

export function continuationArticle(t: LeaseTerm): ContinuationArticle {
  if (t.naoResidencial) return "56";
  return t.prazoMeses < LONG_LEASE_MONTHS ? "47" : "46";
}

/**
 * Where the lease stands on `day`. A residential lease shorter than 30 months continues for an
 * indefinite term the day after its term (art. 47, "prorroga-se automaticamente"); a residential
 * one of 30 months or more (art. 46 § 1º) and a non-residential one (art. 56 par. único) are
 * presumed to continue once the tenant has stayed more than 30 days without the landlord's
 * objection: from the 31st day after the term's last day.
 */
export function standingOn(t: LeaseTerm, day: string): Standing {
  const fim = leaseLastDay(t.dataInicio, t.prazoMeses);
  if (day < t.dataInicio) return { situacao: "a_iniciar", inicio: t.dataInicio, fim };
  const artigo = continuationArticle(t);
  if (day <= fim) return { situacao: "em_vigor", fim, diasParaFim: daysFrom(day, fim), aoFim: artigo };
  if (artigo === "47") return { situacao: "prorrogada", fim, desde: plusDays(fim, 1), artigo };
  const oposicaoAte = plusDays(fim, LEGAL_NOTICE_DAYS);
  if (day <= oposicaoAte) return { situacao: "prazo_findo", fim, oposicaoAte, artigo };
  return { situacao: "prorrogada", fim, desde: plusDays(oposicaoAte, 1), artigo };
}

export type NoticeParty = "locatario" | "locador";

export type NoticeRule =
  | {
      permitida: true;
      /** The days the other party has from the notice to the keys (0: any date the tenant names). */
      antecedenciaDias: number;
      /** The article that gives the right. */
      artigo: string;
      /** The tenant leaving within the term owes the proportional fine (art. 4) unless exempt. */
      multaProporcional: boolean;
    }
  | { permitida: false; artigo: string };

/**
 * Who may give notice on `day`, by the lease's standing then, and with how many days. Left out, because they need a
 * court or proof Chave cannot weigh: the landlord's art. 9 grounds (an infraction, unpaid rent,
 * urgent repairs ordered by the authorities: an eviction suit, art. 59) and art. 47's I–IV (the
 * end of an employment the lease depended on, the landlord's own or a relative's use, demolition
 * or works), which the landlord proves in court; an agreement to end (mútuo acordo, art. 9 I) is
 * a termination both sign, not a notice.
 */
export function noticeRule(t: LeaseTerm, day: string, by: NoticeParty): NoticeRule {
  const standing = standingOn(t, day);
  if (standing.situacao === "a_iniciar") return { permitida: false, artigo: "4" };
  if (by === "locatario") {
    // Art. 4: the tenant may return the unit within the term, paying the proportional fine;
    // art. 6: in an indefinite term, with 30 days' written notice. After the term, in the
    // objection window, leaving owes no fine and needs no notice (the term is over).
    if (standing.situacao === "em_vigor")
      return { permitida: true, antecedenciaDias: 0, artigo: "4", multaProporcional: true };
    if (standing.situacao === "prazo_findo")
      return {
        permitida: true,
        antecedenciaDias: 0,
        artigo: t.naoResidencial ? "56" : "46",
        multaProporcional: false,
      };
    return { permitida: true, antecedenciaDias: LEGAL_NOTICE_DAYS, artigo: "6", multaProporcional: false };
  }
  // The landlord: never within the term (art. 4, "não poderá o locador reaver o imóvel").
  if (standing.situacao === "em_vigor") return { permitida: false, artigo: "4" };
  if (standing.situacao === "prazo_findo")
    // The objection of arts. 46 § 1º and 56 par. único: the term is over, the unit is due back.
    return {
      permitida: true,
      antecedenciaDias: LEGAL_NOTICE_DAYS,
      artigo: t.naoResidencial ? "56" : "46 § 1º",
      multaProporcional: false,
    };
  if (standing.artigo === "46")
    return {
      permitida: true,
      antecedenciaDias: LEGAL_NOTICE_DAYS,
      artigo: "46 § 2º",
      multaProporcional: false,
    };
  if (standing.artigo === "56")
    return { permitida: true, antecedenciaDias: LEGAL_NOTICE_DAYS, artigo: "57", multaProporcional: false };
  // Art. 47: a shorter lease, once it has run five years without a break (V); 30 days, as art. 46 § 2º.
  return day >= termExpiry(t.dataInicio, ART_47_V_MONTHS)
    ? { permitida: true, antecedenciaDias: LEGAL_NOTICE_DAYS, artigo: "47 V", multaProporcional: false }
    : { permitida: false, artigo: "47" };
}

/** How much of the term is left on the day the keys come back, as the contract counts months. */
export interface TermLeft {
  /** Whole months of the term completed by the key-return day. */
  mesesCumpridos: number;
  /** Days of the month in progress that were lived (the key-return day included). */
  diasDoMes: number;
  /** The days of that contract month (from the same-numbered day to the day before the next). */
  diasNoMes: number;
  /** Months left, as a fraction: (prazo − cumpridos) − diasDoMes/diasNoMes. */
  restante: { num: bigint; den: bigint };
}

/**
 * The part of the term left when the keys come back on `entrega` (the tenant has the unit through
 * that day). A contract month runs from the start's day-number to the day before the next one
 * (termExpiry), so month 14 of a lease begun on 10/01 runs from 10/02 of the next year to 09/03;
 * a month in progress counts by its days lived over its own days.
 */
export function termLeft(t: Pick<LeaseTerm, "dataInicio" | "prazoMeses">, entrega: string): TermLeft {
  const fim = leaseLastDay(t.dataInicio, t.prazoMeses);
  if (entrega < t.dataInicio)
    throw new RangeError(`keys returned (${entrega}) before the lease began (${t.dataInicio})`);
  if (entrega >= fim)
    return { mesesCumpridos: t.prazoMeses, diasDoMes: 0, diasNoMes: 1, restante: { num: 0n, den: 1n } };
  let k = 0;
  // The months completed: the (k+1)-th month's last day is the day before termExpiry(start, k+1).
  while (k < t.prazoMeses && termExpiry(t.dataInicio, k + 1) <= plusDays(entrega, 1)) k++;
  const from = termExpiry(t.dataInicio, k);
  const to = termExpiry(t.dataInicio, k + 1);
  const diasNoMes = daysFrom(from, to);
  const diasDoMes = daysFrom(from, entrega) + 1;
  const partial = diasDoMes === diasNoMes ? 0 : diasDoMes;
  const months = BigInt(t.prazoMeses - k);
  return {
    mesesCumpridos: k,
    diasDoMes: partial,
    diasNoMes,
    restante: { num: months * BigInt(diasNoMes) - BigInt(partial), den: BigInt(diasNoMes) },
  };
}

export interface EarlyReturnFine {
  /** Centavos: the contract's fine × the months left over the term's months, rounded half up once. */
  valor: number;
  /** The whole fine the contract states (multaAlugueis × rent), before the proportion. */
  multaIntegral: number;
  termo: TermLeft;
  /** Why nothing is owed, when nothing is. */
  isencao: "prazo_cumprido" | "transferencia" | null;
}

/**
 * Art. 4: the tenant who returns the unit within the term pays the agreed fine "proporcional ao
 * período de cumprimento do contrato" — the contract's fine (Chave's lease: three rents, clause
 * "Da multa rescisória") times the part of the term left. Its parágrafo único waives it when the
 * tenant's employer transfers them to work elsewhere and they gave the landlord at least 30 days'
 * written notice (`transferencia`: the notice's date, with the employer's letter). The rent is the
 * one in force on the key-return day (after the yearly adjustments).
 */
export function earlyReturnFine(o: {
  term: Pick<LeaseTerm, "dataInicio" | "prazoMeses">;
  /** Rents the contract's fine is worth (3 in every lease Chave writes). */
  multaAlugueis: number;
  aluguel: number;
  entrega: string;
  /** The employer-transfer notice's date (art. 4 par. único), when the tenant gave one. */
  transferencia?: { avisoEm: string } | null;
}): EarlyReturnFine {
  const termo = termLeft(o.term, o.entrega);
  const multaIntegral = o.multaAlugueis * o.aluguel;
  if (termo.restante.num === 0n) return { valor: 0, multaIntegral, termo, isencao: "prazo_cumprido" };
  if (o.transferencia && daysFrom(o.transferencia.avisoEm, o.entrega) >= LEGAL_NOTICE_DAYS)
    return { valor: 0, multaIntegral, termo, isencao: "transferencia" };
  const valor = divRoundHalfUp(
    BigInt(multaIntegral) * termo.restante.num,
    termo.restante.den * BigInt(o.term.prazoMeses),
  );
  return { valor: Number(valor), multaIntegral, termo, isencao: null };
}
