import fsp from "node:fs/promises";
import type { AddressInfo } from "node:net";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { PNG_1X1 } from "../../../../tests/support/files";
import { outboxFor, subjectOf } from "../../../../tests/support/mail";
import { createTestApp, ORIGIN, signUp, type TestApp } from "../../../../tests/support/test-app";
import { createUpload, type TusTarget } from "../../../../tests/support/tus";
import type { ContractView } from "../../../shared/contracts/contracts";
import { isErrorCode } from "../../../shared/errors";
import { manualClock } from "../../clock";
import { imagePages } from "./pdf-boxes.fixture";
import { createSelfSignedP12 } from "./seal";

/*
 * Issue 27, item 1: a contract's documents belong to the contract. Before, the landlord owned
 * them: DELETE and PATCH on the sealed file answered 204/200, the tenant then got 404, and a draft
 * deleted while out for signing left the contract "selando" for good.
 */

let t: TestApp;
let b: ReturnType<typeof builders>;
let call: ReturnType<typeof builders>["call"];
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  b = builders(t);
  call = b.call;
});
afterAll(() => t.close());

function expectRefusal(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode, res.body).toBe(status);
  const body = JSON.parse(res.body) as { code: string; message: string };
  expect(isErrorCode(body.code)).toBe(true);
  return body;
}

async function tryEveryChange(documentId: string, who: { cookie?: string }) {
  const del = await call("DELETE", `/api/storage/objects/${documentId}`, who.cookie);
  const rename = await call("PATCH", `/api/storage/objects/${documentId}`, who.cookie, {
    fileName: "outro nome.pdf",
  });
  return { del, rename };
}

describe("a contract's documents", () => {
  it("cannot be deleted, renamed or replaced by anyone once sealed, and both parties keep them", async () => {
    const { landlord, tenant, contract } = await b.contract("assinado");
    const sealedId = contract.sealedDocumentId as string;
    const draftId = contract.documentId as string;
    expect(sealedId).toBeTruthy();
    const stranger = await signUp(t.app, { name: "Estranha" });

    for (const id of [sealedId, draftId]) {
      // The landlord (whose account the file was stored under) is refused with a pt-BR reason.
      const asLandlord = await tryEveryChange(id, landlord);
      const refused = expectRefusal(asLandlord.del, 409);
      expect(refused.code).toBe("contract-document-locked");
      expect(refused.message).toMatch(/contrato/);
      expect(refused.message).toMatch(/não pode ser/);
      expectRefusal(asLandlord.rename, 409);
      // The tenant, who reads it, may not change it either.
      const asTenant = await tryEveryChange(id, tenant);
      expectRefusal(asTenant.del, 409);
      expectRefusal(asTenant.rename, 409);
      // Someone else is refused as for any file not theirs; nobody signed out reaches it.
      const asStranger = await tryEveryChange(id, stranger);
      expect(expectRefusal(asStranger.del, 403).code).toBe("unauthorized");
      expect(expectRefusal(asStranger.rename, 403).code).toBe("unauthorized");
      const anonymous = await tryEveryChange(id, {});
      expect(anonymous.del.statusCode).toBe(401);
      expect(anonymous.rename.statusCode).toBe(401);
    }

    // Replacing it through an upload is refused before a byte is taken.
    const target: TusTarget = { baseUrl, cookie: landlord.cookie, origin: ORIGIN };
    const replacing = await createUpload(target, PNG_1X1.length, {
      filename: "falso.png",
      kind: "outro",
      folder: "docs",
      replaces: sealedId,
    });
    expect(replacing.status, replacing.body).toBe(409);

    // Nothing changed: both parties still download it and verify it.
    for (const p of [landlord, tenant]) {
      const meta = await call("GET", `/api/storage/objects/${sealedId}`, p.cookie);
      expect(meta.statusCode).toBe(200);
      expect(meta.json<{ fileName: string }>().fileName).toMatch(/assinado\.pdf$/);
      const verify = await call("GET", `/api/contracts/verify/${sealedId}`, p.cookie);
      expect(verify.statusCode, verify.body).toBe(200);
      expect(verify.json<{ intact: boolean }>().intact).toBe(true);
    }
  });

  it("cannot be deleted while out for signing, so the contract is signed and sealed", async () => {
    const built = await b.contract("enviado");
    const { landlord, contract } = built;
    const draftId = contract.documentId as string;
    expectRefusal(await call("DELETE", `/api/storage/objects/${draftId}`, landlord.cookie), 409);
    for (const s of built.signers) await b.sign(contract.id, s);
    await t.settle();
    const after = await call("GET", `/api/contracts/${contract.id}`, landlord.cookie);
    expect(after.json<ContractView>().status).toBe("assinado");
  });

  it("are held by the database: a referenced file's row cannot be deleted by any path", async () => {
    const { contract } = await b.contract("assinado");
    for (const id of [contract.documentId, contract.sealedDocumentId]) {
      await expect(t.database.pool.query("DELETE FROM documents WHERE id = $1", [id])).rejects.toThrow(
        /foreign key/,
      );
    }
  });
});

describe("a contract whose file is gone", () => {
  it("cannot be signed: the signer is told why, in pt-BR, and nothing moves", async () => {
    const built = await b.contract("enviado");
    const { landlord, contract } = built;
    await t.app.storage.store.remove(contract.documentId as string);
    const [first] = built.signers;
    if (!first) throw new Error("no signer");
    const token = await b.signingLink(first.email, contract.id);
    const res = await call("POST", `/api/signing/${contract.id}/sign`, undefined, {
      token,
      codigo: "000000",
      nome: first.nome,
      cpf: first.cpf,
    });
    const refused = expectRefusal(res, 409);
    expect(refused.code).toBe("contract-document-missing");
    expect(refused.message).toMatch(/não pode ser assinado/);
    const after = await call("GET", `/api/contracts/${contract.id}`, landlord.cookie);
    expect(after.json<ContractView>().status).toBe("enviado");
    expect(after.json<ContractView>().signers.every((s) => s.status !== "assinado")).toBe(true);
  });
});

describe("a seal that keeps failing", () => {
  it("tells every party once, and is tried again an hour later until the contract is sealed", async () => {
    const clock = manualClock();
    const certDir = await fsp.mkdtemp(path.join(t.dataDir, "cert-"));
    const p12 = path.join(certDir, "operador.p12");
    // The operator's certificate is missing: every try of the seal job fails.
    const s = await createTestApp(
      {
        JOB_RETRY_LIMIT: "1",
        JOB_RETRY_DELAY_SECONDS: "1",
        SEAL_P12_PATH: p12,
        SEAL_P12_PASSPHRASE: "segredo",
      },
      { clock },
    );
    try {
      await s.app.listen({ port: 0, host: "127.0.0.1" });
      const sb = builders(s);
      const built = await sb.contract("enviado");
      for (const signer of built.signers) await sb.sign(built.contract.id, signer);
      // The first try and its one retry (a second later), then the e-mails they send.
      await s.app.jobs.settle(30_000, 10_000);
      const view = () => sb.call("GET", `/api/contracts/${built.contract.id}`, built.landlord.cookie);
      expect((await view()).json<ContractView>().status).toBe("selando");
      const delayed = (email: string) =>
        outboxFor(s.dataDir, email).then((mails) =>
          mails.filter((m) => /selo digital est/.test(subjectOf(m.raw))),
        );
      for (const signer of built.signers) {
        const told = await delayed(signer.email);
        expect(told, signer.email).toHaveLength(1);
        expect(told[0]?.text).toMatch(
          /Todas as assinaturas est=C3=A3o registradas|Todas as assinaturas estão registradas/,
        );
      }
      // Not before the hour: the schedule sends nothing.
      expect(await s.app.contracts.resealDue()).toBe(0);
      // The operator puts the certificate in place; an hour later the seal is tried again, and holds.
      await fsp.writeFile(p12, createSelfSignedP12("segredo"));
      clock.advance(60 * 60_000 + 1);
      expect(await s.app.contracts.resealDue()).toBe(1);
      await s.settle();
      const sealed = (await view()).json<ContractView>();
      expect(sealed.status).toBe("assinado");
      expect(sealed.sealedDocumentId).toBeTruthy();
      // Told once, not once per failure.
      for (const signer of built.signers) expect(await delayed(signer.email)).toHaveLength(1);
    } finally {
      await s.close();
    }
  });
});

describe("drawn signatures", () => {
  it("are printed in the sealed contract, and a drawing that is not a PNG is refused in pt-BR", async () => {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 110 10, 290 60" stroke="#123" fill="none" stroke-width="5"/></svg>`;
    const png = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString("base64")}`;
    const built = await b.contract("enviado");
    const [first, ...rest] = built.signers;
    if (!first) throw new Error("no signer");
    // A JPEG (or anything else) labelled as a PNG would make the seal fail later: refused now.
    const jpeg = await sharp(Buffer.from(svg)).jpeg().toBuffer();
    const token = await b.signingLink(first.email, built.contract.id);
    const refused = await call("POST", `/api/signing/${built.contract.id}/sign`, undefined, {
      token,
      codigo: "000000",
      nome: first.nome,
      cpf: first.cpf,
      assinatura: `data:image/png;base64,${jpeg.toString("base64")}`,
    });
    expect(expectRefusal(refused, 400).message).toMatch(/assinatura desenhada/);

    await b.sign(built.contract.id, first, png);
    for (const s of rest) await b.sign(built.contract.id, s, png);
    await t.settle();
    const sealed = (
      await call("GET", `/api/contracts/${built.contract.id}`, built.landlord.cookie)
    ).json<ContractView>();
    expect(sealed.status).toBe("assinado");
    const bytes = await t.app.storage.readBytes(sealed.sealedDocumentId as string);
    // One drawing per signer, and the contract had none before.
    expect(imagePages(bytes)).toHaveLength(built.signers.length);
    expect(imagePages(await t.app.storage.readBytes(sealed.documentId as string))).toHaveLength(0);
  });
});
