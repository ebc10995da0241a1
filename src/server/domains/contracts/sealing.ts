import { createHash } from "node:crypto";
import { type ContractsContext, contractRow, queueNotice, recordEvent, storeContractPdf } from "./context";
import { trailOf } from "./contract-events.repository";
import { signersOf } from "./contract-signers.repository";
import type { ContractRow } from "./contracts.repository";
import { markSigned } from "./contracts.repository";
import { withDocumentFiles } from "./documents/files";
import { LEASE } from "./documents/kind";
import { documentSealedNotice } from "./documents/notices";
import { documentKind } from "./documents/registry";
import { appendCompletionCertificate, sealPdf } from "./seal";
import { stampSignatures } from "./signature-stamps";

const ROLE_LABEL: Record<string, string> = {
  locador: "LOCADOR(A)",
  locatario: "LOCATÁRIO(A)",
  colocatario: "COLOCATÁRIO(A)",
  fiador: "FIADOR(A)",
  anuente: "CÔNJUGE DO(A) FIADOR(A), ANUENTE",
  representante: "REPRESENTANTE DE PESSOA JURÍDICA",
  testemunha: "TESTEMUNHA",
};

function fmt(d: Date): string {
  return d.toLocaleString("pt-BR", {
    timeZone: "America/Sao_Paulo",
    dateStyle: "short",
    timeStyle: "medium",
  });
}

/**
 * The `contract.seal` job, sent with the last signature: the certificate of completion, the seal,
 * then `finishContract`. Does nothing for a contract no longer "selando" (already sealed by an
 * earlier try), so a retry after a crash is harmless.
 */
export async function sealContract(ctx: ContractsContext, contractId: string): Promise<void> {
  const row = await contractRow(ctx.pool, contractId);
  if (row.status !== "selando" || !row.document_id || !row.sha256) return;
  const signers = await signersOf(ctx.pool, contractId);
  const events = await trailOf(ctx.pool, contractId);
  const original = await ctx.storage.readBytes(row.document_id);
  // Each drawn signature on its signer's line; the certificate keeps the hash of what was signed.
  // A contract whose lines cannot be matched to its signers (one drafted by an older template)
  // is sealed without the drawings rather than never: the signatures are in the trail either way.
  const signed = await stampSignatures(
    original,
    signers.map((s) => ({ role: s.role, position: s.position, nome: s.nome, image: s.signature_image })),
  ).catch((err: unknown) => {
    ctx.log.warn({ err, contractId }, "seal: drawn signatures not printed");
    return original;
  });
  const withCertificate = await appendCompletionCertificate(signed, {
    numero: row.numero,
    sha256: row.sha256,
    signers: signers.map((s) => ({
      roleLabel: ROLE_LABEL[s.role] ?? s.role,
      nome: s.nome,
      cpf: s.cpf,
      email: s.email,
      signedAt: s.signed_at ? fmt(s.signed_at) : null,
    })),
    events: events.map((e) => ({
      at: fmt(e.created_at),
      actor: e.nome,
      type: e.type,
      detail: e.detail,
      ip: e.ip,
    })),
  });
  const sealed = await sealPdf(withCertificate, await ctx.seal());
  if (await finishContract(ctx, row, sealed))
    for (const party of [row.landlord_id, row.tenant_id])
      await ctx.track?.(party, "contract_sealed").catch(() => undefined);
}

/**
 * Stores the signed and sealed file (ours, or the provider's), marks the contract signed and the
 * offer rented, and queues every signer's e-mail with the final PDF, all in one transaction. Runs
 * once: a second call finds the contract no longer "selando".
 */
export async function finishContract(
  ctx: ContractsContext,
  row: ContractRow,
  sealed: Uint8Array,
): Promise<boolean> {
  const sealedSha = createHash("sha256").update(sealed).digest("hex");
  const kind = documentKind(row.kind);
  // The sealed file's bytes leave the store if this transaction rolls back (issue 30, item 6).
  return withDocumentFiles(ctx, async (c) => {
    const locked = await contractRow(c, row.id, true);
    if (locked.status !== "selando") return false;
    const id = await storeContractPdf(ctx, c, row, sealed, sealedSha, kind.fileName(row.numero, true));
    await markSigned(c, row.id, id, sealedSha);
    // What the kind's sealing changes elsewhere (the lease: the offer is rented).
    await kind.sealed?.(c, row);
    if (row.kind === LEASE) for (const listener of ctx.leaseSealed) await listener(c, row.id);
    else if (row.parent_id)
      for (const listener of ctx.documentSealed)
        await listener(c, { id: row.id, kind: row.kind, leaseId: row.parent_id });
    await recordEvent(c, row.id, "selado", {
      sha256: sealedSha,
      detail: row.provider === "builtin" ? null : `arquivo assinado pela ${row.provider}`,
    });
    for (const s of await signersOf(c, row.id)) {
      const url = s.user_id
        ? `${ctx.publicUrl}/ViewDocument?id=${id}`
        : `${ctx.publicUrl}${ctx.storage.signedUrl(id, "attachment", 30 * 86_400).url}`;
      if (row.kind !== LEASE) {
        await queueNotice(ctx, c, s, { ...documentSealedNotice(row), url });
        continue;
      }
      await queueNotice(ctx, c, s, {
        text: { key: "contract.sealed", params: { numero: row.numero, address: row.data.imovel.endereco } },
        url,
      });
    }
    return true;
  });
}
