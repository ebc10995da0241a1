import fc from "fast-check";
import { hasError, isStaticPix, type PixStaticObject, parsePix } from "pix-utils";
import decodeQR from "qr/decode.js";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { brCodeSvg, newStaticTxid, normalizePixKey, pixKeyProblem, staticBrCode } from "./pix-static";

/**
 * The BR Code's CRC as the Manual do BR Code specifies it, written here from the spec and not
 * taken from either library: CRC-16/CCITT-FALSE, polynomial 0x1021, initial 0xFFFF, no
 * reflection, no final XOR, over the payload up to and including "6304" (the CRC's own tag and
 * length), written as 4 uppercase hex digits.
 */
function crc16(text: string): number {
  let crc = 0xffff;
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

function crcHolds(payload: string): boolean {
  const body = payload.slice(0, -4);
  return (
    body.endsWith("6304") && crc16(body).toString(16).toUpperCase().padStart(4, "0") === payload.slice(-4)
  );
}

/**
 * The top-level EMV objects (2-digit id, 2-digit length, value), each length checked against
 * what follows: the raw value of field 54 is read from here, since pix-utils gives the amount
 * as a number and "2500.00" is what the payer's bank reads.
 */
function topLevel(payload: string): Map<string, string> {
  const fields = new Map<string, string>();
  let at = 0;
  while (at < payload.length) {
    const id = payload.slice(at, at + 2);
    const length = Number(payload.slice(at + 2, at + 4));
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > payload.length)
      throw new Error(`malformed TLV at ${at}`);
    fields.set(id, payload.slice(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return fields;
}

function parsedStatic(payload: string): PixStaticObject {
  const pix = parsePix(payload);
  if (hasError(pix)) throw new Error(`pix-utils refused the payload: ${pix.message}`);
  if (!isStaticPix(pix)) throw new Error(`pix-utils read a ${pix.type} payload`);
  return pix;
}

/** "2500.00" from 250000, by integer arithmetic (no float in the expectation). */
const reais = (centavos: number) =>
  `${Math.floor(centavos / 100)}.${String(centavos % 100).padStart(2, "0")}`;

const CPF = "123.456.789-09";

describe("the CRC written from the spec", () => {
  it("gives CRC-16/CCITT-FALSE's standard check value", () => {
    expect(crc16("123456789")).toBe(0x29b1);
  });
});

describe("staticBrCode", () => {
  it("writes a static BR Code an independent parser reads back: key, amount, name, city, txid, CRC", () => {
    const txid = newStaticTxid();
    const payload = staticBrCode({
      key: CPF,
      merchantName: "José da Conceição Albuquerque Netto",
      merchantCity: "São José dos Campos",
      amount: 250_000,
      txid,
      description: "Aluguel de março",
    });
    const pix = parsedStatic(payload);
    expect(pix).toMatchObject({
      type: "STATIC",
      pixKey: "12345678909",
      transactionAmount: 2500,
      // Folded to ASCII and cut at 25 and 15 characters.
      merchantName: "Jose da Conceicao Albuque",
      merchantCity: "Sao Jose dos Ca",
      txid,
      infoAdicional: "Aluguel de marco",
      merchantCategoryCode: "0000",
      transactionCurrency: "986",
      countryCode: "BR",
    });
    const fields = topLevel(payload);
    expect(fields.get("00")).toBe("01");
    expect(fields.get("54")).toBe("2500.00");
    // Static: no "Point of Initiation Method" 12 (single use); a month's code may be shown again.
    expect(fields.get("01")).not.toBe("12");
    expect(crcHolds(payload)).toBe(true);
  });

  it("writes each kind of key in its DICT form", () => {
    const cases: Array<[string, string]> = [
      ["Fulano@Example.COM ", "fulano@example.com"],
      ["(11) 98765-4321", "+5511987654321"],
      ["71C7D9BE-4B85-4E43-9F1C-1F3B8B4E9A2D", "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d"],
      ["11.222.333/0001-81", "11222333000181"],
    ];
    for (const [key, dict] of cases) {
      const payload = staticBrCode({
        key,
        merchantName: "Ana",
        merchantCity: "Recife",
        amount: 1,
        txid: "A1",
      });
      expect(parsedStatic(payload).pixKey, key).toBe(dict);
      expect(topLevel(payload).get("54")).toBe("0.01");
    }
  });

  it("refuses an amount that is not whole centavos above 0, and a txid outside 1–25 of [A-Za-z0-9]", () => {
    const base = { key: CPF, merchantName: "Ana", merchantCity: "Recife", amount: 100, txid: "A1" };
    for (const amount of [0, -100, 12.5, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => staticBrCode({ ...base, amount }), String(amount)).toThrow(/whole number of centavos/);
    for (const txid of ["", "A".repeat(26), "ALUGUEL-03", "***", "março"])
      expect(() => staticBrCode({ ...base, txid }), txid).toThrow(/txid is 1 to 25/);
  });

  it("says why when the library refuses: a key that is no Pix key, or a name with nothing printable", () => {
    const base = { key: CPF, merchantName: "Ana", merchantCity: "Recife", amount: 100, txid: "A1" };
    expect(() => staticBrCode({ ...base, key: "(11) 3456-7890" })).toThrow(
      /could not be generated: the Pix key is not a CPF, CNPJ, e-mail, mobile phone or random key/,
    );
    expect(() => staticBrCode({ ...base, merchantName: "" })).toThrow(
      /could not be generated: check the merchant/,
    );
  });

  it("keeps amount and txid and a valid CRC for any rent from 1 centavo to R$ 99.999,99", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 9_999_999 }),
        fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
        (amount, txid) => {
          const payload = staticBrCode({
            key: CPF,
            merchantName: "Ana Souza",
            merchantCity: "Recife",
            amount,
            txid,
          });
          const pix = parsedStatic(payload);
          expect(pix.transactionAmount).toBe(amount / 100);
          expect(topLevel(payload).get("54")).toBe(reais(amount));
          expect(pix.txid).toBe(txid);
          expect(crcHolds(payload)).toBe(true);
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe("newStaticTxid", () => {
  it("is 25 uppercase letters and digits, a new one each time", () => {
    const txids = Array.from({ length: 2000 }, newStaticTxid);
    for (const txid of txids) expect(txid).toMatch(/^[A-Z0-9]{25}$/);
    expect(new Set(txids).size).toBe(txids.length);
    // Every symbol turns up (50,000 draws of 36): no letter or digit is left out of the alphabet.
    expect(new Set(txids.join("")).size).toBe(36);
  });
});

describe("pixKeyProblem and normalizePixKey", () => {
  it("accept a CPF, a CNPJ, an e-mail, a mobile phone and a random key, in their usual forms", () => {
    const keys: Array<[string, string]> = [
      [CPF, "12345678909"],
      ["12345678909", "12345678909"],
      ["11.222.333/0001-81", "11222333000181"],
      [" Fulano@Example.COM", "fulano@example.com"],
      ["+55 11 98765-4321", "+5511987654321"],
      ["71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d", "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d"],
    ];
    for (const [key, dict] of keys) {
      expect(pixKeyProblem(key), key).toBeNull();
      expect(normalizePixKey(key), key).toBe(dict);
    }
  });

  it("refuse what is no Pix key: a landline, a wrong CPF check digit, a name, nothing", () => {
    for (const key of ["(11) 3456-7890", "123.456.789-00", "Fulano de Tal", "", "abc123.456.789-09"]) {
      expect(pixKeyProblem(key), key).toBe("invalid");
      expect(normalizePixKey(key), key).toBeNull();
    }
  });
});

/**
 * The SVG drawn into pixels by sharp (librsvg), `scale` pixels per module, then read back two
 * ways: the `qr` package's own decoder on the image, and the modules sampled at their centres.
 */
async function rasterize(svg: string, scale: number) {
  const size = Number(svg.match(/^<svg viewBox="0 0 (\d+) \1"/)?.[1]);
  const { data, info } = await sharp(Buffer.from(svg), { density: 72 * scale })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number) => {
    const i = ((y * scale + scale / 2) * info.width + (x * scale + scale / 2)) * 4;
    return (data[i] ?? 255) < 128;
  };
  const modules = Array.from({ length: size }, (_, y) => Array.from({ length: size }, (_, x) => dark(x, y)));
  return { size, info, data, modules };
}

describe("brCodeSvg", () => {
  const payload = staticBrCode({
    key: "fulano@example.com",
    merchantName: "Maria Aparecida dos Santos",
    merchantCity: "Belo Horizonte",
    amount: 318_950,
    txid: "CHAVE2025MAR0001ABCDEFGHI",
    description: "Aluguel",
  });

  it("is a plain SVG that scales: a viewBox of one unit per module, no width or height", () => {
    const svg = brCodeSvg(payload);
    expect(svg).toMatch(/^<svg viewBox="0 0 (\d+) \1" xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).not.toMatch(/<svg[^>]*\s(width|height)=/);
    expect(svg).toContain('<rect width="100%" height="100%" fill="#fff"/>');
    expect(svg.endsWith("</svg>")).toBe(true);
  });

  it("carries the exact payload: decoded from the SVG's own pixels", async () => {
    const { info, data } = await rasterize(brCodeSvg(payload), 8);
    expect(decodeQR({ width: info.width, height: info.height, data })).toBe(payload);
  });

  it("has a quiet zone of 4 light modules on every side and error correction M", async () => {
    const { size, modules } = await rasterize(brCodeSvg(payload), 8);
    const at = (x: number, y: number) => modules[y]?.[x] ?? false;
    for (let i = 0; i < size; i++)
      for (const d of [0, 1, 2, 3, size - 4, size - 3, size - 2, size - 1]) {
        expect(at(i, d), `(${i}, ${d})`).toBe(false);
        expect(at(d, i), `(${d}, ${i})`).toBe(false);
      }
    // The finder pattern's dark corner starts right after the quiet zone.
    expect(at(4, 4)).toBe(true);
    // ISO/IEC 18004 §7.9: the 15 format bits beside the top-left finder, bit i at (8, i) for
    // i < 6, then (8, 7), (8, 8), (7, 8), then (14 - i, 8); unmasked with 0x5412, the two high
    // bits are the error correction level, M being 00.
    const o = 4;
    const positions: Array<[number, number]> = [
      ...[0, 1, 2, 3, 4, 5].map((i): [number, number] => [8, i]),
      [8, 7],
      [8, 8],
      [7, 8],
      ...[9, 10, 11, 12, 13, 14].map((i): [number, number] => [14 - i, 8]),
    ];
    const bits = positions.reduce((acc, [x, y], i) => acc | (at(x + o, y + o) ? 1 << i : 0), 0) ^ 0x5412;
    expect(bits >> 13).toBe(0b00);
  });

  it("round-trips random rents through the QR too", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 9_999_999 }),
        fc.stringMatching(/^[A-Za-z0-9]{1,25}$/),
        async (amount, txid) => {
          const code = staticBrCode({
            key: CPF,
            merchantName: "Ana Souza",
            merchantCity: "Recife",
            amount,
            txid,
          });
          const { info, data } = await rasterize(brCodeSvg(code), 4);
          expect(decodeQR({ width: info.width, height: info.height, data })).toBe(code);
        },
      ),
      { numRuns: 15 },
    );
  });
});
