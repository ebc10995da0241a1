import type { z } from "zod";
import type { contractReview } from "../../../shared/contracts/contracts";
import { AppError } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import { type ContractsContext, landlordsContract, recordEvent, storeContractPdf } from "./context";
import { renderContract } from "./template";

/** The landlord adds the guarantor and witnesses, and picks the order; the PDF is written again. */
export async function reviewContract(
  ctx: ContractsContext,
  userId: string,
  id: string,
  input: z.output<typeof contractReview>,
): Promise<void> {
  await withTransaction(ctx.pool, async (c) => {
    const row = await landlordsContract(c, userId, id);
    if (row.status !== "rascunho") throw new AppError("contract-not-editable");
    if (row.data.termos.garantia === "fiador" && !input.fiador) throw new AppError("guarantor-required");
    const data = {
      ...row.data,
      fiador: row.data.termos.garantia === "fiador" ? input.fiador : null,
      testemunhas: input.testemunhas,
    };
    const { bytes, sha256 } = await renderContract(data);
    const documentId = await storeContractPdf(ctx, c, row, bytes, sha256, `Contrato ${row.numero}.pdf`);
    await c.query(
      "UPDATE contracts SET data = $2, sha256 = $3, document_id = $4, sequential = $5, updated_at = now() WHERE id = $1",
      [id, JSON.stringify(data), sha256, documentId, input.sequencial],
    );
    if (row.document_id) await ctx.storage.dropGenerated(c, row.document_id);
    await recordEvent(c, id, "revisado", { sha256 });
  });
}
