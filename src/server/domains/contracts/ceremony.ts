import { randomBytes, randomInt, timingSafeEqual } from "node:crypto";
import type { CeremonyView } from "../../../shared/contracts/contracts";
import { CODE_MAX_ATTEMPTS, CODE_MAX_FAILURES, CODE_TTL_MINUTES } from "../../../shared/contracts/contracts";
import { AppError, type ErrorCode } from "../../../shared/errors";
import { knownGender } from "../../../shared/gender";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import {
  type ContractsContext,
  contractRow,
  mailOnly,
  providerOf,
  queueNotice,
  type RequestInfo,
  recordEvent,
  sha,
  signingUrl,
} from "./context";
import type { SignerRow } from "./contract-signers.repository";
import {
  markViewed,
  pendingSignerOfUser,
  recordWrongCode,
  setCode,
  setTokenHash,
  signerByTokenHash,
  unsignedBefore,
} from "./contract-signers.repository";
import type { ContractRow } from "./contracts.repository";
import { partyOf } from "./invitation";
import { partyName } from "./template";

/*
 * The signer's side of the built-in provider: the personal link, the e-mailed one-time code.
 */

const masked = (email: string) => email.replace(/^(.).*(@.*)$/, "$1***$2");

/** The signer a personal link belongs to, whatever the contract's state; not-found as an invalid link. */
async function linkOwner(
  c: Queryable,
  contractId: string,
  token: string,
  lock = false,
): Promise<{ row: ContractRow; signer: SignerRow }> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw new AppError("invalid-signing-link");
  const signer = await signerByTokenHash(c, contractId, sha(token), lock);
  if (!signer) throw new AppError("invalid-signing-link");
  return { row: await contractRow(c, contractId, lock), signer };
}

/** The signer a personal link belongs to, while the contract is out for signing and they have not answered. */
export async function signerByToken(
  ctx: ContractsContext,
  c: Queryable,
  contractId: string,
  token: string,
  lock = false,
): Promise<{ row: ContractRow; signer: SignerRow }> {
  const { row, signer } = await linkOwner(c, contractId, token, lock);
  const expired = row.expires_at !== null && row.expires_at.getTime() < ctx.clock.now().getTime();
  if (row.status !== "enviado" || expired || signer.status === "assinado" || signer.status === "recusado")
    throw new AppError("invalid-signing-link");
  return { row, signer };
}

export async function isTurn(c: Queryable, row: ContractRow, signer: SignerRow): Promise<boolean> {
  if (!row.sequential) return true;
  return (await unsignedBefore(c, row.id, signer.position)) === 0;
}

/**
 * Checks the code, and records the try in the audit trail whatever its outcome. Five wrong tries
 * lock one code until a new one is sent; ten wrong tries over the envelope's whole life (never
 * reset by a new code) block the signer, and the signer and the landlord are told by e-mail. A
 * wrong try is counted in the caller's transaction, which must then commit (so the answer is
 * returned, not thrown).
 */
export async function checkCode(
  ctx: ContractsContext,
  c: Queryable,
  row: ContractRow,
  signer: SignerRow,
  code: string,
  req: RequestInfo,
  /** The signer's personal link, for the e-mail that tells them they are blocked (it opens without an account). */
  token: string,
): Promise<ErrorCode | null> {
  const attempt = (detail: string) =>
    recordEvent(c, row.id, "codigo_incorreto", { signerId: signer.id, req, detail });
  if (signer.blocked_at) {
    await attempt("signatário bloqueado: tentativa recusada sem conferir o código");
    return "signer-blocked";
  }
  if (!signer.code_hash || !signer.code_expires_at) {
    await attempt("nenhum código ativo");
    return "invalid-code";
  }
  if (signer.code_attempts >= CODE_MAX_ATTEMPTS) {
    await attempt("código travado: peça um novo");
    return "code-locked";
  }
  if (signer.code_expires_at.getTime() < ctx.clock.now().getTime()) {
    await attempt("código expirado");
    return "code-expired";
  }
  const given = Buffer.from(sha(`${signer.id}:${code}`), "hex");
  const expected = Buffer.from(signer.code_hash, "hex");
  if (timingSafeEqual(given, expected)) {
    await recordEvent(c, row.id, "codigo_confirmado", { signerId: signer.id, req });
    return null;
  }
  const failures = signer.code_failures + 1;
  const blocked = failures >= CODE_MAX_FAILURES;
  await recordWrongCode(c, signer.id, failures, blocked, ctx.clock.now());
  await attempt(`código errado: ${failures} de ${CODE_MAX_FAILURES} tentativas`);
  if (!blocked) return signer.code_attempts + 1 >= CODE_MAX_ATTEMPTS ? "code-locked" : "invalid-code";
  await recordEvent(c, row.id, "signatario_bloqueado", {
    signerId: signer.id,
    req,
    detail: `${CODE_MAX_FAILURES} códigos errados`,
  });
  const params = { name: signer.nome, numero: row.numero, max: CODE_MAX_FAILURES };
  await queueNotice(
    ctx,
    c,
    signer,
    { text: { key: "contract.blockedSigner", params }, url: signingUrl(ctx, row.id, token) },
    { required: true },
  );
  await queueNotice(
    ctx,
    c,
    { email: row.data.emails.locador, nome: row.data.locador.nome },
    {
      text: { key: "contract.blockedLandlord", params },
      url: `${ctx.publicUrl}/Clicksign?contrato=${row.id}`,
    },
  );
  return "signer-blocked";
}

/** What a signer sees through their link; the first look is recorded. */
export async function ceremonyView(
  ctx: ContractsContext,
  contractId: string,
  token: string,
  req: RequestInfo,
): Promise<CeremonyView> {
  const owner = await linkOwner(ctx.pool, contractId, token);
  // A signer who signed keeps her link: it says so, with the contract to download (decision 044).
  const done = owner.signer.status === "assinado" && owner.signer.signed_at ? owner : null;
  const { row, signer } = done ?? (await signerByToken(ctx, ctx.pool, contractId, token));
  if (signer.status === "pendente") {
    await withTransaction(ctx.pool, async (c) => {
      if (await markViewed(c, signer.id))
        await recordEvent(c, row.id, "visualizado", { signerId: signer.id, req, sha256: row.sha256 });
    });
  }
  const link = row.document_id ? ctx.storage.signedUrl(row.document_id, "inline") : null;
  const party = partyOf(row.data, signer.role, signer.cpf);
  const sealed = row.sealed_document_id;
  const d = row.data;
  return {
    contrato: { id: row.id, numero: row.numero, sha256: row.sha256, documentUrl: link?.url ?? null },
    signatario: {
      role: signer.role,
      nome: signer.nome,
      email: masked(signer.email),
      ...(knownGender(party?.genero) ? { genero: knownGender(party?.genero) } : {}),
      // Ten wrong codes: the link still opens, to say so, but nothing can be signed.
      blocked: signer.blocked_at !== null,
    },
    turn: await isTurn(ctx.pool, row, signer),
    // What a phone shows in normal text in place of a PDF drawn at 6 px (decision 044).
    resumo: {
      // A company party by its name (issue 34): it is the party; its representative signs.
      locador: partyName(d.locador),
      locatario: partyName(d.locatario),
      colocatarios: d.colocatarios.map((p) => p.nome),
      fiador: d.termos.garantia === "fiador" ? (d.fiador?.nome ?? null) : null,
      endereco: d.imovel.endereco,
      tipo: d.imovel.tipo,
      aluguel: d.termos.aluguel,
      encargos: d.termos.condominio + d.termos.iptu + d.termos.seguroIncendio,
      prazoMeses: d.termos.prazoMeses,
      dataInicio: d.termos.dataInicio,
      garantia: d.termos.garantia,
      prazoAssinatura: row.expires_at?.toISOString() ?? null,
    },
    assinado: done
      ? {
          em: (done.signer.signed_at as Date).toISOString(),
          selado: sealed !== null,
          documentUrl: (() => {
            const file = sealed ?? row.document_id;
            return file ? ctx.storage.signedUrl(file, "attachment").url : null;
          })(),
        }
      : null,
  };
}

/** E-mails a 6-digit code, valid 10 minutes: at most one a minute. */
export async function sendCode(
  ctx: ContractsContext,
  contractId: string,
  token: string,
  req: RequestInfo,
): Promise<{ sentTo: string; expiresAt: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return withTransaction(ctx.pool, async (c) => {
    const { row, signer } = await signerByToken(ctx, c, contractId, token, true);
    if (signer.blocked_at) throw new AppError("signer-blocked");
    const now = ctx.clock.now().getTime();
    if (
      signer.code_expires_at &&
      signer.code_expires_at.getTime() - CODE_TTL_MINUTES * 60_000 > now - ctx.codeIntervalSeconds * 1000
    )
      throw new AppError("code-rate-limited");
    const expiresAt = new Date(now + CODE_TTL_MINUTES * 60_000);
    await setCode(c, signer.id, sha(`${signer.id}:${code}`), expiresAt);
    await recordEvent(c, row.id, "codigo_enviado", { signerId: signer.id, req });
    await mailOnly(ctx, c, signer, {
      text: { key: "contract.code", params: { code, minutes: CODE_TTL_MINUTES } },
      // The signer's own link: a guest goes back to the contract without an account.
      url: signingUrl(ctx, contractId, token),
    });
    return { sentTo: masked(signer.email), expiresAt: expiresAt.toISOString() };
  });
}

/**
 * A signer with an account signs while signed in: a fresh personal link for themselves only
 * (the one e-mailed stops working), still confirmed by the e-mailed code.
 */
export async function myLink(
  ctx: ContractsContext,
  userId: string,
  id: string,
  req: RequestInfo,
): Promise<{ token: string }> {
  return withTransaction(ctx.pool, async (c) => {
    const row = await contractRow(c, id, true);
    const signer = await pendingSignerOfUser(c, id, userId);
    if (!signer)
      throw new AppError(
        row.landlord_id === userId || row.tenant_id === userId ? "invalid-signing-link" : "not-found",
      );
    if (row.status !== "enviado") throw new AppError("invalid-signing-link");
    if (!providerOf(ctx, row).signsHere) throw new AppError("signing-at-provider");
    const token = randomBytes(32).toString("base64url");
    await setTokenHash(c, signer.id, sha(token));
    await recordEvent(c, id, "acesso_pela_conta", { signerId: signer.id, req });
    return { token };
  });
}
