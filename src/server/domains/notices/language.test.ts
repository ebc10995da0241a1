import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Builders, builders, type Person } from "../../../../tests/support/builders";
import { outboxFor, subjectOf } from "../../../../tests/support/mail";
import {
  createTestApp,
  GOOD_PASSWORD,
  ORIGIN,
  type TestApp,
  uniqueEmail,
  uniqueIp,
} from "../../../../tests/support/test-app";
import type { NoticeList } from "../../../shared/contracts/preferences";
import { manualClock } from "../../clock";

/*
 * Notices as data (issue 30, decision 048): the bell is worded in the request's language, and each
 * person's e-mails and digest in the language they use the app in (recorded from the bell's
 * requests, signing in and the bell); pt-BR for everyone else. The account's e-mails are in the
 * language of the request that caused them.
 */

// 10:03 in Brasília: the digests of 10h are due.
const clock = manualClock(new Date("2026-11-25T13:03:00Z"));
let t: TestApp;
let b: Builders;
beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(() => t.close());

/** The bell as the app reads it, in the language the person chose (the client's Accept-Language). */
async function bell(who: Person, language: "pt-BR" | "en"): Promise<NoticeList> {
  const r = await t.app.inject({
    method: "GET",
    url: "/api/notifications",
    headers: { cookie: who.cookie, "accept-language": language },
  });
  expect(r.statusCode, r.body).toBe(200);
  return r.json<NoticeList>();
}

const mails = async (who: Person) =>
  (await outboxFor(t.dataDir, who.email)).map((m) => ({ ...m, subject: subjectOf(m.raw) }));

describe("notices in the reader's language", () => {
  it("an unread message reaches an English reader in English, in the bell and by e-mail, and a pt-BR reader in pt-BR", async () => {
    const { proposal, tenant, landlord } = await b.proposal("enviada");
    await bell(landlord, "en");
    for (const from of [tenant, landlord]) {
      const sent = await b.call("POST", `/api/messages/${proposal.id}`, from.cookie, {
        texto: "Posso visitar?",
      });
      expect(sent.statusCode, sent.body).toBe(201);
    }
    await t.database.pool.query(
      "UPDATE messages SET created_at = created_at - interval '1 day' WHERE proposal_id = $1",
      [proposal.id],
    );
    expect(await t.app.messages.emailUnread({ proposalId: proposal.id })).toBeGreaterThanOrEqual(2);
    await t.settle();

    const english = (await mails(landlord)).filter((m) => /sent a message about/.test(m.subject));
    expect(english).toHaveLength(1);
    expect(english[0]?.text).toContain("Hello, ");
    expect(english[0]?.text).toContain("You have an unread message from");
    expect(english[0]?.text).toContain("Stop receiving notices of unread messages by e-mail");
    expect(english[0]?.text).toContain("The Chave team");
    expect(english[0]?.text).not.toContain("Olá");
    const inEnglish = (await bell(landlord, "en")).items.find((n) => n.kind === "message");
    expect(inEnglish?.title).toMatch(/ sent a message about /);
    expect(inEnglish?.body).toMatch(/^You have an unread message from /);
    // The same notice, read by the same person in pt-BR, is worded in pt-BR.
    const inPortuguese = (await bell(landlord, "pt-BR")).items.find((n) => n.kind === "message");
    expect(inPortuguese?.title).toMatch(/ enviou uma mensagem sobre /);

    const portuguese = (await mails(tenant)).filter((m) => /enviou uma mensagem sobre/.test(m.subject));
    expect(portuguese).toHaveLength(1);
    expect(portuguese[0]?.text).toContain("Olá, ");
    expect(portuguese[0]?.text).toContain("Você tem uma mensagem não lida de");
    expect(portuguese[0]?.text).toContain("Equipe Chave");
  });

  it("a new offer's alert and the daily digest go in each recipient's language, money and all", async () => {
    const city = `Cidade ${randomUUID().slice(0, 8)}`;
    const watch = async (name: string, channel: "email" | "digest") => {
      const who = await b.person(name);
      const saved = await b.call("POST", "/api/preferences/searches", who.cookie, {
        nome: "Perto do trabalho",
        filtros: { cidades: [city] },
      });
      expect(saved.statusCode, saved.body).toBe(201);
      const r = await b.call("PUT", "/api/preferences/notifications", who.cookie, {
        canais: { match: channel, price_drop: "email" },
        horaResumo: 10,
      });
      expect(r.statusCode, r.body).toBe(200);
      return who;
    };
    const nowEn = await watch("Olivia", "email");
    const digestEn = await watch("Peter", "digest");
    const digestPt = await watch("Quitéria", "digest");
    await bell(nowEn, "en");
    await bell(digestEn, "en");
    await b.offer({ unit: { cidade: city, uf: "RJ", bairro: "Centro" } });
    await t.settle();

    const [alert] = (await mails(nowEn)).filter((m) => /^New offer for “Perto do trabalho”$/.test(m.subject));
    expect(alert?.text).toMatch(new RegExp(`${city} – RJ: R\\$[\\d,]+\\.\\d\\d a month\\.`));
    expect(alert?.text).toContain("Open in Chave");

    expect(await t.app.notices.sendDigests()).toBeGreaterThanOrEqual(2);
    await t.settle();
    const [en] = (await mails(digestEn)).filter((m) => /^Your daily summary: 1 notice$/.test(m.subject));
    expect(en?.text).toContain("• New offer for “Perto do trabalho” — ");
    expect(en?.text).toContain("See my searches");
    const [pt] = (await mails(digestPt)).filter((m) => /^Seu resumo do dia: 1 aviso$/.test(m.subject));
    expect(pt?.text).toContain("• Nova oferta para “Perto do trabalho” — ");
    expect(pt?.text).toMatch(/R\$ [\d.]+,\d\d por mês\./);
  });

  it("a sign-up from the English interface gets the English confirmation e-mail, one from pt-BR the pt-BR one", async () => {
    const signUpIn = async (language: "pt-BR" | "en") => {
      const email = uniqueEmail();
      const r = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        payload: { name: "Ana Souza", email, password: GOOD_PASSWORD },
        headers: { "content-type": "application/json", origin: ORIGIN, "accept-language": language },
        remoteAddress: uniqueIp(),
      });
      expect(r.statusCode, r.body).toBe(200);
      await t.settle();
      const [mail] = await outboxFor(t.dataDir, email);
      return { subject: subjectOf(mail?.raw ?? ""), text: mail?.text ?? "" };
    };
    const english = await signUpIn("en");
    expect(english.text).toContain("Hello, Ana");
    expect(english.text).not.toContain("Olá");
    const portuguese = await signUpIn("pt-BR");
    expect(portuguese.text).toContain("Olá, Ana");
    expect(english.subject).not.toBe(portuguese.subject);
  });

  it("signing in from the English interface makes the next notice e-mail English", async () => {
    const city = `Cidade ${randomUUID().slice(0, 8)}`;
    const who = await b.person("Rosa");
    const signedIn = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      payload: { email: who.email, password: who.password },
      headers: { "content-type": "application/json", origin: ORIGIN, "accept-language": "en" },
      remoteAddress: uniqueIp(),
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const saved = await b.call("POST", "/api/preferences/searches", who.cookie, {
      nome: "Perto da praia",
      filtros: { cidades: [city] },
    });
    expect(saved.statusCode, saved.body).toBe(201);
    const chosen = await b.call("PUT", "/api/preferences/notifications", who.cookie, {
      canais: { match: "email", price_drop: "email" },
      horaResumo: 10,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await b.offer({ unit: { cidade: city, uf: "RJ", bairro: "Centro" } });
    await t.settle();
    const subjects = (await mails(who)).map((m) => m.subject);
    expect(subjects).toContain("New offer for “Perto da praia”");
    expect(subjects).not.toContain("Nova oferta para “Perto da praia”");
  });

  it("the lease's signing invitation reaches a tenant who uses English in English, and the landlord in pt-BR", async () => {
    const { landlord, tenant, contract } = await b.contract("rascunho");
    await bell(tenant, "en");
    const sent = await b.call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    await t.settle();
    const invitation = (who: Person) =>
      mails(who).then((all) => all.find((m) => m.text.includes(`/Clicksign?contrato=${contract.id}&token=`)));
    const english = await invitation(tenant);
    expect(english?.subject).toMatch(/^Sign the lease for the property at .*, sent by Marta$/);
    expect(english?.text).toContain("sent you lease no.");
    expect(english?.text).toContain("You sign as tenant: you receive the property");
    expect(english?.text).toContain("Read the contract and sign");
    expect(english?.text).not.toContain("Assine");
    const portuguese = await invitation(landlord);
    expect(portuguese?.subject).toMatch(/^Assine o contrato de locação do imóvel em /);
    const inBell = (await bell(tenant, "en")).items.find(
      (n) => n.kind === "contract" && /Sign the lease/.test(n.title),
    );
    expect(inBell?.body).toMatch(/^Lease for the property at .*: you sign as tenant\./);
  });
});
