import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestTsa, type TestTsa } from "../../../../tests/support/tsa";
import { newNonce, timestampRequest } from "./tsa";

/*
 * The RFC 3161 request against OpenSSL's own TSA. A nonce whose first byte was zero is not minimal
 * DER; `openssl ts -reply` answers such a request with "Bad request format" — which failed one
 * seal in 128 (a CI run's seal test, before newNonce).
 */

let tsa: TestTsa;
beforeAll(async () => {
  tsa = await startTestTsa();
});
afterAll(() => tsa.close());

/** The TSA's PKIStatus for a request (0 granted, 2 rejection), read from its DER answer. */
function statusOf(reply: Buffer): number {
  // TimeStampResp ::= SEQUENCE { status PKIStatusInfo ::= SEQUENCE { status INTEGER, … }, … }
  let i = 1;
  i += (reply[i] as number) & 0x80 ? ((reply[i] as number) & 0x7f) + 1 : 1; // outer length
  i += 1; // PKIStatusInfo tag
  i += (reply[i] as number) & 0x80 ? ((reply[i] as number) & 0x7f) + 1 : 1;
  expect(reply[i]).toBe(0x02); // INTEGER
  return reply[i + 2] as number;
}

function ask(body: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      tsa.url,
      { method: "POST", headers: { "content-type": "application/timestamp-query" } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve(Buffer.concat(chunks)));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("the timestamp request", () => {
  it("is refused by OpenSSL's TSA when its nonce starts with a zero byte, and granted with ours", async () => {
    const data = Buffer.from("assinatura");
    const leadingZero = Buffer.from([0x00, 0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde]);
    expect(statusOf(await ask(timestampRequest(data, leadingZero)))).toBe(2);
    for (let i = 0; i < 5; i++) expect(statusOf(await ask(timestampRequest(data, newNonce())))).toBe(0);
  });

  it("never makes a nonce that is negative or not minimal DER", () => {
    for (let i = 0; i < 20_000; i++) {
      const first = newNonce()[0] as number;
      expect(first >= 0x40 && first < 0x80).toBe(true);
    }
  });
});
