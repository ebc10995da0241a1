import { randomInt } from "node:crypto";
import { generatePixPayload, getPixKeyInfo, isValidPixKey } from "@brazilian-utils/brazilian-utils";
import encodeQR from "qr";

/**
 * The static Pix BR Code of a month's rent, paid straight to the landlord's Pix key: no PSP
 * account of Chave's, no webhook, so payment is confirmed by the landlord, not seen by us. The
 * payload (EMV QRCPS-MPM as the "Manual de Padrões para Iniciação do Pix" shapes it) is built by
 * @brazilian-utils/brazilian-utils, which folds the name and city to ASCII, truncates them to 25
 * and 15 characters, writes the key in its DICT form and appends the CRC16.
 */
export interface StaticBrCodeInput {
  /** The landlord's Pix key, in any form `normalizePixKey` reads. */
  key: string;
  merchantName: string;
  merchantCity: string;
  /** Centavos, a whole number above 0. */
  amount: number;
  /** 1 to 25 of [A-Za-z0-9]; `newStaticTxid()` makes one. */
  txid: string;
  /** Shown to the payer by their bank; truncated to what the template holds. */
  description?: string;
}

const TXID = /^[A-Za-z0-9]{1,25}$/;

export function staticBrCode(input: StaticBrCodeInput): string {
  // Centavos, not reais: a float amount is where a rent turns into 2499.9999.
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0)
    throw new RangeError(`a BR Code's amount is a whole number of centavos above 0, got ${input.amount}`);
  // The txid is how the landlord's bank statement ties a payment to its month: refuse, never trim.
  if (!TXID.test(input.txid))
    throw new RangeError(
      `a static BR Code's txid is 1 to 25 of [A-Za-z0-9], got ${JSON.stringify(input.txid)}`,
    );
  const payload = generatePixPayload({
    key: input.key,
    merchantName: input.merchantName,
    merchantCity: input.merchantCity,
    amount: input.amount / 100,
    txid: input.txid,
    ...(input.description ? { description: input.description } : {}),
  });
  if (payload === null) {
    const why = getPixKeyInfo(input.key)
      ? "check the merchant name and city (printable once folded to ASCII) and the amount"
      : "the Pix key is not a CPF, CNPJ, e-mail, mobile phone or random key";
    throw new Error(`the BR Code could not be generated: ${why}`);
  }
  return payload;
}

const TXID_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";

/**
 * A txid of 25 (the most a static BR Code takes) uppercase letters and digits: 36^25 ≈ 2^129,
 * so two months never share one. Uppercase, as banks show it on statements.
 */
export function newStaticTxid(): string {
  let txid = "";
  // randomInt draws without modulo bias.
  for (let i = 0; i < 25; i++) txid += TXID_ALPHABET[randomInt(TXID_ALPHABET.length)];
  return txid;
}

/**
 * Whether a landlord's key can receive Pix: a CPF, a CNPJ, an e-mail, a mobile phone (a landline
 * is no Pix key) or a random key (EVP). Its form only: whether the DICT holds it is known at the
 * first payment.
 */
export function pixKeyProblem(key: string): null | "invalid" {
  return isValidPixKey(key) ? null : "invalid";
}

/**
 * The key as the DICT writes it (CPF and CNPJ bare, e-mail lowercased, phone as +55…, EVP
 * lowercase), null when it is no Pix key. Eleven digits valid both as a CPF and as a mobile
 * number are read as the CPF unless written as a phone ("(11) 9…", "+55…").
 */
export function normalizePixKey(key: string): string | null {
  return getPixKeyInfo(key)?.value ?? null;
}

/**
 * The BR Code as a QR code in SVG: error correction M (a code with 15% of it smudged or folded
 * still reads) and a quiet zone of 4 modules, as ISO/IEC 18004 requires (the `qr` package's
 * default is 2). One unit per module in the viewBox and no width or height, so it scales to
 * whatever holds it. A white background, since a quiet zone is only quiet on light: on a dark
 * page a transparent one makes the code unreadable. `crispEdges`, or anti-aliasing draws faint
 * seams between modules. No label: the client names it, in the reader's language.
 */
export function brCodeSvg(payload: string): string {
  const svg = encodeQR(payload, "svg", { ecc: "medium", border: 4 });
  const open = svg.match(/^<svg [^>]*>/)?.[0];
  if (!open) throw new Error("the qr package's SVG no longer starts with <svg …>");
  return (
    `${open.slice(0, -1)} fill="#000" shape-rendering="crispEdges">` +
    `<rect width="100%" height="100%" fill="#fff"/>` +
    svg.slice(open.length)
  );
}
