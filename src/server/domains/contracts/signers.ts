import { type SignerIdentity, type SignerRole, signerIssue } from "../../../shared/contracts/contracts";
import { AppError, errorMessage } from "../../../shared/errors";
import { emailsOf } from "../../auth/users.repository";
import type { Queryable } from "../../db/rows";
import type { ContractRow } from "./contracts.repository";
import { type ContractParty, representativesOf } from "./template";

/** Everyone who will sign a contract, in signing order, from its data. */
export function plannedSigners(
  data: ContractRow["data"],
): { role: SignerRole; p: ContractParty; email: string; named: boolean }[] {
  return [
    { role: "locador", p: data.locador, email: data.emails.locador, named: false },
    { role: "locatario", p: data.locatario, email: data.emails.locatario, named: false },
    ...data.colocatarios.map((p) => ({ role: "colocatario" as const, p, email: p.email ?? "", named: true })),
    ...(data.termos.garantia === "fiador" && data.fiador
      ? [{ role: "fiador" as const, p: data.fiador, email: data.fiador.email ?? "", named: true }]
      : []),
    ...(data.termos.garantia === "fiador" && data.fiador?.conjuge
      ? [
          {
            role: "anuente" as const,
            p: data.fiador.conjuge,
            email: data.fiador.conjuge.email ?? "",
            named: true,
          },
        ]
      : []),
    // A company's other representatives (issue 34), in signatureLines' order.
    ...[...representativesOf(data.locador), ...representativesOf(data.locatario)].map((p) => ({
      role: "representante" as const,
      p,
      email: p.email,
      named: true,
    })),
    ...data.testemunhas.map((p) => ({ role: "testemunha" as const, p, email: p.email ?? "", named: true })),
  ];
}

/**
 * The signer rules of decision 017 over the whole list, against the parties' account e-mails as
 * they are now: the first one broken is refused, naming `path` (the field the user typed), or the
 * signer's place in plannedSigners when `path` is a function of it (the send: "signatarios.2.cpf"
 * lets the review say whose CPF it is).
 */
export async function checkSignerIdentities(
  c: Queryable,
  row: Pick<ContractRow, "landlord_id" | "tenant_id">,
  data: ContractRow["data"],
  path: string | ((index: number) => string),
  /** Who signs, when the document is not the lease (its kind's signers; decision 047). */
  planned: { email: string; p: ContractParty; named: boolean }[] = plannedSigners(data),
): Promise<void> {
  const accountEmails = await emailsOf(c, [row.landlord_id, row.tenant_id]);
  const list: SignerIdentity[] = planned.map((s) => ({ email: s.email, cpf: s.p.cpf, named: s.named }));
  const issue = signerIssue(list, [...accountEmails, data.emails.locador, data.emails.locatario]);
  if (issue)
    throw new AppError(issue.code, {
      issues: [
        {
          path: `${typeof path === "string" ? path : path(issue.index)}.${issue.path}`,
          message: errorMessage(issue.code),
        },
      ],
    });
}
