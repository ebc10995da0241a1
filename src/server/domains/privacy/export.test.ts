import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import yauzl from "yauzl";
import { type Builders, builders, type Person } from "../../../../tests/support/builders";
import { makePng } from "../../../../tests/support/files";
import { outboxFor } from "../../../../tests/support/mail";
import { createTestApp, ORIGIN, signIn, type TestApp } from "../../../../tests/support/test-app";
import { uploadBytes } from "../../../../tests/support/tus";
import type { ExportView } from "../../../shared/contracts/privacy";
import ptBR from "../../../shared/locales/pt-BR.json";
import { manualClock } from "../../clock";
import { SECTIONS } from "./person-data.repository";

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
    const {
      landlord,
      tenant: signer,
      contract,
    } = await b.contract("assinado", {
      garantias: ["seguro_fianca"],
    });
    const ok = async (what: string, res: Promise<{ statusCode: number; body: string }>) => {
      const r = await res;
      expect(r.statusCode, `${what}: ${r.body}`).toBeLessThan(300);
    };
    // A deletion asked and cancelled by signing in again (its record is theirs too).
    await ok(
      "deletion",
      b.call("POST", "/api/privacy/deletion", signer.cookie, {
        senha: signer.password,
        confirmacao: "EXCLUIR",
      }),
    );
    const back = await signIn(t.app, signer.email, signer.password);
    expect(back.statusCode).toBe(200);
    const tenant = { ...signer, cookie: String(back.headers["set-cookie"]).split(";")[0] as string };
    // One of every kind of record: a unit and offer of their own, a saved search, a favourite,
    // notification settings, a home layout, a consent, a message (and its reply, a notice), a file.
    await b.offer({ landlord: tenant });
    const { offerId: liked } = await b.offer({ landlord });
    await ok("favourite", b.call("PUT", `/api/preferences/favorites/${liked}`, tenant.cookie));
    await ok(
      "search",
      b.call("POST", "/api/preferences/searches", tenant.cookie, {
        nome: "Perto do trabalho",
        filtros: { cidades: ["Niterói"] },
      }),
    );
    await ok(
      "settings",
      b.call("PUT", "/api/preferences/notifications", tenant.cookie, {
        canais: { match: "app", price_drop: "email" },
        horaResumo: 8,
      }),
    );
    await ok("layout", b.call("PUT", "/api/privacy/home-layout", tenant.cookie, { layout: "v3" }));
    await ok("consent", b.call("PUT", "/api/privacy/consent", tenant.cookie, { analytics: false }));
    await ok(
      "message",
      b.call("POST", `/api/messages/${contract.proposalId}`, tenant.cookie, {
        texto: "A chave fica com o porteiro?",
      }),
    );
    await ok(
      "reply",
      b.call("POST", `/api/messages/${contract.proposalId}`, landlord.cookie, {
        texto: "Sim, a partir das 9h.",
      }),
    );
    const address = t.app.server.address() as AddressInfo;
    const png = makePng(24, 16, [30, 120, 200]);
    const upload = await uploadBytes(
      { baseUrl: `http://127.0.0.1:${address.port}`, cookie: tenant.cookie, origin: ORIGIN },
      png,
      { filename: "comprovante.png", kind: "comprovante_renda", folder: "documentos" },
    );
    const uploadedId = upload.json<{ id: string }>().id;
    await t.settle();

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
    // Every section holds what was made above.
    for (const { name } of SECTIONS)
      expect((data[name] as unknown[] | undefined)?.length ?? 0, `section ${name}`).toBeGreaterThan(0);
    expect(data.buscas_salvas[0]).toMatchObject({ nome: "Perto do trabalho" });
    expect(data.favoritos.map((f: { offer_id: string }) => f.offer_id)).toContain(liked);
    expect(data.mensagens.map((m: { body: string }) => m.body)).toEqual(
      expect.arrayContaining(["A chave fica com o porteiro?", "Sim, a partir das 9h."]),
    );
    expect(data.exclusao_da_conta[0]).toMatchObject({ status: "cancelada" });
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
    // The file they uploaded, byte for byte.
    const mine = [...entries].filter(([name]) => name.includes(`/${uploadedId}-`));
    expect(mine.map(([name]) => name)).toEqual([expect.stringMatching(/comprovante\.png$/)]);
    expect(Buffer.compare(mine[0]?.[1] as Buffer, png)).toBe(0);

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
