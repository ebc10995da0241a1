import { AppError } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import {
  buttonFor,
  type ContractsContext,
  contractRow,
  JOBS,
  queueNotice,
  type RequestInfo,
  recordEvent,
} from "./context";
import { externalEventSeen } from "./contract-events.repository";
import {
  recordRefusalAtProvider,
  recordSignatureAtProvider,
  signerAtProvider,
  signersOf,
} from "./contract-signers.repository";
import { contractAtProvider, markCancelled, markRefused, markSealing } from "./contracts.repository";
import { envelopeRef } from "./providers/clicksign-envelopes";
import { finishContract } from "./sealing";

/**
 * A webhook delivery from the external provider: checked against its HMAC, then applied once in
 * one transaction (a replay finds its id already recorded). Unknown documents and events are
 * acknowledged and ignored, so the provider stops retrying them. The closing of the envelope only
 * records that it closed and sends a job that fetches the signed file: the provider is answered at
 * once, and the file is fetched again after any crash until it is stored.
 */
export async function handleWebhook(
  ctx: ContractsContext,
  rawBody: Buffer,
  headers: Record<string, string | string[] | undefined>,
  req: RequestInfo,
): Promise<{ handled: boolean; duplicate?: boolean }> {
  const provider = ctx.clicksign;
  if (!provider) throw new AppError("not-found");
  const ev = provider.webhook(rawBody, headers);
  if (ev.type === "ignored" || !ev.documentKey) return { handled: false };
  const row = await contractAtProvider(ctx.pool, provider.name, ev.documentKey);
  if (!row) return { handled: false };
  const origin: RequestInfo = { ip: req.ip, userAgent: `${provider.name} webhook` };
  try {
    return await withTransaction(ctx.pool, async (c) => {
      const locked = await contractRow(c, row.id, true);
      if (await externalEventSeen(c, ev.id)) return { handled: false, duplicate: true };
      if (ev.type === "closed") {
        if (locked.status !== "enviado")
          return { handled: false, duplicate: locked.status === "assinado" || locked.status === "selando" };
        await markSealing(c, row.id);
        await recordEvent(c, row.id, `${provider.name}_${ev.name}`, { req: origin, externalId: ev.id });
        await ctx.jobs.send(c, JOBS.providerClosed, { contractId: row.id });
        return { handled: true };
      }
      const signer = ev.signer
        ? await signerAtProvider(c, row.id, ev.signer.key, ev.signer.email)
        : undefined;
      const at =
        ev.occurredAt && !Number.isNaN(Date.parse(ev.occurredAt)) ? new Date(ev.occurredAt) : ctx.clock.now();
      if (ev.type === "signed") {
        if (!signer) return { handled: true };
        await recordSignatureAtProvider(c, signer.id, at);
        await recordEvent(c, row.id, "assinado", {
          signerId: signer.id,
          req: origin,
          sha256: locked.sha256,
          externalId: ev.id,
        });
        return { handled: true };
      }
      if (locked.status !== "enviado") {
        await recordEvent(c, row.id, `${provider.name}_${ev.name}`, { req: origin, externalId: ev.id });
        return { handled: true };
      }
      if (ev.type === "refused") {
        if (signer) await recordRefusalAtProvider(c, signer.id, ev.reason ?? "Recusado na Clicksign");
        await markRefused(c, row.id);
        await recordEvent(c, row.id, "recusado", {
          signerId: signer?.id ?? null,
          req: origin,
          detail: ev.reason,
          sha256: locked.sha256,
          externalId: ev.id,
        });
        const who = signer?.nome ?? { t: "notices.contract.someSigner" };
        const reason = ev.reason ?? { t: "notices.contract.noReason" };
        for (const other of (await signersOf(c, row.id)).filter((s) => s.status !== "recusado"))
          await queueNotice(ctx, c, other, {
            text: { key: "contract.refusedAtProvider", params: { numero: row.numero, who, reason } },
            ...buttonFor(ctx, other, row, `${ctx.publicUrl}/AluguelHistorico`),
          });
        return { handled: true };
      }
      // Cancelled at the provider, or its deadline passed before everyone signed.
      await markCancelled(c, row.id);
      await recordEvent(c, row.id, "cancelado", {
        req: origin,
        detail: ev.type === "expired" ? "prazo de assinatura encerrado" : `cancelado na ${provider.name}`,
        externalId: ev.id,
      });
      return { handled: true };
    });
  } catch (err) {
    // The same delivery twice at once: the unique external_id lets only one through.
    if ((err as { code?: string }).code === "23505") return { handled: false, duplicate: true };
    throw err;
  }
}

/**
 * The `contract.provider-closed` job: fetches the provider's signed file and finishes the contract
 * with it. A provider that fails makes the job retry later.
 */
export async function fetchProviderSigned(ctx: ContractsContext, contractId: string): Promise<void> {
  const row = await contractRow(ctx.pool, contractId);
  if (row.status !== "selando") return;
  if (!ctx.clicksign || ctx.clicksign.name !== row.provider) throw new AppError("signing-provider-failed");
  const signed = await ctx.clicksign.download(envelopeRef(row));
  await finishContract(ctx, row, signed);
}
