import { execFileSync } from "node:child_process";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { createTestApp, signUp, type TestApp, uniqueIp } from "../../../../tests/support/test-app";
import type { ContractView } from "../../../shared/contracts/contracts";
import { manualClock } from "../../clock";
import { layoutProblems, pdfBoxes, pdfText } from "./pdf-boxes.fixture";

/** The time the contracts decide by: moved by the tests, never waited for. */
const clock = manualClock();
let t: TestApp;
let baseUrl: string;
let b: ReturnType<typeof builders>;
let call: ReturnType<typeof builders>["call"];

beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: process.env.TEST_LOG ?? "silent", SIGNING_CODE_INTERVAL_SECONDS: "1" },
    { clock },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  b = builders(t);
  call = b.call;
});
afterAll(() => t.close());

const linkFor = (email: string, contractId: string) => b.signingLink(email, contractId);
const codeFor = (email: string) => b.signingCode(email);

function pdfsig(bytes: Buffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "chave-pdfsig-")), "c.pdf");
  fs.writeFileSync(file, bytes);
  try {
    return execFileSync("pdfsig", [file], { encoding: "utf8" });
  } finally {
    fs.rmSync(path.dirname(file), { recursive: true, force: true });
  }
}

describe("contracts", () => {
  it("are written on approval, reviewed, signed by every party through their links and codes, and sealed", async () => {
    const approved = await b.contract("rascunho");
    const { landlord, tenant, offerId, contract } = approved;
    expect(contract).toMatchObject({ status: "rascunho", role: "landlord", garantia: "fiador" });
    const stranger = await signUp(t.app, { name: "Estranha" });
    expect((await call("GET", `/api/contracts/${contract.id}`, stranger.cookie)).statusCode).toBe(404);
    expect((await call("GET", `/api/contracts/${contract.id}`)).statusCode).toBe(401);
    expect((await call("GET", `/api/storage/objects/${contract.documentId}`, tenant.cookie)).statusCode).toBe(
      200,
    );

    // The guarantor is the one the tenant named in the proposal; the landlord only picks the order.
    const { fiador } = approved;
    if (!fiador) throw new Error("no guarantor");
    expect(contract.plannedSigners.map((s) => [s.role, s.email])).toEqual([
      ["locador", landlord.email],
      ["locatario", tenant.email],
      ["fiador", fiador.email],
    ]);
    expect((await call("PUT", `/api/contracts/${contract.id}/review`, tenant.cookie, {})).statusCode).toBe(
      403,
    );
    const reviewed = await call("PUT", `/api/contracts/${contract.id}/review`, landlord.cookie, {
      sequential: false,
    });
    expect(reviewed.statusCode, reviewed.body).toBe(200);
    const sent = await call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie);
    expect(sent.json<ContractView>()).toMatchObject({ status: "enviado" });
    expect(sent.json<ContractView>().signers.map((s) => s.role)).toEqual(["locador", "locatario", "fiador"]);

    const { signers } = approved;
    expect(signers.map((s) => s.email)).toEqual([landlord.email, tenant.email, fiador.email]);
    const tokens: string[] = [];
    for (const s of signers) tokens.push(await linkFor(s.email, contract.id));
    // No API answer ever carries a signer's link.
    const asLandlord = (await call("GET", `/api/contracts/${contract.id}`, landlord.cookie)).body;
    for (const token of tokens) expect(asLandlord).not.toContain(token);

    for (const [i, s] of signers.entries()) {
      const token = tokens[i] as string;
      const view = await call("GET", `/api/signing/${contract.id}?token=${token}`);
      expect(view.statusCode, view.body).toBe(200);
      expect(view.json().signatario.nome).toBe(s.nome);
      expect((await call("POST", `/api/signing/${contract.id}/code`, undefined, { token })).statusCode).toBe(
        200,
      );
      const code = await codeFor(s.email);
      const wrongName = await call("POST", `/api/signing/${contract.id}/sign`, undefined, {
        token,
        codigo: code,
        nome: "Outra Pessoa",
        cpf: s.cpf,
      });
      expect(wrongName.json().code).toBe("identity-mismatch");
      const ok = await call("POST", `/api/signing/${contract.id}/sign`, undefined, {
        token,
        codigo: code,
        nome: s.nome.toUpperCase(),
        cpf: s.cpf,
      });
      expect(ok.statusCode, ok.body).toBe(200);
      // The last signature is recorded at once; the seal follows as a job.
      expect(ok.json().status).toBe(i === signers.length - 1 ? "selando" : "enviado");
      // Once its signer has signed, the link says so (decision 044) and signs nothing more.
      expect(
        (await call("GET", `/api/signing/${contract.id}?token=${token}`)).json().assinado?.em,
      ).toBeTruthy();
      expect(
        (await call("POST", `/api/signing/${contract.id}/code`, undefined, { token }, uniqueIp())).json()
          .code,
      ).toBe("invalid-signing-link");
    }

    const sealing = (await call("GET", `/api/contracts/${contract.id}`, tenant.cookie)).json<ContractView>();
    expect(["selando", "assinado"]).toContain(sealing.status);
    await t.settle();
    const done = (await call("GET", `/api/contracts/${contract.id}`, tenant.cookie)).json<ContractView>();
    expect(done.status).toBe("assinado");
    expect(done.signers.every((s) => s.status === "assinado")).toBe(true);
    expect(done.events.map((e) => e.type)).toEqual(
      expect.arrayContaining([
        "gerado",
        "revisado",
        "enviado",
        "visualizado",
        "codigo_enviado",
        "codigo_confirmado",
        "assinado",
        "selado",
      ]),
    );
    expect((await call("GET", `/api/offers/${offerId}`)).json().status).toBe("alugada");
    const link = (
      await call("POST", `/api/storage/objects/${done.sealedDocumentId}/download-url`, tenant.cookie)
    ).json();
    const sealed = Buffer.from(await (await fetch(`${baseUrl}${link.url}`)).arrayBuffer());
    const verified = await call("GET", `/api/contracts/verify/${done.sealedDocumentId}`, landlord.cookie);
    expect(verified.json()).toMatchObject({
      sealed: true,
      intact: true,
      signatureValid: true,
      numero: done.numero,
    });
    expect(
      (await call("GET", `/api/contracts/verify/${done.sealedDocumentId}`, stranger.cookie)).statusCode,
    ).toBe(403);
    const verdict = pdfsig(sealed);
    expect(verdict, verdict).toContain("Signature is Valid");
    expect(verdict, verdict).toContain("Total document signed");
    // The certificate says every step in words, never its code, and no line covers another.
    const text = pdfText(sealed);
    for (const phrase of [
      "Contrato gerado",
      "Contrato revisado pela parte locadora",
      "Contrato enviado para assinatura",
      "Contrato aberto por quem assina",
      "Código enviado por e-mail",
      "Código confirmado",
      "Assinatura registrada",
    ])
      expect(text).toContain(phrase);
    expect(text).not.toMatch(/codigo[ _](enviado|confirmado)|· (gerado|enviado|visualizado|revisado)\b/);
    expect(layoutProblems(pdfBoxes(sealed))).toEqual([]);
  }, 60_000);

  it("locks the code after five wrong tries, and a refusal stops the envelope", async () => {
    const { landlord, tenant, contract } = await b.contract("enviado", { garantias: ["seguro_fianca"] });
    const token = await linkFor(tenant.email, contract.id);
    await call("POST", `/api/signing/${contract.id}/code`, undefined, { token });
    const right = await codeFor(tenant.email);
    const wrong = right === "000000" ? "111111" : "000000";
    const codes: string[] = [];
    for (let i = 0; i < 6; i++)
      codes.push(
        (
          await call("POST", `/api/signing/${contract.id}/sign`, undefined, {
            token,
            codigo: wrong,
            nome: tenant.fullName,
            cpf: tenant.cpf,
          })
        ).json().code,
      );
    expect(codes).toEqual([
      "invalid-code",
      "invalid-code",
      "invalid-code",
      "invalid-code",
      "code-locked",
      "code-locked",
    ]);
    // Even the right code no longer works until a new one is sent.
    expect(
      (
        await call("POST", `/api/signing/${contract.id}/sign`, undefined, {
          token,
          codigo: right,
          nome: tenant.fullName,
          cpf: tenant.cpf,
        })
      ).json().code,
    ).toBe("code-locked");
    // A new code may be asked for once the interval (1 s here) has passed.
    const tooSoon = await call("POST", `/api/signing/${contract.id}/code`, undefined, { token }, uniqueIp());
    expect(tooSoon.json().code).toBe("code-rate-limited");
    clock.advance(1_100);
    expect((await call("POST", `/api/signing/${contract.id}/code`, undefined, { token })).statusCode).toBe(
      200,
    );
    const fresh = await codeFor(tenant.email);
    const refused = await call("POST", `/api/signing/${contract.id}/refuse`, undefined, {
      token,
      codigo: fresh,
      motivo: "O prazo não é o combinado.",
    });
    expect(refused.json()).toEqual({ status: "recusado" });
    const landlordToken = await linkFor(landlord.email, contract.id);
    expect((await call("GET", `/api/signing/${contract.id}?token=${landlordToken}`)).json().code).toBe(
      "invalid-signing-link",
    );
    expect((await call("GET", `/api/contracts/${contract.id}`, landlord.cookie)).json().status).toBe(
      "recusado",
    );
  }, 60_000);

  it("lets the landlord resend a link (once in 5 minutes) and cancel; the old and cancelled links stop working", async () => {
    const {
      landlord,
      tenant,
      contract: sent,
    } = await b.contract("enviado", { garantias: ["seguro_fianca"] });
    const contract = sent;
    const tenantSigner = sent.signers.find((x) => x.role === "locatario")?.id as string;
    const first = await linkFor(tenant.email, contract.id);
    expect(
      (await call("POST", `/api/contracts/${contract.id}/signers/${tenantSigner}/resend`, tenant.cookie))
        .statusCode,
    ).toBe(403);
    expect(
      (await call("POST", `/api/contracts/${contract.id}/signers/${tenantSigner}/resend`, landlord.cookie))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await call("POST", `/api/contracts/${contract.id}/signers/${tenantSigner}/resend`, landlord.cookie)
      ).json().code,
    ).toBe("resend-rate-limited");
    expect((await call("GET", `/api/signing/${contract.id}?token=${first}`)).json().code).toBe(
      "invalid-signing-link",
    );
    const second = await linkFor(tenant.email, contract.id);
    expect(second).not.toBe(first);
    expect((await call("GET", `/api/signing/${contract.id}?token=${second}`)).statusCode).toBe(200);
    expect(
      (
        await call("POST", `/api/contracts/${contract.id}/cancel`, tenant.cookie, {
          motivo: "Não quero mais",
        })
      ).statusCode,
    ).toBe(403);
    const cancelled = await call("POST", `/api/contracts/${contract.id}/cancel`, landlord.cookie, {
      motivo: "O imóvel precisa de reforma.",
    });
    expect(cancelled.json().status).toBe("cancelado");
    expect((await call("GET", `/api/signing/${contract.id}?token=${second}`)).json().code).toBe(
      "invalid-signing-link",
    );
  });

  it("lets a signer with an account sign while signed in, with a link for themselves only", async () => {
    const { landlord, tenant, contract } = await b.contract("enviado", { garantias: ["seguro_fianca"] });
    const emailed = await linkFor(landlord.email, contract.id);
    const stranger = await signUp(t.app, { name: "Estranho" });
    expect((await call("POST", `/api/contracts/${contract.id}/my-link`, stranger.cookie)).statusCode).toBe(
      404,
    );
    expect((await call("GET", `/api/contracts/${contract.id}`, landlord.cookie)).json().mine).toBe("pending");
    const mine = await call("POST", `/api/contracts/${contract.id}/my-link`, landlord.cookie);
    const token = mine.json<{ token: string }>().token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await call("GET", `/api/signing/${contract.id}?token=${emailed}`)).json().code).toBe(
      "invalid-signing-link",
    );
    // Its own address: the code route is rate-limited per address, and earlier tests used some.
    const codeRes = await call("POST", `/api/signing/${contract.id}/code`, undefined, { token }, uniqueIp());
    expect(codeRes.statusCode, codeRes.body).toBe(200);
    const code = await codeFor(landlord.email);
    const signed = await call("POST", `/api/signing/${contract.id}/sign`, undefined, {
      token,
      codigo: code,
      nome: landlord.fullName,
      cpf: landlord.cpf,
    });
    expect(signed.json()).toEqual({ status: "enviado" });
    expect((await call("GET", `/api/contracts/${contract.id}`, landlord.cookie)).json().mine).toBe("done");
    // Once signed, no more links of one's own.
    expect((await call("POST", `/api/contracts/${contract.id}/my-link`, landlord.cookie)).json().code).toBe(
      "invalid-signing-link",
    );
    expect((await call("GET", `/api/contracts/${contract.id}`, tenant.cookie)).json().mine).toBe("pending");
  });

  it("lets the people behind one address (a carrier's NAT, an office) ask for their codes: 30 a minute", async () => {
    // Brazilian mobile carriers put many phones behind one public address (CGNAT): 5 codes a minute
    // from an address refused a sixth signer there (and the e2e run, all on 127.0.0.1, one run in
    // a few). Each signer still gets one code a minute (code-rate-limited, above).
    const ip = uniqueIp();
    const ask = async () =>
      (
        await call(
          "POST",
          "/api/signing/00000000-0000-4000-8000-000000000000/code",
          undefined,
          { token: "A".repeat(43) },
          ip,
        )
      ).json<{ code: string }>().code;
    const answers: string[] = [];
    for (let i = 0; i < 30; i++) answers.push(await ask());
    expect(answers.filter((code) => code === "rate-limited")).toEqual([]);
    expect(await ask()).toBe("rate-limited");
  });

  it("refuses made-up links", async () => {
    const { contract } = await b.contract("rascunho", { garantias: ["seguro_fianca"] });
    expect((await call("GET", `/api/signing/${contract.id}?token=${"a".repeat(43)}`)).statusCode).toBe(403);
    expect((await call("GET", `/api/signing/${contract.id}?token=curto`)).statusCode).toBe(403);
  });
});
