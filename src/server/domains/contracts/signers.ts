import { type SignerIdentity, signerIssue } from "../../../shared/contracts/contracts";
import { AppError, errorMessage } from "../../../shared/errors";
import type { ContractRow, Queryable } from "./context";
import type { ContractParty } from "./template";

export type PlannedRole = "locador" | "locatario" | "colocatario" | "fiador" | "testemunha";

/** Everyone who will sign a contract, in signing order, from its data. */
export function plannedSigners(
  data: ContractRow["data"],
): { role: PlannedRole; p: ContractParty; email: string; named: boolean }[] {
  return [
    { role: "locador", p: data.locador, email: data.emails.locador, named: false },
    { role: "locatario", p: data.locatario, email: data.emails.locatario, named: false },
    ...data.colocatarios.map((p) => ({ role: "colocatario" as const, p, email: p.email ?? "", named: true })),
    ...(data.termos.garantia === "fiador" && data.fiador
      ? [{ role: "fiador" as const, p: data.fiador, email: data.fiador.email ?? "", named: true }]
      : []),
    ...data.testemunhas.map((p) => ({ role: "testemunha" as const, p, email: p.email ?? "", named: true })),
  ];
}

/**
 * The signer rules of decision 017 over the whole list, against the parties' account e-mails as
 * they are now: the first one broken is refused, naming `path` (the field the user typed).
 */
export async function checkSignerIdentities(
  c: Queryable,
  row: Pick<ContractRow, "landlord_id" | "tenant_id">,
  data: ContractRow["data"],
  path: string,
): Promise<void> {
  const { rows } = await c.query<{ email: string }>("SELECT email FROM users WHERE id = ANY($1::text[])", [
    [row.landlord_id, row.tenant_id],
  ]);
  const planned = plannedSigners(data);
  const list: SignerIdentity[] = planned.map((s) => ({ email: s.email, cpf: s.p.cpf, named: s.named }));
  const issue = signerIssue(list, [...rows.map((r) => r.email), data.emails.locador, data.emails.locatario]);
  if (issue)
    throw new AppError(issue.code, {
      issues: [{ path: `${path}.${issue.path}`, message: errorMessage(issue.code) }],
    });
}
