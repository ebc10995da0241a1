import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { randomCpf } from "../../../../tests/support/files";
import { outboxFor, subjectOf } from "../../../../tests/support/mail";
import { createTestApp, type TestApp, uniqueIp } from "../../../../tests/support/test-app";
import type { CeremonyView } from "../../../shared/contracts/contracts";
import type { NoticeList } from "../../../shared/contracts/preferences";
import { brazilDateTime } from "../../../shared/contracts/proposals";
import { manualClock } from "../../clock";
import { invitationWords } from "./invitation";
import { REVIEW_REMINDER_HOURS } from "./review-reminder";
import type { StoredContractData } from "./template";

/*
 * Issue 29, decision 044: e-mails that say who and why, and links that land where people meant.
 * An invitation to sign names who asks, the home, the role and what it means, and the deadline;
 * a used link says "já assinou" with the download; every link in a guest's e-mail opens without an
 * account; the landlord is told the contract waits for her review, and reminded once a day later.
 */

const HOUR = 3_600_000;
const clock = manualClock(new Date());
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" }, { clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(() => t.close());

const mails = async (email: string) => {
  await t.settle();
  return (await outboxFor(t.dataDir, email)).map((m) => ({ subject: subjectOf(m.raw), text: m.text }));
};

describe("the landlord is told the contract waits for her (item 4)", () => {
  it("e-mails 'Revise e envie o contrato para assinatura' naming the home and the tenant, with a link to the review", async () => {
    const b = builders(t);
    const { landlord, tenant, contract } = await b.contract("rascunho");
    const review = (await mails(landlord.email)).filter((m) =>
      m.subject.startsWith("Revise e envie o contrato para assinatura"),
    );
    expect(review).toHaveLength(1);
    const text = review[0]?.text ?? "";
    expect(text).toContain(tenant.fullName);
    expect(text).toContain("Botafogo");
    expect(text).toContain(`/Clicksign?contrato=${contract.id}`);
    expect(text).not.toContain("(a)");
    // The tenant still reads that it is being reviewed, not that it is his to do.
    expect((await mails(tenant.email)).some((m) => m.subject.startsWith("Revise e envie"))).toBe(false);
  });

  it("reminds her once if the contract still waits for her review a day later, and never again", async () => {
    const b = builders(t);
    const { landlord, contract } = await b.contract("rascunho");
    const reminders = async () =>
      (await mails(landlord.email)).filter(
        (m) => m.subject.startsWith("Lembrete: o contrato") && m.text.includes(contract.id),
      );
    await t.app.contracts.remindReviews(new Date(clock.now().getTime() + (REVIEW_REMINDER_HOURS - 1) * HOUR));
    expect(await reminders()).toHaveLength(0);
    clock.advance((REVIEW_REMINDER_HOURS + 1) * HOUR);
    try {
      await t.app.contracts.remindReviews();
      await t.app.contracts.remindReviews();
      clock.advance(3 * 24 * HOUR);
      await t.app.contracts.remindReviews();
      const sent = await reminders();
      expect(sent).toHaveLength(1);
      expect(sent[0]?.text).toContain("ainda espera a sua revisão");
    } finally {
      clock.advance(-(REVIEW_REMINDER_HOURS + 1 + 72) * HOUR);
    }
  });

  it("does not remind a landlord who sent the contract", async () => {
    const b = builders(t);
    const { landlord, contract } = await b.contract("enviado", { garantia: "seguro_fianca" });
    await t.app.contracts.remindReviews(new Date(clock.now().getTime() + (REVIEW_REMINDER_HOURS + 1) * HOUR));
    const sent = (await mails(landlord.email)).filter(
      (m) => m.subject.startsWith("Lembrete: o contrato") && m.text.includes(contract.id),
    );
    expect(sent).toHaveLength(0);
  });
});

describe("an invitation to sign says who asks and why (item 5)", () => {
  it("names the landlord and tenant, the home as the contract gives it, the guarantor's role and what it means, and the deadline — never '(a)'", async () => {
    const b = builders(t);
    const { landlord, tenant, fiador, contract } = await b.contract("enviado");
    if (!fiador) throw new Error("no guarantor");
    const invitation = (await mails(fiador.email)).find((m) => m.text.includes("/Clicksign?contrato="));
    if (!invitation) throw new Error("no invitation");
    const token = await b.signingLink(fiador.email, contract.id);
    const view = (await b.call("GET", `/api/signing/${contract.id}?token=${token}`)).json<CeremonyView>();
    expect(invitation.subject).toContain(landlord.fullName.split(" ")[0]);
    expect(invitation.text).toContain(landlord.fullName);
    expect(invitation.text).toContain(tenant.fullName);
    expect(invitation.text).toContain(view.resumo.endereco);
    expect(invitation.text).toMatch(/fiador|fiadora/);
    expect(invitation.text).toContain("você responde pelo aluguel e pelos encargos se");
    if (!contract.expiresAt) throw new Error("no deadline");
    expect(invitation.text).toContain(`até ${brazilDateTime(new Date(contract.expiresAt))}`);
    expect(invitation.text).not.toContain("(a)");
    expect(invitation.text).not.toContain("indicado(a)");
  });

  it("the tenant's bell says the same, shorter: the home, the role and the deadline", async () => {
    const b = builders(t);
    const { tenant, contract } = await b.contract("enviado", { garantia: "seguro_fianca" });
    const bell = (await b.call("GET", "/api/notifications", tenant.cookie))
      .json<NoticeList>()
      .items.find((n) => n.title.startsWith("Assine o contrato de locação do imóvel em"));
    expect(bell?.path).toBe(`/Clicksign?contrato=${contract.id}`);
    expect(bell?.body).toMatch(
      /^Contrato de locação do imóvel em .*Botafogo: você assina como .+\. Assine até /,
    );
    expect(bell?.body).not.toContain("(a)");
    expect(bell?.body.length).toBeLessThan(200);
  });

  it("tells a witness that they attest the signatures and take on no obligation", async () => {
    const b = builders(t);
    const { landlord, contract } = await b.contract("rascunho", { garantia: "seguro_fianca" });
    const witness = {
      nome: "Beatriz Testemunha Lima",
      cpf: randomCpf(),
      email: `testemunha.${Date.now()}@exemplo.com.br`,
    };
    const chosen = await b.call("PUT", `/api/contracts/${contract.id}/witness`, landlord.cookie, {
      testemunha: witness,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const sent = await b.call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    const invitation = (await mails(witness.email)).find((m) => m.text.includes("/Clicksign?contrato="));
    expect(invitation?.text).toContain(
      "testemunha: você atesta que as partes assinaram o contrato e não assume nenhuma obrigação",
    );
    expect(invitation?.text).not.toContain("(a)");
  });
});

describe("links that work without an account (item 6)", () => {
  it("the code e-mail's 'Voltar ao contrato' carries the signing link, which opens as a guest", async () => {
    const b = builders(t);
    const { fiador, contract } = await b.contract("enviado");
    if (!fiador) throw new Error("no guarantor");
    const token = await b.signingLink(fiador.email, contract.id);
    const code = await b.call("POST", `/api/signing/${contract.id}/code`, undefined, { token }, uniqueIp());
    expect(code.statusCode, code.body).toBe(200);
    const mail = (await mails(fiador.email)).find((m) => /Use o código \d{6}/.test(m.text));
    const back = mail?.text.match(/Voltar ao contrato: (\S+)/)?.[1] ?? "";
    expect(back).toContain(`/Clicksign?contrato=${contract.id}&token=${token}`);
    const opened = await b.call("GET", `/api/signing/${contract.id}?token=${token}`);
    expect(opened.statusCode).toBe(200);
  });

  it("a signer who reopens her link after signing reads that she signed, when, and downloads the contract", async () => {
    const b = builders(t);
    const { fiador, contract, signers } = await b.contract("enviado");
    if (!fiador) throw new Error("no guarantor");
    const token = await b.signingLink(fiador.email, contract.id);
    const guarantor = signers.find((s) => s.email === fiador.email);
    if (!guarantor) throw new Error("no guarantor signer");
    await b.sign(contract.id, guarantor);
    const again = await b.call("GET", `/api/signing/${contract.id}?token=${token}`);
    expect(again.statusCode, again.body).toBe(200);
    const view = again.json<CeremonyView>();
    expect(view.assinado?.em).toBeTruthy();
    expect(view.assinado?.selado).toBe(false);
    const url = view.assinado?.documentUrl;
    if (!url) throw new Error("no download");
    const file = await b.call("GET", url);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("after the seal, the reopened link downloads the sealed contract", async () => {
    const b = builders(t);
    const { fiador, contract } = await b.contract("assinado");
    if (!fiador) throw new Error("no guarantor");
    const token = await b.signingLink(fiador.email, contract.id);
    const view = (await b.call("GET", `/api/signing/${contract.id}?token=${token}`)).json<CeremonyView>();
    expect(view.assinado?.selado).toBe(true);
    expect(view.assinado?.documentUrl).toContain(contract.sealedDocumentId ?? "none");
  });

  it("no e-mail to a guest signer leads to a screen that needs an account", async () => {
    const b = builders(t);
    const { fiador } = await b.contract("assinado");
    if (!fiador) throw new Error("no guarantor");
    const links = (await mails(fiador.email)).flatMap((m) => m.text.match(/https?:\/\/\S+/g) ?? []);
    expect(links.length).toBeGreaterThan(0);
    for (const link of links)
      expect(link, link).toMatch(/\/Clicksign\?contrato=[0-9a-f-]+&(amp;)?token=|\/api\/storage\/files\//);
  });
});

describe("a guest's notice after a refusal or a cancellation (item 6)", () => {
  it("gives the guarantor, who has no account, the contract's PDF rather than the history behind a sign-in", async () => {
    const b = builders(t);
    const { fiador } = await b.contract("cancelado");
    if (!fiador) throw new Error("no guarantor");
    const mail = (await mails(fiador.email)).find((m) => m.subject.includes("cancelado"));
    expect(mail?.text).not.toContain("/AluguelHistorico");
    const link = mail?.text.match(/Baixar o contrato: https?:\/\/[^/\s]+(\/api\/storage\/files\/\S+)/)?.[1];
    if (!link) throw new Error(`no download in: ${mail?.text}`);
    const file = await b.call("GET", link.replace(/&amp;/g, "&"));
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("the invitation's words agree with each person (item 7)", () => {
  const data = (genero?: "feminino" | "masculino"): StoredContractData => ({
    numero: "2026-ABC123",
    dataEmissao: "2026-11-27",
    locador: { nome: "Marta Souza", cpf: "1", genero: "feminino" },
    locatario: { nome: "Rafael Lima", cpf: "2", genero: "masculino" },
    colocatarios: [],
    fiador: { nome: "Helena Prado", cpf: "529.982.247-25", ...(genero ? { genero } : {}), conjuge: null },
    testemunhas: [],
    imovel: {
      tipo: "Apartamento",
      endereco: "Rua Voluntários da Pátria, 100, apto 201, Botafogo, Rio de Janeiro – RJ, CEP 22270-000",
      cidade: "Rio de Janeiro",
      uf: "RJ",
      matricula: "",
    },
    termos: {
      aluguel: 4500,
      condominio: 0,
      iptu: 0,
      seguroIncendio: 0,
      dataInicio: "2026-12-01",
      prazoMeses: 30,
      reajuste: "IGP-M",
      garantia: "fiador",
      caucaoMeses: null,
      diaVencimento: 10,
    },
    emails: { locador: "m@x.br", locatario: "r@x.br" },
  });
  const closes = new Date("2026-12-05T15:00:00Z");

  it("a guarantor known to be a woman reads 'fiadora e principal pagadora', the landlord 'a locadora', the tenant 'o locatário'", () => {
    const w = invitationWords(
      data("feminino"),
      "2026-ABC123",
      { role: "fiador", cpf: "52998224725" },
      closes,
      false,
    );
    const text = w.lines.join("\n");
    expect(text).toContain("A locadora Marta Souza e o locatário Rafael Lima pedem a sua assinatura");
    expect(text).toContain(
      "Rua Voluntários da Pátria, 100, apto 201, Botafogo, Rio de Janeiro – RJ, CEP 22270-000",
    );
    expect(text).toContain(
      "Você assina como fiadora e principal pagadora: você responde pelo aluguel e pelos encargos se o locatário não pagar.",
    );
    expect(text).toContain(`Assine até ${brazilDateTime(closes)}`);
    expect(w.subject).toBe(
      "Assine o contrato de locação do imóvel em Rua Voluntários da Pátria, 100, apto 201, Botafogo: pedido de Marta e Rafael",
    );
  });

  it("a guarantor of unknown gender reads a neutral wording, never '(a)'", () => {
    const w = invitationWords(data(), "2026-ABC123", { role: "fiador", cpf: "52998224725" }, closes, false);
    const text = [w.subject, ...w.lines].join("\n");
    expect(text).not.toContain("(a)");
    expect(text).not.toMatch(/fiadora e principal pagadora|fiador e principal pagador:/);
    expect(text).toContain("garantia por fiança");
  });
});
