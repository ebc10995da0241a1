import type pg from "pg";
import type { z } from "zod";
import {
  depositMonths,
  type Guarantor,
  type ProposalChangeValue,
  type ProposalTerms,
  type proposalAction,
} from "../../../shared/contracts/proposals";
import { AppError } from "../../../shared/errors";
import { checkGuarantor, checkSigners, checkTerms } from "./checks";
import { type Moving, type ProposalsContext, rulesOf, type Step, termsOf, toOtherParty } from "./context";
import type { ProposalEvent } from "./proposal-events.repository";

type CounterInput = Extract<z.output<typeof proposalAction>, { action: "counter" }>;

/** What a counter-offer changed: { field: [before, after] } for each field that moved. */
function diff(
  before: ProposalTerms,
  after: ProposalTerms,
): Record<string, [ProposalChangeValue, ProposalChangeValue]> | null {
  const changes: Record<string, [ProposalChangeValue, ProposalChangeValue]> = {};
  for (const key of Object.keys(after) as (keyof ProposalTerms)[])
    if (before[key] !== after[key]) changes[key] = [before[key], after[key]];
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * The guarantor after the counter: none without fiador; the tenant may name a new one (checked
 * against the refused and the other signers); the landlord accepts the tenant's or asks for
 * another, never names one.
 */
async function guarantorAfter(c: pg.PoolClient, m: Moving, input: CounterInput): Promise<Guarantor | null> {
  const { proposal: p } = m;
  if (m.party === "landlord" && input.fiador) throw new AppError("guarantor-not-expected");
  const next =
    input.termos.garantia !== "fiador" ? null : m.party === "tenant" ? (input.fiador ?? p.fiador) : p.fiador;
  if (m.party === "tenant") {
    checkGuarantor(input.termos.garantia, next, p.fiadores_recusados, "fiador");
    if (input.fiador) await checkSigners(c, p.tenant_id, p.landlord_id, p.cotenants, input.fiador);
  }
  return next;
}

/** Either party proposes other terms (and the tenant, perhaps, another guarantor): the other's turn. */
export async function counter(
  ctx: ProposalsContext,
  c: pg.PoolClient,
  m: Moving,
  input: CounterInput,
): Promise<Step> {
  const { proposal: p } = m;
  // A landlord's counter is terms the tenant may accept, which concludes the deal: she offers
  // them only with the profile a contract needs, as when she approves.
  if (m.party === "landlord") await ctx.profiles.requireComplete(m.userId, c);
  const rules = rulesOf(m.offer);
  checkTerms(ctx, input.termos, rules, "termos.");
  const fiador = await guarantorAfter(c, m, input);
  const terms = {
    ...input.termos,
    caucaoMeses: depositMonths(input.termos.garantia, input.termos.caucaoMeses, rules),
  };
  let changes: ProposalEvent["changes"] = {
    ...diff(termsOf(p), terms),
    ...(fiador?.cpf !== p.fiador?.cpf ? { fiador: [p.fiador?.nome ?? null, fiador?.nome ?? null] } : {}),
  };
  if (Object.keys(changes).length === 0) changes = null;
  return {
    change: { terms, fiador },
    event: { type: "contraproposta", changes, detail: input.mensagem || undefined },
    notices: [toOtherParty(m, noticeKey(m, changes, fiador), { hours: ctx.deadlineHours })],
  };
}

/**
 * The subject says what happened, for an inbox read at a glance: a tenant's counter whose only
 * change is the guarantor names the guarantor (`newGuarantor`); the landlord's is `countered`.
 */
function noticeKey(m: Moving, changes: ProposalEvent["changes"], fiador: Guarantor | null): string {
  if (m.party === "landlord") return "countered";
  const newGuarantorOnly =
    changes !== null && Object.keys(changes).length === 1 && "fiador" in changes && fiador !== null;
  return newGuarantorOnly ? "newGuarantor" : "counteredBack";
}
