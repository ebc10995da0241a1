import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { type FakeClicksign, startFakeClicksign } from "../../../../tests/support/fake-clicksign";
import { outboxFor } from "../../../../tests/support/mail";
import { caller } from "../../../../tests/support/market";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import type { ContractView } from "../../../shared/contracts/contracts";
import { loadConfig } from "../../config";
import { ClicksignProvider } from "./providers/clicksign";

const TOKEN = "sandbox-token-0123456789";
const SECRET = "webhook-secret-0123456789abcdef";
let t: TestApp;
let baseUrl: string;
let call: ReturnType<typeof caller>;
let fake: FakeClicksign;

beforeAll(async () => {
  fake = await startFakeClicksign({
    token: TOKEN,
    webhookSecret: SECRET,
    webhookUrl: () => `${baseUrl}/api/signing/webhooks/clicksign`,
  });
  t = await createTestApp({
    LOG_LEVEL: process.env.TEST_LOG ?? "silent",
    SIGNING_PROVIDER: "clicksign",
    CLICKSIGN_ACCESS_TOKEN: TOKEN,
    CLICKSIGN_BASE_URL: fake.url,
    CLICKSIGN_WEBHOOK_SECRET: SECRET,
  });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  call = caller(t.app);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

/** A contract with a guarantor, reviewed and sent through Clicksign. */
async function sentContract() {
  // The guarantor is the one the tenant named in the proposal (decision 017).
  const { landlord, tenant, offerId, contract, fiador } = await builders(t).contract("rascunho");
  if (!fiador) throw new Error("no guarantor");
  const reviewed = await call("PUT", `/api/contracts/${contract.id}/review`, landlord.cookie, {});
  expect(reviewed.statusCode, reviewed.body).toBe(200);
  const before = fake.envelopes.size;
  const sent = await call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie);
  expect(sent.statusCode, sent.body).toBe(200);
  expect(fake.envelopes.size).toBe(before + 1);
  const envelope = [...fake.envelopes.values()].at(-1);
  if (!envelope) throw new Error("no envelope");
  return { landlord, tenant, offerId, fiador, view: sent.json<ContractView>(), envelope };
}

const eventsOf = async (id: string, cookie: string) =>
  (await call("GET", `/api/contracts/${id}`, cookie)).json<ContractView>();

describe("the Clicksign provider", () => {
  it("is chosen by SIGNING_PROVIDER and needs its token and webhook secret", () => {
    expect(() => loadConfig({ SIGNING_PROVIDER: "clicksign" })).toThrow(
      /CLICKSIGN_ACCESS_TOKEN: required when SIGNING_PROVIDER=clicksign/,
    );
    expect(() => loadConfig({ SIGNING_PROVIDER: "docusign" })).toThrow(/use builtin or clicksign/);
    expect(
      loadConfig({
        SIGNING_PROVIDER: "clicksign",
        CLICKSIGN_ACCESS_TOKEN: TOKEN,
        CLICKSIGN_WEBHOOK_SECRET: SECRET,
      }).CLICKSIGN_BASE_URL,
    ).toBe("https://sandbox.clicksign.com/api/v3");
  });

  it("sends the envelope, follows each signature by webhook, and keeps Clicksign's signed file", async () => {
    const { landlord, tenant, offerId, fiador, view, envelope } = await sentContract();
    expect(view).toMatchObject({ status: "enviado", provider: "clicksign" });

    // The envelope holds exactly our PDF, and each party with their role and e-mail authentication.
    const document = [...envelope.documents.values()][0];
    expect(
      createHash("sha256")
        .update(document?.bytes ?? "")
        .digest("hex"),
    ).toBe(view.sha256);
    expect(envelope.status).toBe("running");
    expect(envelope.attributes).toMatchObject({
      locale: "pt-BR",
      auto_close: true,
      block_after_refusal: true,
    });
    expect(envelope.signers.map((s) => s.email)).toEqual([landlord.email, tenant.email, fiador.email]);
    expect(envelope.signers[2]?.documentation).toBe(
      fiador.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4"),
    );
    const roles = envelope.requirements.filter((r) => r.action === "agree").map((r) => r.role);
    expect(roles).toEqual(["lessor", "lessee", "guarantor"]);
    expect(envelope.requirements.filter((r) => r.action === "provide_evidence").map((r) => r.auth)).toEqual([
      "email",
      "email",
      "email",
    ]);
    expect(envelope.notifications).toHaveLength(1);
    // Clicksign sends its own invitations: none of ours, and signing in here gives no link.
    await t.settle();
    expect(
      (await outboxFor(t.dataDir, fiador.email)).some((m) => m.text.includes("/Clicksign?contrato=")),
    ).toBe(false);
    const mine = await call("POST", `/api/contracts/${view.id}/my-link`, tenant.cookie);
    expect(mine.statusCode).toBe(409);
    expect(mine.json().message).toMatch(/assinado pela Clicksign/);

    // The landlord resends one signer's invitation: Clicksign notifies that signer.
    const tenantSigner = view.signers.find((s) => s.role === "locatario");
    const resent = await call(
      "POST",
      `/api/contracts/${view.id}/signers/${tenantSigner?.id}/resend`,
      landlord.cookie,
    );
    expect(resent.statusCode, resent.body).toBe(200);
    expect(envelope.notifications.at(-1)?.signerId).toBe(envelope.signers[1]?.id);

    expect(await fake.sign(envelope.id, landlord.email)).toEqual([200]);
    // The provider reads the envelope back as Clicksign reports it.
    const provider = new ClicksignProvider({ accessToken: TOKEN, baseUrl: fake.url, webhookSecret: SECRET });
    const document0 = [...envelope.documents.keys()][0] as string;
    expect(await provider.status({ envelopeId: envelope.id, documentId: document0 })).toEqual({
      status: "running",
      signed: [envelope.signers[0]?.id],
    });
    let now = await eventsOf(view.id, tenant.cookie);
    expect(now.signers.map((s) => s.status)).toEqual(["assinado", "pendente", "pendente"]);
    expect(now.status).toBe("enviado");
    await fake.sign(envelope.id, tenant.email);
    expect(await fake.sign(envelope.id, fiador.email)).toEqual([200, 200, 200]);

    // The envelope closed: the contract is "selando" until the job stores Clicksign's signed file.
    now = await eventsOf(view.id, landlord.cookie);
    expect(["selando", "assinado"]).toContain(now.status);
    await t.settle();
    now = await eventsOf(view.id, landlord.cookie);
    expect(now.status).toBe("assinado");
    expect(now.signers.every((s) => s.status === "assinado")).toBe(true);
    expect(now.events.filter((e) => e.type === "selado")).toHaveLength(1);
    // The sealed document is Clicksign's signed file, byte for byte, and the server verifies it.
    const link = (
      await call("POST", `/api/storage/objects/${now.sealedDocumentId}/download-url`, tenant.cookie)
    ).json();
    const bytes = Buffer.from(await (await fetch(`${baseUrl}${link.url}`)).arrayBuffer());
    expect(bytes.equals(document?.signed ?? Buffer.alloc(0))).toBe(true);
    const verdict = (
      await call("GET", `/api/contracts/verify/${now.sealedDocumentId}`, tenant.cookie)
    ).json();
    expect(verdict).toMatchObject({ sealed: true, intact: true, signatureValid: true });
    const offer = (await call("GET", `/api/offers/${offerId}`, landlord.cookie)).json();
    expect(offer.status).toBe("alugada");
    await t.settle();
    const finalMail = (await outboxFor(t.dataDir, fiador.email)).find((m) =>
      /assinado por todos/.test(m.raw),
    );
    expect(finalMail).toBeDefined();
  });

  it("accepts only webhooks whose Content-Hmac matches the raw body, and handles a replay once", async () => {
    const { landlord, tenant, envelope, view } = await sentContract();
    const document = [...envelope.documents.values()][0];
    const signer = envelope.signers[1];
    const body = {
      event: {
        name: "sign",
        data: { signer: { key: signer?.id, email: signer?.email } },
        occurred_at: new Date().toISOString(),
      },
      document: { key: document?.id, status: "running" },
    };
    const forged = await fake.post(body, "another-secret-0123456789abcdef");
    expect(forged.status).toBe(401);
    expect(JSON.parse(forged.body).message).toMatch(/Content-Hmac/);
    expect((await fake.post(body, null)).status).toBe(401);
    // Signed right, then the body changed by one character: refused.
    const tampered = await fetch(`${baseUrl}/api/signing/webhooks/clicksign`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-hmac": `sha256=${createHash("sha256").update("x").digest("hex")}`,
      },
      body: JSON.stringify(body),
    });
    expect(tampered.status).toBe(401);
    expect((await eventsOf(view.id, tenant.cookie)).signers[1]?.status).toBe("pendente");

    const first = await fake.post(body);
    expect(first.status).toBe(200);
    expect(JSON.parse(first.body)).toEqual({ handled: true });
    const replay = await fake.post(body);
    expect(JSON.parse(replay.body)).toEqual({ handled: false, duplicate: true });
    const now = await eventsOf(view.id, landlord.cookie);
    expect(now.signers[1]?.status).toBe("assinado");
    expect(now.events.filter((e) => e.type === "assinado")).toHaveLength(1);

    // Garbage with a valid HMAC is a clear 400; a document we do not know is acknowledged.
    const junk = await fetch(`${baseUrl}/api/signing/webhooks/clicksign`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "content-hmac": `sha256=${(await import("node:crypto")).createHmac("sha256", SECRET).update("{not json").digest("hex")}`,
      },
      body: "{not json",
    });
    expect(junk.status).toBe(400);
    const unknown = await fake.post({ event: { name: "sign", data: null }, document: { key: "nao-existe" } });
    expect(JSON.parse(unknown.body)).toEqual({ handled: false });
  });

  it("a refusal at Clicksign stops the contract and tells the others", async () => {
    const { landlord, fiador, envelope, view } = await sentContract();
    expect(await fake.refuse(envelope.id, fiador.email, "Não concordo com a cláusula de multa")).toBe(200);
    const now = await eventsOf(view.id, landlord.cookie);
    expect(now.status).toBe("recusado");
    expect(now.signers[2]).toMatchObject({
      status: "recusado",
      motivo: "Não concordo com a cláusula de multa",
    });
    await t.settle();
    const told = await outboxFor(t.dataDir, landlord.email);
    expect(told.some((m) => /recusado/.test(m.raw) && m.text.includes("cláusula de multa"))).toBe(true);
  });

  it("the landlord's cancel cancels the envelope at Clicksign", async () => {
    const { landlord, tenant, envelope, view } = await sentContract();
    expect(
      (await call("POST", `/api/contracts/${view.id}/cancel`, tenant.cookie, { motivo: "Desisti" }))
        .statusCode,
    ).toBe(403);
    expect(envelope.status).toBe("running");
    const cancelled = await call("POST", `/api/contracts/${view.id}/cancel`, landlord.cookie, {
      motivo: "Imóvel vendido",
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(envelope.status).toBe("canceled");
    expect(cancelled.json<ContractView>().status).toBe("cancelado");
  });

  it("when Clicksign fails while sending, nothing is sent and the landlord can try again", async () => {
    const { landlord, contract } = await builders(t).contract("rascunho", { garantias: ["seguro_fianca"] });
    fake.failNext("/requirements", 503);
    const failed = await call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie);
    expect(failed.statusCode).toBe(502);
    expect(failed.json().message).toMatch(/Clicksign.*tente de novo/);
    const half = [...fake.envelopes.values()].at(-1);
    expect(half?.status).toBe("canceled");
    const still = await eventsOf(contract.id, landlord.cookie);
    expect(still.status).toBe("rascunho");
    expect(still.signers).toHaveLength(0);

    const retried = await call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie);
    expect(retried.statusCode, retried.body).toBe(200);
    expect([...fake.envelopes.values()].at(-1)?.status).toBe("running");
  });
});
