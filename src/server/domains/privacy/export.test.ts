import { createHash } from "node:crypto";
import type { AddressInfo } from "node:net";
import { CNPJ } from "validation-br/cnpj";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Builders, builders, type Person } from "../../../../tests/support/builders";
import { makePdf, makePng, randomCpf } from "../../../../tests/support/files";
import { outboxFor } from "../../../../tests/support/mail";
import { createTestApp, ORIGIN, signIn, type TestApp } from "../../../../tests/support/test-app";
import { uploadBytes } from "../../../../tests/support/tus";
import { unzip } from "../../../../tests/support/zip";
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
    // A company they sign for, and an agency they work in (issue 34).
    await b.company(tenant);
    const agency = await b.call("POST", "/api/agencies", tenant.cookie, {
      razaoSocial: "Exportada Imóveis Ltda.",
      cnpj: CNPJ.fake({ alphanumeric: true }).toString(),
      endereco: {
        cep: "22250040",
        logradouro: "Praia de Botafogo",
        numero: "300",
        bairro: "Botafogo",
        cidade: "Rio de Janeiro",
        uf: "RJ",
      },
      creci: { numero: "1234-J", uf: "RJ" },
    });
    expect(agency.statusCode, agency.body).toBe(201);
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
        "empresas",
        "imobiliarias",
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

/*
 * Issue 28, item 5: the export holds only the person's own data. Others appear as the contract
 * screens show them (a name, a masked CPF), never with their drawn signature; machinery fields
 * stay out; a copy for reading (pt-BR) goes beside the JSON.
 */
describe("the data export holds only the person's own data", () => {
  it("has the tenant's own signature and CPF, others' CPFs masked, no one else's drawing, no internal fields", async () => {
    const built = await b.contract("rascunho", { garantias: ["fiador"] });
    const { landlord, tenant, contract } = built;
    const fiador = built.fiador as NonNullable<typeof built.fiador>;
    const witness = {
      nome: "Walter Testemunha Souza",
      cpf: randomCpf(),
      email: `w.${contract.id.slice(0, 8)}@exemplo.com.br`,
    };
    const named = await b.call("PUT", `/api/contracts/${contract.id}/witness`, landlord.cookie, {
      testemunha: witness,
    });
    expect(named.statusCode, named.body).toBe(200);
    const sent = await b.call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    // Each signer draws their own signature (a PNG of its own colour).
    const drawings = new Map<string, Buffer>([
      [landlord.email, makePng(40, 12, [200, 0, 0])],
      [tenant.email, makePng(40, 12, [0, 0, 200])],
      [fiador.email, makePng(40, 12, [0, 150, 0])],
      [witness.email, makePng(40, 12, [90, 90, 90])],
    ]);
    const signers = [
      { email: landlord.email, nome: landlord.fullName, cpf: landlord.cpf },
      { email: tenant.email, nome: tenant.fullName, cpf: tenant.cpf },
      { email: fiador.email, nome: fiador.nome, cpf: fiador.cpf },
      { email: witness.email, nome: witness.nome, cpf: witness.cpf },
    ];
    for (const s of signers)
      await b.sign(
        contract.id,
        s,
        `data:image/png;base64,${(drawings.get(s.email) as Buffer).toString("base64")}`,
      );
    await t.settle();

    const exported = async (who: Person) => {
      const asked = await b.call("POST", "/api/privacy/exports", who.cookie);
      expect(asked.statusCode, asked.body).toBe(202);
      await t.settle();
      const { id, token } = await linkFor(who);
      return unzip((await download(id, token, who.cookie)).rawPayload);
    };
    const digits = (cpf: string) => cpf.replace(/\D/g, "");
    const formatted = (cpf: string) => digits(cpf).replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");

    for (const [me, others] of [
      [tenant, [landlord.cpf, fiador.cpf, witness.cpf]],
      [landlord, [tenant.cpf, fiador.cpf, witness.cpf]],
    ] as const) {
      const entries = await exported(me);
      const json = (entries.get("meus-dados.json") as Buffer).toString("utf8");
      const data = JSON.parse(json);
      // Their own CPF in full; the others' only masked, as the contract screens mask them.
      expect(json).toContain(digits(me.cpf));
      for (const cpf of others) {
        expect(json).not.toContain(digits(cpf));
        expect(json).not.toContain(formatted(cpf));
      }
      const signatarios = data.contratos[0].signatarios as Record<string, unknown>[];
      expect(signatarios).toHaveLength(4);
      // Their own drawing, and nobody else's, anywhere in the zip but the sealed PDF.
      const own = (drawings.get(me.email) as Buffer).toString("base64");
      const mine = signatarios.filter((s) => s.voce === true);
      expect(mine).toHaveLength(1);
      expect(mine[0]?.assinatura_desenhada).toBe(`data:image/png;base64,${own}`);
      for (const s of signatarios.filter((x) => x.voce !== true))
        expect(s).not.toHaveProperty("assinatura_desenhada");
      const readable = [...entries].filter(([name]) => !name.startsWith("arquivos/"));
      for (const [email, png] of drawings) {
        if (email === me.email) continue;
        for (const [name, bytes] of readable) {
          expect(bytes.toString("utf8"), `${name} holds another's drawing`).not.toContain(
            png.toString("base64"),
          );
          expect(Buffer.compare(bytes, png), `${name} is another's drawing`).not.toBe(0);
        }
      }
      const drawn = [...entries].filter(([name]) => name.startsWith("assinaturas/"));
      expect(drawn.map(([, bytes]) => Buffer.compare(bytes, drawings.get(me.email) as Buffer))).toEqual([0]);
      const witnessRow = signatarios.find((s) => s.papel === "testemunha");
      expect(witnessRow?.cpf).toBe(
        `***.${digits(witness.cpf).slice(3, 6)}.${digits(witness.cpf).slice(6, 9)}-**`,
      );
      // No machinery: code counters, provider references, retry schedules, dedupe and search keys.
      for (const internal of [
        "code_expires_at",
        "code_failures",
        "code_attempts",
        "code_verified_at",
        "blocked_at",
        "provider_ref",
        "seal_retry_at",
        "seal_failures",
        "dedupe",
        "search_tsv",
        "match_keys",
        "token_hash",
        "code_hash",
        "user_agent",
        "sender_id",
        "recipient_id",
      ])
        expect(json, internal).not.toContain(`"${internal}"`);
      // A copy a person can read, in pt-BR, beside the JSON.
      const text = (entries.get("meus-dados.txt") as Buffer).toString("utf8");
      expect(text).toContain("== Contratos (1) ==");
      expect(text).toContain("Assinatura desenhada: (a imagem está na pasta assinaturas/)");
      expect(text).toMatch(/Aluguel: R\$\s?\d/);
      expect(text).not.toContain("base64");
      // Coded values in words, as the screens say them: the role, the account's sign-in, the status.
      expect(text).toMatch(/Papel: (Parte locatária|Parte locadora)/);
      expect(text).toContain("Provedor: E-mail e senha");
      expect(
        text
          .split("\n")
          .filter((l) => /: (tenant|landlord|credential|locatario|locador|testemunha|assinado)$/.test(l)),
      ).toEqual([]);
      for (const cpf of others) expect(text).not.toContain(formatted(cpf));
      expect((entries.get("LEIA-ME.txt") as Buffer).toString("utf8")).toContain("meus-dados.txt");
    }
  });
});

/*
 * Issue 28, item 5: exports are bounded. One being prepared per account, EXPORTS_PER_DAY in 24
 * hours, a newer one replaces the older zips, and the installation's EXPORTS_DISK_BUDGET_MB.
 */
describe("exports are bounded", () => {
  it("takes 3 asks a day from one account (of 30 in a row), each replacing the last zip; a day later, again", async () => {
    const who = await b.person("Tereza");
    const answers: number[] = [];
    const ids: string[] = [];
    for (let i = 0; i < 30; i++) {
      const r = await b.call("POST", "/api/privacy/exports", who.cookie);
      answers.push(r.statusCode);
      if (r.statusCode === 202) {
        ids.push(r.json<NonNullable<ExportView>>().id);
        // One being prepared at a time: asking again now is refused as before.
        expect((await b.call("POST", "/api/privacy/exports", who.cookie)).statusCode).toBe(409);
        await t.settle();
      } else {
        expect(r.statusCode).toBe(429);
        expect(r.json()).toMatchObject({
          code: "export-daily-limit",
          message: ptBR.errors["export-daily-limit"],
        });
      }
    }
    expect(answers.filter((s) => s === 202)).toHaveLength(3);
    // Only the newest zip is held: the older ones are gone, and so are their links.
    for (const old of ids.slice(0, -1)) await expect(t.app.storage.store.read(old)).rejects.toThrow();
    await expect(t.app.storage.store.read(ids.at(-1) as string)).resolves.toBeDefined();
    const mails = (await outboxFor(t.dataDir, who.email)).filter((m) => /exportacao=/.test(m.text));
    const first = mails[0]?.text.match(/exportacao=([0-9a-f-]{36})&(?:amp;)?token=([A-Za-z0-9_-]{43})/);
    expect(first?.[1]).toBe(ids[0]);
    expect((await download(first?.[1] as string, first?.[2] as string, who.cookie)).statusCode).toBe(410);
    const { id, token } = await linkFor(who);
    expect((await download(id, token, who.cookie)).statusCode).toBe(200);
    // A day after the first ask, one more.
    clock.advance(24 * 3_600_000 + 1000);
    try {
      expect((await b.call("POST", "/api/privacy/exports", who.cookie)).statusCode).toBe(202);
      await t.settle();
    } finally {
      clock.set(new Date("2026-11-25T13:00:00Z"));
    }
  });
});

describe("the installation's disk budget for exports", () => {
  // 3 MB: room for one export of a 2 MB file (with the room its records take), not two.
  let small: TestApp;
  let sb: Builders;
  beforeAll(async () => {
    small = await createTestApp({ EXPORTS_DISK_BUDGET_MB: "3" }, { clock });
    await small.app.listen({ port: 0, host: "127.0.0.1" });
    sb = builders(small);
  });
  afterAll(() => small.close());

  it("refuses an export the disk has no room for, with a pt-BR 429, until room is made", async () => {
    const port = (small.app.server.address() as AddressInfo).port;
    const withFile = async (name: string) => {
      const who = await sb.person(name);
      const up = await uploadBytes(
        { baseUrl: `http://127.0.0.1:${port}`, cookie: who.cookie, origin: ORIGIN },
        await makePdf(1, 2 * 1024 * 1024),
        { filename: "extrato.pdf", kind: "comprovante_renda", folder: "documentos" },
      );
      expect(up.status, up.body).toBeLessThan(300);
      return who;
    };
    const ana = await withFile("Ana");
    const bia = await withFile("Bia");
    await small.settle();
    expect((await sb.call("POST", "/api/privacy/exports", ana.cookie)).statusCode).toBe(202);
    // Ana's is being prepared: it counts by its files' size, and Bia's would pass the budget.
    const refused = await sb.call("POST", "/api/privacy/exports", bia.cookie);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json()).toMatchObject({ code: "export-no-room", message: ptBR.errors["export-no-room"] });
    await small.settle();
    // Ana's zip is on disk: still no room for Bia's.
    expect((await sb.call("POST", "/api/privacy/exports", bia.cookie)).statusCode).toBe(429);
    // Ana downloads it (the zip goes): now there is.
    const mails = (await outboxFor(small.dataDir, ana.email)).filter((m) => /exportacao=/.test(m.text));
    const m = mails.at(-1)?.text.match(/exportacao=([0-9a-f-]{36})&(?:amp;)?token=([A-Za-z0-9_-]{43})/);
    const got = await small.app.inject({
      method: "GET",
      url: `/api/privacy/exports/${m?.[1]}/download?token=${m?.[2]}`,
      headers: { cookie: ana.cookie },
    });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.length).toBeGreaterThan(2 * 1024 * 1024);
    expect((await sb.call("POST", "/api/privacy/exports", bia.cookie)).statusCode).toBe(202);
    await small.settle();
  });
});
