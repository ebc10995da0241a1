import type { z } from "zod";
import type { contractReview, witnessChoice } from "../../../shared/contracts/contracts";
import { WITNESSES_PER_PARTY } from "../../../shared/contracts/contracts";
import { AppError } from "../../../shared/errors";
import { agree } from "../../../shared/gender";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import {
  type ContractsContext,
  contractRow,
  landlordsContract,
  queueNotice,
  recordEvent,
  storeContractPdf,
} from "./context";
import type { ContractRow } from "./contracts.repository";
import { rewriteDraft, setSequential } from "./contracts.repository";
import { withDocumentFiles } from "./documents/files";
import { LEASE } from "./documents/kind";
import { checkSignerIdentities } from "./signers";
import { type ContractParty, renderContract } from "./template";

/** The landlord picks the order; the guarantor comes from the proposal and witnesses from either party. */
export async function reviewContract(
  ctx: ContractsContext,
  userId: string,
  id: string,
  input: z.output<typeof contractReview>,
): Promise<void> {
  await withTransaction(ctx.pool, async (c) => {
    const row = await landlordsContract(c, userId, id);
    if (row.status !== "rascunho") throw new AppError("contract-not-editable");
    await setSequential(c, id, input.sequential);
    await recordEvent(c, id, "revisado", { sha256: row.sha256 });
  });
}

/**
 * The landlord or the tenant names their witness (one each), or takes it back. The witness meets
 * the signer rules against everyone else who signs; the PDF is written again, and the other party
 * is told, so each sees the full list of signers before the contract is sent.
 */
export async function chooseWitness(
  ctx: ContractsContext,
  userId: string,
  id: string,
  input: z.output<typeof witnessChoice>,
): Promise<void> {
  // The rewritten PDF's bytes leave the store if this step rolls back (issue 30, item 6).
  await withDocumentFiles(ctx, async (c) => {
    const row = await contractRow(c, id, true);
    const by = row.landlord_id === userId ? "locador" : row.tenant_id === userId ? "locatario" : null;
    if (!by) throw new AppError("not-found");
    // Witnesses are the lease's (Lei 8.245 and CPC art. 784, III); a later document has none.
    if (row.status !== "rascunho" || row.kind !== LEASE) throw new AppError("contract-not-editable");
    const others = row.data.testemunhas.filter((w) => (w.indicadoPor ?? "locador") !== by);
    const testemunhas: ContractParty[] = input.testemunha
      ? [...others, { ...input.testemunha, indicadoPor: by }]
      : others;
    if (testemunhas.filter((w) => w.indicadoPor === by).length > WITNESSES_PER_PARTY)
      throw new AppError("too-many-witnesses");
    const data = { ...row.data, testemunhas };
    await checkSignerIdentities(c, row, data, "testemunha");
    const sha256 = await rewrite(ctx, c, row, data);
    await recordEvent(c, id, input.testemunha ? "testemunha_indicada" : "testemunha_retirada", {
      detail: `${partyWord(by, by === "locador" ? row.data.locador : row.data.locatario)}: ${input.testemunha?.nome ?? "sem testemunha"}`,
      sha256,
    });
    const other = by === "locador" ? row.data.locatario : row.data.locador;
    // Named, so the words need no "(a)" (decision 044).
    const chooser = (by === "locador" ? row.data.locador : row.data.locatario).nome;
    const otherEmail = by === "locador" ? row.data.emails.locatario : row.data.emails.locador;
    await queueNotice(
      ctx,
      c,
      { email: otherEmail, nome: other.nome },
      {
        text: input.testemunha
          ? {
              key: "contract.witnessChosen",
              params: { chooser, witness: input.testemunha.nome, numero: row.numero },
            }
          : { key: "contract.witnessRemoved", params: { chooser, numero: row.numero } },
        url: `${ctx.publicUrl}/Clicksign?contrato=${row.id}`,
      },
    );
  });
}

/** "Locadora", "Locador" or "Parte locadora" (and the tenant's), as the person's gender says. */
function partyWord(by: "locador" | "locatario", p: ContractParty): string {
  return by === "locador"
    ? agree(p.genero, { feminine: "Locadora", masculine: "Locador", neutral: "Parte locadora" })
    : agree(p.genero, { feminine: "Locatária", masculine: "Locatário", neutral: "Parte locatária" });
}

async function rewrite(
  ctx: ContractsContext,
  c: Queryable,
  row: ContractRow,
  data: ContractRow["data"],
): Promise<string> {
  const { bytes, sha256 } = await renderContract(data);
  const documentId = await storeContractPdf(ctx, c, row, bytes, sha256, `Contrato ${row.numero}.pdf`);
  await rewriteDraft(c, row.id, data, sha256, documentId);
  if (row.document_id) await ctx.storage.dropGenerated(c, row.document_id);
  return sha256;
}
