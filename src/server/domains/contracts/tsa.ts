import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import https from "node:https";
import * as asn1js from "asn1js";
import * as pkijs from "pkijs";
import { OID } from "./pades";

/*
 * An RFC 3161 client: the imprint of the signature value goes to the operator's time-stamping
 * authority (TSA_URL) over HTTP(S), and its token comes back. Any failure throws a TsaError,
 * which fails the seal job so that pg-boss tries again later; nothing is sealed without the
 * timestamp the operator asked for.
 */

export interface TsaOptions {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  /** A TLS client certificate and key (PEM), for TSAs that authenticate their clients that way. */
  clientCert?: Buffer | undefined;
  clientKey?: Buffer | undefined;
  timeoutMs?: number | undefined;
}

export class TsaError extends Error {
  constructor(message: string) {
    super(`carimbo do tempo: ${message}`);
    this.name = "TsaError";
  }
}

/** The RFC 3161 request: SHA-256 of `data`, a nonce, and the TSA's certificate asked for. */
export function timestampRequest(data: Buffer, nonce: Buffer): Buffer {
  const req = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({
        algorithmId: OID.sha256,
        algorithmParams: new asn1js.Null(),
      }),
      hashedMessage: new asn1js.OctetString({
        valueHex: new Uint8Array(createHash("sha256").update(data).digest()).buffer,
      }),
    }),
    nonce: new asn1js.Integer({ valueHex: new Uint8Array(nonce).buffer }),
    certReq: true,
  });
  return Buffer.from(req.toSchema().toBER());
}

function post(opts: TsaOptions, body: Buffer): Promise<{ status: number; type: string; body: Buffer }> {
  const url = new URL(opts.url);
  const client = url.protocol === "https:" ? https : url.protocol === "http:" ? http : null;
  if (!client) return Promise.reject(new TsaError(`TSA_URL must be http or https: ${opts.url}`));
  const headers: Record<string, string | number> = {
    "content-type": "application/timestamp-query",
    "content-length": body.length,
  };
  if (opts.username !== undefined)
    headers.authorization = `Basic ${Buffer.from(`${opts.username}:${opts.password ?? ""}`).toString("base64")}`;
  const timeout = opts.timeoutMs ?? 10_000;
  return new Promise((resolve, reject) => {
    const req = client.request(
      url,
      {
        method: "POST",
        headers,
        ...(opts.clientCert && opts.clientKey ? { cert: opts.clientCert, key: opts.clientKey } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            type: String(res.headers["content-type"] ?? ""),
            body: Buffer.concat(chunks),
          }),
        );
        res.on("error", reject);
      },
    );
    // One deadline for the whole exchange, not per socket event: a TSA that trickles bytes
    // must not hold the seal job for longer than this.
    const timer = setTimeout(() => {
      req.destroy(new TsaError(`the TSA did not answer within ${timeout} ms (${url.host})`));
    }, timeout);
    req.on("close", () => clearTimeout(timer));
    req.on("error", (err) =>
      reject(
        err instanceof TsaError
          ? err
          : new TsaError(`the TSA could not be reached (${url.host}): ${err.message}`),
      ),
    );
    req.end(body);
  });
}

/**
 * A request's nonce: 8 random bytes read as a positive INTEGER in minimal DER — the first byte
 * below 0x80 (else negative) and not zero (else a leading zero byte, which OpenSSL's TSA refuses
 * as a bad request: it did, once in 128 seals, before this).
 */
export function newNonce(): Buffer {
  const nonce = randomBytes(8);
  nonce[0] = ((nonce[0] ?? 0) & 0x7f) | 0x40;
  return nonce;
}

/**
 * Asks the TSA to timestamp `data` (for PAdES B-T, the signature value). Returns the token (a
 * CMS ContentInfo's DER) after checking that it answers this request: granted, same imprint,
 * same nonce.
 */
export async function requestTimestamp(data: Buffer, opts: TsaOptions): Promise<Buffer> {
  const nonce = newNonce();
  const answer = await post(opts, timestampRequest(data, nonce));
  if (answer.status !== 200) throw new TsaError(`the TSA answered HTTP ${answer.status}`);
  let resp: pkijs.TimeStampResp;
  try {
    resp = pkijs.TimeStampResp.fromBER(new Uint8Array(answer.body).buffer);
  } catch (err) {
    throw new TsaError(`the TSA's answer is not a timestamp response (${(err as Error).message})`);
  }
  if (resp.status.status !== 0 && resp.status.status !== 1)
    throw new TsaError(
      `the TSA refused the request (status ${resp.status.status}${resp.status.statusStrings?.length ? `: ${resp.status.statusStrings.map((s) => s.valueBlock.value).join("; ")}` : ""})`,
    );
  if (!resp.timeStampToken) throw new TsaError("the TSA's answer has no token");
  const info = tstInfoOf(resp.timeStampToken);
  const expected = createHash("sha256").update(data).digest();
  if (!Buffer.from(info.messageImprint.hashedMessage.valueBlock.valueHexView).equals(expected))
    throw new TsaError("the TSA's token is for another imprint");
  if (!info.nonce || !Buffer.from(info.nonce.valueBlock.valueHexView).equals(nonce))
    throw new TsaError("the TSA's token does not carry our nonce");
  return Buffer.from(resp.timeStampToken.toSchema().toBER());
}

/** The TSTInfo inside a token. */
export function tstInfoOf(token: pkijs.ContentInfo): pkijs.TSTInfo {
  const signed = new pkijs.SignedData({ schema: token.content });
  const eContent = signed.encapContentInfo.eContent;
  if (signed.encapContentInfo.eContentType !== OID.tstInfo || !eContent)
    throw new Error("not a timestamp token");
  return pkijs.TSTInfo.fromBER(eContent.getValue());
}
