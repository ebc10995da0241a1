import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders, type Person } from "../../../../tests/support/builders";
import { makePdf } from "../../../../tests/support/files";
import { createTestApp, ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { uploadBytes } from "../../../../tests/support/tus";
import type { StoredDocument } from "../../../shared/contracts/storage";

/*
 * Issue 28, item 7: a proposal that ends without a deal (withdrawn, refused, expired, or closed
 * because another was approved) takes back
 * the documents it shared with the landlord (LGPD art. 6, III): she gets 403 on them afterwards.
 * An approved proposal keeps them (its contract comes from that deal).
 */

let t: TestApp;
let baseUrl: string;
let b: ReturnType<typeof builders>;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  b = builders(t);
});
afterAll(() => t.close());

async function upload(who: Person): Promise<string> {
  return (
    await uploadBytes({ baseUrl, cookie: who.cookie, origin: ORIGIN }, await makePdf(1), {
      filename: "holerite.pdf",
      kind: "comprovante_renda",
      folder: "perfil",
    })
  ).json<StoredDocument>().id;
}

const status = async (who: Person, doc: string) =>
  (await b.call("GET", `/api/storage/objects/${doc}`, who.cookie)).statusCode;

describe("ending a proposal", () => {
  for (const ending of ["retirada", "recusada", "expirada", "encerrada"] as const)
    it(`${ending}: the landlord no longer reads the documents it shared`, async () => {
      const landlord = await b.person("Helena");
      const tenant = await b.person("Bruno");
      const doc = await upload(tenant);
      const ended = await b.proposal(ending, { landlord, tenant, body: { documentos: [doc] } });
      expect(ended.proposal.status).toBe(ending);
      expect(await status(landlord, doc)).toBe(403);
      // The tenant still has it.
      expect(await status(tenant, doc)).toBe(200);
    });

  it("keeps a document another open proposal to the same landlord still shares; approval keeps them", async () => {
    const landlord = await b.person("Helena");
    const tenant = await b.person("Bruno");
    const doc = await upload(tenant);
    const first = await b.proposal("enviada", { landlord, tenant, body: { documentos: [doc] } });
    const second = await b.proposal("enviada", { landlord, tenant, body: { documentos: [doc] } });
    const withdraw = await b.call("POST", `/api/proposals/${first.proposal.id}/actions`, tenant.cookie, {
      action: "withdraw",
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    // The second proposal still shows it.
    expect(await status(landlord, doc)).toBe(200);
    const approved = await b.call("POST", `/api/proposals/${second.proposal.id}/actions`, landlord.cookie, {
      action: "approve",
    });
    expect(approved.statusCode, approved.body).toBe(200);
    await t.settle();
    expect(await status(landlord, doc)).toBe(200);
  });
});
