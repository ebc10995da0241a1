import { signerIssue } from "../../../shared/contracts/contracts";
import { brazilDate, type Guarantor, type OfferRules, termsIssue } from "../../../shared/contracts/proposals";
import { AppError, errorMessage } from "../../../shared/errors";
import type { Queryable } from "../../db/rows";
import { shareDocuments } from "../../storage/document-shares.repository";
import { accountIdentities } from "../profile/profiles.repository";
import type { ProposalsContext } from "./context";
import { ownedDocumentCount } from "./proposals.repository";

/*
 * The rules a proposal's steps share (decision 017 and the signers' rules), each throwing the
 * refusal with the field it is about, and the sharing of the tenant's documents.
 */

/**
 * The rules of decision 017 against the offer, on Brazil's date by the injected clock: the
 * first one broken is the answer, with the field it is about.
 */
export function checkTerms(
  ctx: ProposalsContext,
  terms: Parameters<typeof termsIssue>[0],
  offer: OfferRules,
  prefix: string,
) {
  const issue = termsIssue(terms, offer, brazilDate(ctx.clock.now()));
  if (issue)
    throw new AppError(issue.code, {
      issues: [{ path: `${prefix}${issue.path}`, message: errorMessage(issue.code) }],
    });
}

/** A guarantor exactly when the guarantee is fiador, and never one the landlord asked to replace. */
export function checkGuarantor(garantia: string, fiador: Guarantor | null, refused: string[], path: string) {
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
export async function checkSigners(
  c: Queryable,
  tenantId: string,
  landlordId: string,
  cotenants: { cpf: string; email: string }[],
  fiador: Guarantor | null,
) {
  const rows = await accountIdentities(c, [landlordId, tenantId]);
  const parties = rows.map((r) => ({ email: r.email, cpf: r.cpf ?? `conta:${r.id}`, named: false }));
  const named = [
    ...cotenants.map((x, i) => ({ ...x, named: true, path: `cotenants.${i}` })),
    ...(fiador ? [{ ...fiador, named: true, path: "fiador" }] : []),
    // A married guarantor's spouse signs too (anuente): one more person with their own identity.
    ...(fiador?.conjuge ? [{ ...fiador.conjuge, named: true, path: "fiador.conjuge" }] : []),
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

/** Every document is the tenant's own: a proposal attaches nobody else's. */
export async function checkDocuments(c: Queryable, tenantId: string, ids: string[]) {
  if (ids.length === 0) return;
  if ((await ownedDocumentCount(c, ids, tenantId)) !== new Set(ids).size)
    throw new AppError("invalid-document");
}

/** The proposal's documents become readable by the offer's owner, and by nobody else. */
export async function shareWithLandlord(c: Queryable, proposalId: string, landlordId: string, ids: string[]) {
  await shareDocuments(c, ids, landlordId, `proposta:${proposalId}`);
}
