import type pg from "pg";
import { checkGuarantor, checkTerms } from "./checks";
import { type Moving, type ProposalsContext, rulesOf, type Step, termsOf, toOtherParty } from "./context";

/**
 * Terms agreed days ago meet the rules again (the entry date may have passed meanwhile), and the
 * guarantor is still one the landlord did not ask to replace.
 */
export function checkAgreement(ctx: ProposalsContext, m: Moving) {
  const { proposal: p } = m;
  checkTerms(ctx, termsOf(p), rulesOf(m.offer), "termos.");
  checkGuarantor(p.garantia, p.fiador, p.fiadores_recusados, "fiador");
}

/** The landlord approves the tenant's terms: the deal (`act` reserves the offer and closes the others). */
export async function approve(ctx: ProposalsContext, c: pg.PoolClient, m: Moving): Promise<Step> {
  await ctx.profiles.requireComplete(m.userId, c);
  checkAgreement(ctx, m);
  return {
    change: {},
    event: { type: "aprovada", changes: null },
    notices: [toOtherParty(m, "approved")],
  };
}
