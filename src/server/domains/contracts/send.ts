import { randomUUID } from "node:crypto";
import { AppError } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import { type ContractsContext, landlordsContract, type RequestInfo, recordEvent } from "./context";
import type { EnvelopeSigner, SignerRole } from "./providers/types";
import { checkSignerIdentities, plannedSigners } from "./signers";

/**
 * Sends the contract for signing with the configured provider: the signers are recorded and the
 * envelope opened in one transaction, so either everyone is invited or nothing changed.
 */
export async function sendContract(ctx: ContractsContext, userId: string, id: string, req: RequestInfo) {
  await withTransaction(ctx.pool, async (c) => {
    const row = await landlordsContract(c, userId, id);
    if (row.status !== "rascunho") throw new AppError("contract-not-editable");
    const d = row.data;
    if (d.termos.garantia === "fiador" && !d.fiador) throw new AppError("guarantor-required");
    // The rules again at the last moment: an account e-mail may have changed since the draft.
    await checkSignerIdentities(c, row, d, "signatarios");
    const parties = plannedSigners(d).map((s) => ({
      ...s,
      role: s.role as SignerRole,
      userId: s.role === "locador" ? row.landlord_id : s.role === "locatario" ? row.tenant_id : null,
    }));
    const signers: EnvelopeSigner[] = [];
    for (const [position, s] of parties.entries()) {
      const email = s.email;
      const signerId = randomUUID();
      await c.query(
        `INSERT INTO contract_signers (id, contract_id, role, position, nome, cpf, email, user_id)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8)`,
        [signerId, id, s.role, position, s.p.nome, s.p.cpf, email, s.userId],
      );
      signers.push({ id: signerId, role: s.role, position, nome: s.p.nome, cpf: s.p.cpf, email });
    }
    const provider = ctx.provider;
    const expiresAt = new Date(ctx.clock.now().getTime() + ctx.envelopeDays * 86_400_000);
    await c.query(
      "UPDATE contracts SET status = 'enviado', provider = $2, expires_at = $3, updated_at = now() WHERE id = $1",
      [id, provider.name, expiresAt],
    );
    // Under the row lock: if the provider fails, the transaction rolls back and nothing was sent.
    await provider.open(c, { ...row, status: "enviado", provider: provider.name }, signers, expiresAt);
    await recordEvent(c, id, "enviado", {
      req,
      sha256: row.sha256,
      detail: provider.signsHere ? null : `via ${provider.name}`,
    });
  });
}
