import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { outboxFor, subjectOf } from "../../../../tests/support/mail";
import { createTestApp, ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { startTestTsa, type TestTsa } from "../../../../tests/support/tsa";
import type {
  ContractView,
  DocumentVerification,
  PublicVerification,
} from "../../../shared/contracts/contracts";
import { manualClock } from "../../clock";
import { pdfsig } from "./pdf-boxes.fixture";

/*
 * Issue 27, items 4 and 8, through the app: the seal job with the operator's TSA (OpenSSL's own
 * `openssl ts -reply`), and with a TSA that is down, slow or answers garbage — the contract is
 * never left "selando" silently, and is sealed with its timestamp once the TSA answers again.
 */

let tsa: TestTsa;
const clock = manualClock();
let t: TestApp;
let b: ReturnType<typeof builders>;

beforeAll(async () => {
  tsa = await startTestTsa();
  t = await createTestApp(
    {
      LOG_LEVEL: process.env.TEST_LOG ?? "silent",
      TSA_URL: tsa.url,
      TSA_TIMEOUT_MS: "1500",
      JOB_RETRY_LIMIT: "1",
      JOB_RETRY_DELAY_SECONDS: "1",
    },
    { clock },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(async () => {
  await t.close();
  await tsa.close();
});

async function signedByAll() {
  const built = await b.contract("enviado");
  for (const s of built.signers) await b.sign(built.contract.id, s);
  const view = async () =>
    (await b.call("GET", `/api/contracts/${built.contract.id}`, built.landlord.cookie)).json<ContractView>();
  return { ...built, view };
}

describe("the seal job with a time-stamping authority", () => {
  it("seals PAdES with the TSA's timestamp, which the parties and anyone with the file can read", async () => {
    tsa.mode = "ok";
    const { view, landlord, tenant } = await signedByAll();
    await t.settle();
    const sealed = await view();
    expect(sealed.status).toBe("assinado");
    const id = sealed.sealedDocumentId as string;
    const bytes = await t.app.storage.readBytes(id);
    const report = pdfsig(bytes);
    expect(report).toMatch(/Signature Type: ETSI\.CAdES\.detached/);
    expect(report).toMatch(/Total document signed/);
    expect(report).toMatch(/Signature Validation: Signature is Valid/);

    for (const p of [landlord, tenant]) {
      const v = (await b.call("GET", `/api/contracts/verify/${id}`, p.cookie)).json<DocumentVerification>();
      if (!v.sealed) throw new Error("not sealed");
      expect(v).toMatchObject({ intact: true, signatureValid: true, subFilter: "ETSI.CAdES.detached" });
      expect(v.timestamp?.valid).toBe(true);
      expect(v.timestamp?.tsa).toMatch(/Chave Test TSA/);
    }
    const open = await t.app.inject({
      method: "POST",
      url: "/api/public/verify",
      headers: { origin: ORIGIN, "content-type": "application/pdf" },
      payload: bytes,
    });
    const answer = open.json<PublicVerification>();
    expect(answer).toMatchObject({ result: "autentico", numero: sealed.numero, signatureValid: true });
    if (answer.result !== "autentico") throw new Error(answer.result);
    expect(answer.timestamp?.valid).toBe(true);
  });

  for (const mode of ["error", "garbage", "slow"] as const) {
    it(`with a TSA that ${mode === "error" ? "is down (HTTP 500)" : mode === "garbage" ? "answers garbage" : "answers too slowly"}: the parties are told, and it is sealed with a timestamp once the TSA answers`, async () => {
      tsa.mode = mode;
      const before = tsa.requests;
      const { view, signers, contract } = await signedByAll();
      // The first try and its retry both fail; then the job has failed for good.
      await t.app.jobs.settle(60_000, 10_000);
      expect((await view()).status).toBe("selando");
      expect(tsa.requests).toBeGreaterThan(before);
      for (const s of signers) {
        const told = (await outboxFor(t.dataDir, s.email)).filter(
          (m) => subjectOf(m.raw).includes(contract.numero) && /selo digital/.test(subjectOf(m.raw)),
        );
        expect(told, s.email).toHaveLength(1);
      }
      tsa.mode = "ok";
      clock.advance(60 * 60_000 + 1);
      expect(await t.app.contracts.resealDue()).toBeGreaterThanOrEqual(1);
      await t.settle();
      const sealed = await view();
      expect(sealed.status).toBe("assinado");
      const report = pdfsig(await t.app.storage.readBytes(sealed.sealedDocumentId as string));
      expect(report).toMatch(/ETSI\.CAdES\.detached/);
      expect(report).toMatch(/Signature is Valid/);
    });
  }
});
