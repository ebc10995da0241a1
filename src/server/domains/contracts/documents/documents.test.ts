import fsp from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { builders } from "../../../../../tests/support/builders";
import { outboxFor, subjectOf } from "../../../../../tests/support/mail";
import { createTestApp, type TestApp } from "../../../../../tests/support/test-app";
import type { ContractView } from "../../../../shared/contracts/contracts";
import { isErrorCode } from "../../../../shared/errors";
import { withTransaction } from "../../../db/client";
import { imagePages, pdfText } from "../pdf-boxes.fixture";
import { write } from "../pdf-writer";
import type { DocumentKind } from "./kind";
import { closeDocument, openDocument, writeSignatureLines } from "./page";
import { registerDocumentKind } from "./registry";

/*
 * Issue 30, item 1: one document machine. A kind that exists only in this file goes through
 * everything the lease goes through — draft, send, both parties sign (one with a drawing), seal,
 * verify — as a later domain would start it: createDocument in its own transaction, on a signed
 * lease. Item 6: a seal that rolls back after its file was put leaves no bytes behind.
 */

/** "A receipt both parties sign": the whole of a kind, as a newcomer would write it. */
const receipt: DocumentKind<{ referente: string; valor: number }> = {
  kind: "teste-recibo",
  titleKey: "documents.kinds.outro",
  parse: (data) => z.object({ referente: z.string().min(1), valor: z.number().int().positive() }).parse(data),
  render: async (doc) => {
    const w = await openDocument(`Recibo nº ${doc.numero}`, doc.dataEmissao);
    write(w, `RECIBO Nº ${doc.numero}`, { bold: true, size: 14, center: true, gap: 10 });
    write(
      w,
      `Recebi de ${doc.lease.locatario.nome} R$ ${(doc.data.valor / 100).toFixed(2)}, referente a ${doc.data.referente}, do contrato de locação nº ${doc.lease.numero} do imóvel em ${doc.lease.imovel.endereco}.`,
      { gap: 18 },
    );
    writeSignatureLines(w, [
      { label: "LOCADOR(A)", nome: doc.lease.locador.nome, cpf: doc.lease.locador.cpf },
      { label: "LOCATÁRIO(A)", nome: doc.lease.locatario.nome, cpf: doc.lease.locatario.cpf },
    ]);
    return closeDocument(w, `Recibo nº ${doc.numero}`);
  },
  signers: (doc) => [
    { role: "locador", p: doc.lease.locador, email: doc.lease.emails.locador, named: false },
    { role: "locatario", p: doc.lease.locatario, email: doc.lease.emails.locatario, named: false },
  ],
  fileName: (numero, sealed) => (sealed ? `Recibo ${numero} - assinado.pdf` : `Recibo ${numero}.pdf`),
};
registerDocumentKind(receipt);

let t: TestApp;
let b: ReturnType<typeof builders>;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(() => t.close());

describe("a document of another kind on a signed lease", () => {
  it("is drafted, sent, signed by both, sealed, verified, locked and listed for both, as the lease is", {
    timeout: 180_000,
  }, async () => {
    const {
      landlord,
      tenant,
      contract: lease,
      signers,
    } = await b.contract("assinado", {
      garantias: ["seguro_fianca"],
    });
    const [landlordSigner, tenantSigner] = signers;
    if (!landlordSigner || !tenantSigner) throw new Error("no signers");

    // A later domain starts it in its own transaction.
    const started = await withTransaction(t.database.pool, (c) =>
      t.app.contracts.createDocument(c, {
        kind: "teste-recibo",
        parentId: lease.id,
        data: { referente: "aluguel de março", valor: 250_000 },
      }),
    );
    // Data the kind does not accept is refused before anything is written.
    await expect(
      withTransaction(t.database.pool, (c) =>
        t.app.contracts.createDocument(c, { kind: "teste-recibo", parentId: lease.id, data: { valor: -1 } }),
      ),
    ).rejects.toThrow();

    const draft = (await b.call("GET", `/api/contracts/${started.id}`, landlord.cookie)).json<ContractView>();
    expect(draft.status).toBe("rascunho");
    expect(draft.numero).toBe(started.numero);
    expect(draft.titulo).toMatch(new RegExp(`^Documento nº ${started.numero} – `));
    expect(draft.plannedSigners.map((s) => s.role)).toEqual(["locador", "locatario"]);
    // Its PDF is the kind's, not the lease's.
    const draftPdf = await t.app.storage.readBytes(draft.documentId as string);
    expect(pdfText(draftPdf)).toContain("referente a aluguel de março");
    expect(pdfText(draftPdf)).not.toContain("CONTRATO DE LOCAÇÃO");

    // The landlord sends it as she sends a lease; each party is invited in the kind's words.
    const sent = await b.call("POST", `/api/contracts/${started.id}/send`, landlord.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    await t.settle();
    const invite = (await outboxFor(t.dataDir, tenantSigner.email)).find((m) =>
      m.text.includes(`/Clicksign?contrato=${started.id}`),
    );
    expect(subjectOf(invite?.raw ?? "")).toContain(`Documento nº ${started.numero}`);
    expect(invite?.text).toContain(`do contrato de locação nº ${lease.numero}`);

    // Both sign; the tenant draws her signature, and it is printed on her line.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><path d="M10 80 C 60 10, 110 10, 290 60" stroke="#123" fill="none" stroke-width="5"/></svg>`;
    const png = `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString("base64")}`;
    expect(await b.sign(started.id, landlordSigner)).toBe("enviado");
    expect(await b.sign(started.id, tenantSigner, png)).toBe("selando");
    await t.settle();

    const sealed = (await b.call("GET", `/api/contracts/${started.id}`, tenant.cookie)).json<ContractView>();
    expect(sealed.status).toBe("assinado");
    const sealedId = sealed.sealedDocumentId as string;
    const bytes = await t.app.storage.readBytes(sealedId);
    expect(imagePages(bytes)).toHaveLength(1);
    expect(pdfText(bytes)).toContain("referente a aluguel de março");
    // The sealed notice names the document, not a lease.
    const done = (await outboxFor(t.dataDir, landlordSigner.email)).find((m) =>
      subjectOf(m.raw).includes(`Documento nº ${started.numero} assinado por todos`),
    );
    expect(done).toBeDefined();

    for (const p of [landlord, tenant]) {
      // Verified as valid by either party.
      const verify = await b.call("GET", `/api/contracts/verify/${sealedId}`, p.cookie);
      expect(verify.statusCode, verify.body).toBe(200);
      expect(verify.json<{ intact: boolean; signatureValid: boolean; numero: string }>()).toMatchObject({
        intact: true,
        signatureValid: true,
        numero: started.numero,
      });
      // Nobody's to delete: the file is the contract's (decision 034).
      for (const id of [sealedId, sealed.documentId as string]) {
        const del = await b.call("DELETE", `/api/storage/objects/${id}`, p.cookie);
        expect(del.statusCode, del.body).toBe(409);
        expect(isErrorCode(del.json<{ code: string }>().code)).toBe(true);
        expect(del.json<{ code: string }>().code).toBe("contract-document-locked");
      }
      // Both see it beside the lease, which is as it was.
      const list = (await b.call("GET", "/api/contracts", p.cookie)).json<ContractView[]>();
      expect(list.map((c) => c.id).sort()).toEqual([lease.id, started.id].sort());
      const again = list.find((c) => c.id === lease.id);
      expect(again).toMatchObject({ status: "assinado", sealedDocumentId: lease.sealedDocumentId });
    }
  });
});

describe("a seal that rolls back after its file was put", () => {
  it("leaves no bytes in the object store that no document names", { timeout: 120_000 }, async () => {
    const built = await b.contract("enviado", { garantias: ["seguro_fianca"] });
    const id = built.contract.id;
    const pool = t.database.pool;
    // The seal's transaction fails after its file is stored: marking the contract signed raises.
    const fn = `fail_seal_${id.replace(/-/g, "")}`;
    await pool.query(
      `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'forced rollback'; END $$`,
    );
    await pool.query(
      `CREATE TRIGGER ${fn} BEFORE UPDATE ON contracts FOR EACH ROW
         WHEN (NEW.id = '${id}' AND NEW.status = 'assinado') EXECUTE FUNCTION ${fn}()`,
    );
    try {
      for (const s of built.signers) await b.sign(id, s);
      await expect(t.app.contracts.seal(id)).rejects.toThrow(/forced rollback/);
    } finally {
      await pool.query(`DROP TRIGGER ${fn} ON contracts`);
      await pool.query(`DROP FUNCTION ${fn}()`);
    }
    // Sealed once the fault is gone (by this call or by the job the last signature sent).
    await t.app.contracts.seal(id);
    await t.settle();
    const after = (await b.call("GET", `/api/contracts/${id}`, built.landlord.cookie)).json<ContractView>();
    expect(after.status).toBe("assinado");

    // Every object in the store is a document's (an upload's state files aside): the failed
    // try's sealed file is gone, the one that committed is there.
    const dir = path.join(t.dataDir, "files");
    const keys = (await fsp.readdir(dir)).filter((f) => /^[0-9a-f-]{36}$/.test(f));
    expect(keys).toContain(after.sealedDocumentId);
    const { rows } = await pool.query<{ id: string }>(
      `SELECT id::text FROM documents WHERE id = ANY($1::uuid[])
       UNION SELECT r->>'key' FROM photo_renditions, jsonb_array_elements(renditions) r`,
      [keys],
    );
    const known = new Set(rows.map((r) => r.id));
    expect(keys.filter((k) => !known.has(k))).toEqual([]);
  });
});
