import { randomUUID } from "node:crypto";
import { AppError } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import { type ContractsContext, landlordsContract, type RequestInfo, recordEvent } from "./context";
import { insertSigner } from "./contract-signers.repository";
import { markSent } from "./contracts.repository";
import { plannedSignersOf } from "./documents/registry";
import type { EnvelopeSigner } from "./providers/types";
import { checkSignerIdentities } from "./signers";

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
    // Who signs is the document's kind's to say (decision 047): for the lease, plannedSigners.
    const planned = plannedSignersOf(row);
    // The rules again at the last moment: an account e-mail may have changed since the draft.
    await checkSignerIdentities(c, row, d, (index) => `signatarios.${index}`, planned);
    const parties = planned.map((s) => ({
      ...s,
      userId: s.role === "locador" ? row.landlord_id : s.role === "locatario" ? row.tenant_id : null,
    }));
    const signers: EnvelopeSigner[] = [];
    for (const [position, s] of parties.entries()) {
      const email = s.email;
      const signerId = randomUUID();
      await insertSigner(c, {
        id: signerId,
        contract_id: id,
        role: s.role,
        position,
        nome: s.p.nome,
        cpf: s.p.cpf,
        email,
        user_id: s.userId,
      });
      signers.push({ id: signerId, role: s.role, position, nome: s.p.nome, cpf: s.p.cpf, email });
    }
    const provider = ctx.provider;
    const expiresAt = new Date(ctx.clock.now().getTime() + ctx.envelopeDays * 86_400_000);
    await markSent(c, id, provider.name, expiresAt);
    // Under the row lock: if the provider fails, the transaction rolls back and nothing was sent.
    await provider.open(
      c,
      { ...row, status: "enviado", provider: provider.name, expires_at: expiresAt },
      signers,
      expiresAt,
    );
    await recordEvent(c, id, "enviado", {
      req,
      sha256: row.sha256,
      detail: provider.signsHere ? null : `via ${provider.name}`,
    });
  });
}
