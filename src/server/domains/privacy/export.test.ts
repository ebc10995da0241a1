import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { type Builders, builders, type Person } from "../../../../tests/support/builders";
import { outboxFor } from "../../../../tests/support/mail";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import type { ExportView } from "../../../shared/contracts/privacy";
import ptBR from "../../../shared/locales/pt-BR.json";
import { manualClock } from "../../clock";

/*
 * The data export (issue 17, LGPD art. 18, II and V): a job makes a zip of everything Chave holds
 * about the person and their files, byte-exact; the e-mailed link works once, for 24 hours, only
 * for them.
 */

const clock = manualClock(new Date("2026-11-25T13:00:00Z"));
let t: TestApp;
let b: Builders;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(() => t.close());

/** Every entry of a zip, by name. */
function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out = new Map<string, Buffer>();
      zip.on("entry", (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e);
          const chunks: Buffer[] = [];
          stream.on("data", (c: Buffer) => chunks.push(c));
          stream.on("end", () => {
            out.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on("end", () => resolve(out));
      zip.on("error", reject);
      zip.readEntry();
    });
  });
}

/** The download link of the person's newest "dados estão prontos" e-mail. */
async function linkFor(who: Person): Promise<{ id: string; token: string }> {
  const mails = (await outboxFor(t.dataDir, who.email)).filter((m) => /exportacao=/.test(m.text));
  const m = mails
    .at(-1)
    ?.text.match(/\/Config\?exportacao=([0-9a-f-]{36})&(?:amp;)?token=([A-Za-z0-9_-]{43})/);
  if (!m) throw new Error("no export e-mail");
  return { id: m[1] as string, token: m[2] as string };
}

const download = (id: string, token: string, cookie?: string) =>
  t.app.inject({
    method: "GET",
    url: `/api/privacy/exports/${id}/download?token=${token}`,
    headers: cookie ? { cookie } : {},
  });

const sha = (b: Buffer) => createHash("sha256").update(b).digest("hex");

describe("the data export", () => {
  it("holds every kind of record and the files byte-exact; the link works once, only for its person", async () => {
    const { landlord, tenant, contract } = await b.contract("assinado", { garantias: ["seguro_fianca"] });
    const sent = await b.call("POST", "/api/privacy/exports", tenant.cookie);
    expect(sent.statusCode, sent.body).toBe(202);
    expect(sent.json<ExportView>()).toMatchObject({ status: "preparando", progress: 0 });
    await t.settle();
    const ready = (await b.call("GET", "/api/privacy/exports", tenant.cookie)).json<ExportView>();
    expect(ready).toMatchObject({ status: "pronto", progress: 100, expiresAt: "2026-11-26T13:00:00.000Z" });

    const { id, token } = await linkFor(tenant);
    // Nobody else, not even with the link; not signed out; not a forged token.
    expect((await download(id, token, landlord.cookie)).statusCode).toBe(404);
    expect((await download(id, token)).statusCode).toBe(401);
    const forged = await download(id, "A".repeat(43), tenant.cookie);
    expect(forged.statusCode).toBe(410);
    expect(forged.json().message).toBe(ptBR.errors["invalid-export-link"]);

    const got = await download(id, token, tenant.cookie);
    expect(got.statusCode).toBe(200);
    expect(got.headers["content-type"]).toBe("application/zip");
    const entries = await unzip(got.rawPayload);
    const data = JSON.parse((entries.get("meus-dados.json") as Buffer).toString("utf8"));
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining([
        "conta",
        "perfil",
        "sessoes",
        "consentimentos",
        "avisos_configuracao",
        "imoveis",
        "ofertas",
        "propostas",
        "mensagens",
        "contratos",
        "documentos",
        "buscas_salvas",
        "favoritos",
        "historico_de_preferencias",
        "avisos",
      ]),
    );
    expect(data.conta[0]).toMatchObject({ email: tenant.email });
    expect(data.perfil[0]).toMatchObject({ cpf: tenant.cpf });
    expect(data.propostas[0].linha_do_tempo.length).toBeGreaterThan(0);
    expect(data.contratos[0]).toMatchObject({ id: contract.id, status: "assinado" });
    expect(data.contratos[0].trilha_de_auditoria.map((e: { type: string }) => e.type)).toContain("selado");
    // Secrets stay out.
    const text = JSON.stringify(data);
    for (const secret of ["token_hash", "code_hash", '"password"', '"token"'])
      expect(text).not.toContain(secret);
    expect(data.sessoes.length).toBeGreaterThan(0);

    // The sealed contract, byte for byte.
    const sealedId = (
      await t.database.pool.query<{ id: string }>(
        "SELECT sealed_document_id AS id FROM contracts WHERE id = $1",
        [contract.id],
      )
    ).rows[0]?.id as string;
    const sealed = [...entries].find(([name]) => name.startsWith(`arquivos/contratos/${sealedId}-`));
    expect(sealed).toBeDefined();
    expect(sha(sealed?.[1] as Buffer)).toBe(sha(await t.app.storage.readBytes(sealedId)));

    // Once.
    const again = await download(id, token, tenant.cookie);
    expect(again.statusCode).toBe(410);
    expect((await b.call("GET", "/api/privacy/exports", tenant.cookie)).json<ExportView>()).toMatchObject({
      status: "baixado",
    });
  });

  it("gives the landlord their own files (the unit's photo), and one export at a time", async () => {
    const landlord = await b.person("Regina");
    await b.offer({ landlord });
    const [one, two] = await Promise.all([
      b.call("POST", "/api/privacy/exports", landlord.cookie),
      b.call("POST", "/api/privacy/exports", landlord.cookie),
    ]);
    expect([one?.statusCode, two?.statusCode].sort()).toEqual([202, 409]);
    await t.settle();
    const { id, token } = await linkFor(landlord);
    const entries = await unzip((await download(id, token, landlord.cookie)).rawPayload);
    const data = JSON.parse((entries.get("meus-dados.json") as Buffer).toString("utf8"));
    expect(data.ofertas).toHaveLength(1);
    const [photo] = data.documentos as { id: string; kind: string }[];
    expect(photo?.kind).toBe("foto_unidade");
    const file = [...entries].find(([name]) => name.includes(`/${photo?.id}-`));
    expect(sha(file?.[1] as Buffer)).toBe(sha(await t.app.storage.readBytes(photo?.id as string)));
  });

  it("is removed when not downloaded within 24 hours", async () => {
    const who = await b.person("Sônia");
    await b.call("POST", "/api/privacy/exports", who.cookie);
    await t.settle();
    const { id, token } = await linkFor(who);
    clock.advance(25 * 3_600_000);
    expect(await t.app.privacyExports.expire()).toBeGreaterThanOrEqual(1);
    expect((await b.call("GET", "/api/privacy/exports", who.cookie)).json<ExportView>()).toMatchObject({
      status: "expirado",
    });
    expect((await download(id, token, who.cookie)).statusCode).toBe(410);
    await expect(t.app.storage.store.read(id)).rejects.toThrow();
    clock.set(new Date("2026-11-25T13:00:00Z"));
  });
});
