import { type ChildProcess, spawn } from "node:child_process";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { APIRequestContext, Browser, BrowserContext, Page, Request } from "@playwright/test";
import yauzl from "yauzl";
import { entryDate } from "../support/bodies";
import { type FakePostHog, startFakePostHog } from "../support/fake-posthog";
import { randomCpf } from "../support/files";
import { freePort } from "../support/free-port";
import { addressProfileOf, personalProfileOf } from "../support/profiles";
import { audit, clipped, settled } from "./axe";
import { expect, test } from "./fixtures";
import { fromOutbox, newEmail, signUpInBrowser, watchPage } from "./helpers";
import { publishOffer } from "./market";

/*
 * Issue 17 as a privacy-minded tenant lives it, on a phone: nothing is tracked until they say yes
 * (the network is watched), refusing is as easy as accepting and is remembered; with a yes the
 * operator's PostHog gets events with everything typed masked; /Config changes the answer, and
 * "Baixar meus dados" prepares a zip, e-mailed as a link that downloads once. Once the contract is
 * sealed, opening it asks the PostHog survey "Como foi alugar com a Chave?" of those who said yes.
 *
 * Its own server (the built app, as `npm start` runs it) with PostHog configured, pointed at a
 * fake PostHog written from its public API: the other specs' server has no analytics.
 */

const PHONE = { width: 390, height: 844 };
/**
 * A phone's browser: posthog-js drops the events of browsers it takes for bots (a HeadlessChrome
 * user agent or brand, `navigator.webdriver`), as it should in production.
 */
async function phone(browser: Browser, opts: { acceptDownloads?: boolean } = {}): Promise<BrowserContext> {
  const ctx = await browser.newContext({
    viewport: PHONE,
    userAgent: PHONE_BROWSER,
    baseURL: server.baseUrl,
    ...opts,
  });
  await ctx.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, "webdriver", { get: () => false });
    Object.defineProperty(Navigator.prototype, "userAgentData", { get: () => undefined });
  });
  return ctx;
}
const PHONE_BROWSER =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

interface ServerProcess {
  baseUrl: string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** The built app as `npm start` runs it, on a port of its own, with the environment given. */
async function startServer(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      LOG_LEVEL: "warn",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: baseUrl,
      ...env,
    },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let err = "";
  child.stderr?.on("data", (d: Buffer) => (err += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  await expect
    .poll(
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${err}`);
        return fetch(`${baseUrl}/api/health`).then(
          (r) => r.ok,
          () => false,
        );
      },
      { timeout: 90_000 },
    )
    .toBe(true);
  return {
    baseUrl,
    async kill(signal) {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}
const PASSWORD = "Ipê amarelo na varanda 42";

/**
 * The survey as the operator creates it in PostHog (decision 022) and PostHog's /api/surveys/ gives
 * it to posthog-js: a popover, a 0–10 rating and an optional comment, shown when the browser
 * captures `contract_sealed_viewed`, once a person (PostHog's internal targeting flag).
 */
const SURVEY = {
  id: "0190a0c0-5555-7000-8000-000000000017",
  name: "Como foi alugar com a Chave?",
  type: "popover",
  questions: [
    {
      id: "nota",
      type: "rating",
      display: "number",
      scale: 10,
      question: "Como foi alugar com a Chave?",
      lowerBoundLabel: "Muito ruim",
      upperBoundLabel: "Excelente",
      buttonText: "Próxima",
      originalQuestionIndex: 0,
    },
    {
      id: "comentario",
      type: "open",
      question: "Quer contar mais?",
      optional: true,
      buttonText: "Enviar",
      originalQuestionIndex: 1,
    },
  ],
  appearance: { displayThankYouMessage: true, thankYouMessageHeader: "Obrigado!", position: "right" },
  conditions: { events: { repeatedActivation: false, values: [{ name: "contract_sealed_viewed" }] } },
  internal_targeting_flag_key: "survey-targeting-como-foi-alugar",
  start_date: "2026-01-01T00:00:00Z",
  end_date: null,
  current_iteration: null,
  schedule: "once",
};

let posthog: FakePostHog;
let server: ServerProcess;
let dataDir: string;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  posthog = await startFakePostHog({ surveys: [SURVEY] });
  dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-e2e-privacy-"));
  server = await startServer({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
    EMBEDDED_DB_PORT: String(await freePort()),
    SMTP_URL: "",
    // As the other specs' server: in CI both share one database, where sign-up attempts are counted.
    AUTH_RATE_LIMIT_MAX: "200",
    // Its own job queue: its e-mails are written to its own DATA_DIR by its own workers.
    JOBS_SCHEMA: "jobs_e2e_privacy",
    POSTHOG_KEY: "phc_e2e_project_key",
    POSTHOG_HOST: posthog.url,
    POSTHOG_PERSONAL_API_KEY: posthog.personalApiKey,
    POSTHOG_PROJECT_ID: String(posthog.projectId),
    PRIVACY_CONTACT: "privacidade@imobiliaria.com.br",
  });
});

test.afterAll(async () => {
  await server?.kill("SIGTERM");
  await posthog?.close();
  await fsp.rm(dataDir, { recursive: true, force: true });
});

/** Every request the page makes to PostHog or for the analytics chunk. */
function analyticsTraffic(page: Page): Request[] {
  const seen: Request[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(posthog.url) || /module\.full/.test(r.url())) seen.push(r);
  });
  return seen;
}

test("nothing is tracked before a yes; refusing is remembered; the policy says who to write to", async ({
  browser,
}) => {
  const ctx = await phone(browser);
  const page = await ctx.newPage();
  const problems = watchPage(page);
  const traffic = analyticsTraffic(page);
  await page.goto("/");
  const banner = page.getByTestId("consent-banner");
  await expect(banner).toBeVisible();
  await expect(banner.getByRole("button", { name: "Aceitar" })).toBeVisible();
  await expect(banner.getByRole("button", { name: "Recusar" })).toBeVisible();
  await banner.getByRole("button", { name: "Personalizar" }).click();
  await expect(banner.getByRole("checkbox", { name: "Medição de uso (PostHog)" })).not.toBeChecked();
  await settled(page);
  expect(await audit(page, "/ (consent banner)")).toEqual([]);
  expect(await clipped(page, "/ (consent banner)")).toEqual([]);
  await banner.getByRole("button", { name: "Salvar minha escolha" }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByTestId("consent-banner")).toBeHidden();

  // The policy, from the footer.
  await page.getByRole("contentinfo").getByRole("link", { name: "Política de privacidade" }).click();
  await expect(page).toHaveURL(/\/privacidade$/);
  await expect(page.getByTestId("privacy-contact")).toContainText("privacidade@imobiliaria.com.br");
  expect(await audit(page, "/privacidade")).toEqual([]);
  expect(traffic.map((r) => r.url())).toEqual([]);
  expect(posthog.requests).toEqual([]);
  expect(problems).toEqual([]);
  await ctx.close();
});

test("with a yes, PostHog gets events and a replay with what was typed masked; withdrawing in /Config stops it and asks PostHog to forget them", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ctx = await phone(browser);
  const page = await ctx.newPage();
  const problems = watchPage(page);
  const email = newEmail("privacidade");
  // A visitor's yes, carried into the account made next.
  await page.goto("/");
  await page.getByTestId("consent-banner").getByRole("button", { name: "Aceitar" }).click();
  await expect(page.getByTestId("consent-banner")).toBeHidden();
  await posthog.waitFor((e) => e.event === "$pageview", 20_000);
  await signUpInBrowser(page, { name: "Helena Prado", email, password: PASSWORD }, dataDir);
  // Known from now on by an opaque id, never by e-mail.
  const pageview = await posthog.waitFor((e) => e.distinct_id.startsWith("u_"), 20_000);
  // Typed in a field: the replay has it masked.
  await page.goto("/profile");
  const secret = "98765432100";
  await page.getByLabel("CPF").fill(secret);
  await page.getByLabel("CPF").press("Tab");
  await posthog.waitFor((e) => e.event === "$snapshot", 30_000);
  // Surveys (the one after a sealed contract is PostHog's) are asked for, with the yes only.
  await expect.poll(() => posthog.requests.some((r) => r.path.startsWith("/api/surveys"))).toBe(true);
  const sent = posthog.requests.map((r) => r.body).join("\n");
  expect(sent).not.toContain(secret);
  expect(sent).not.toContain(email);

  // /Config: the answer, changed at any time.
  await page.goto("/Config");
  const privacy = page.getByTestId("privacy-settings");
  const toggle = privacy.getByRole("switch", { name: "Medição de uso (PostHog)" });
  await expect(toggle).toBeChecked();
  await toggle.click({ force: true });
  await expect(page.getByText("Medição de uso desativada. Nada mais é enviado.")).toBeVisible();
  await expect.poll(() => posthog.deletions().length).toBeGreaterThan(0);
  expect(posthog.deletions()[0]?.distinctIds).toEqual([pageview.distinct_id]);
  // In this browser posthog-js has opted out at once (its own record of the answer)...
  const optOut = () =>
    page.evaluate(() => {
      const key = "__ph_opt_in_out_phc_e2e_project_key";
      return localStorage.getItem(key) ?? document.cookie.match(new RegExp(`${key}=([^;]*)`))?.[1] ?? null;
    });
  await expect.poll(optOut).toBe("0");
  // ...and nothing captured after this moment reaches PostHog.
  const withdrawn = Date.now();
  // A move within the app (a pageview, if anything still listened), then leaving the page, which
  // sends whatever posthog-js still holds (its unload beacon).
  await page.getByRole("contentinfo").getByRole("link", { name: "Termos de uso" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Termos de uso" })).toBeVisible();
  await page.close({ runBeforeUnload: true });
  const later = posthog.events().filter((e) => Number(e.properties.$time ?? 0) * 1000 > withdrawn);
  expect(later.map((e) => e.event)).toEqual([]);
  expect(problems).toEqual([]);
  await ctx.close();
});

test("'Baixar meus dados' shows its progress and the e-mailed link downloads the zip once", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ctx = await phone(browser, { acceptDownloads: true });
  const page = await ctx.newPage();
  const problems = watchPage(page);
  const email = newEmail("meusdados");
  await page.goto("/");
  await page.getByTestId("consent-banner").getByRole("button", { name: "Recusar" }).click();
  await signUpInBrowser(page, { name: "Otávio Reis", email, password: PASSWORD }, dataDir);
  await page.goto("/Config");
  const card = page.getByTestId("data-export");
  await card.getByRole("button", { name: "Baixar meus dados" }).click();
  await expect(card).toContainText("Seus dados estão prontos: enviamos um link para o seu e-mail.");
  await settled(page);
  expect(await audit(page, "/Config")).toEqual([]);
  expect(await clipped(page, "/Config")).toEqual([]);

  const link = await fromOutbox(email, /(https?:\/\/[^\s"<>]+\/Config\?exportacao=[^\s"<>]+)/, 0, dataDir);
  await page.goto(link.replace(/&amp;/g, "&"));
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByTestId("download-export").click(),
  ]);
  const file = await download.path();
  const names = await new Promise<string[]>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: false }, (err, zip) => {
      if (err || !zip) return reject(err);
      const out: string[] = [];
      zip.on("entry", (e: yauzl.Entry) => out.push(e.fileName));
      zip.on("end", () => resolve(out));
    }),
  );
  expect(names).toEqual(expect.arrayContaining(["LEIA-ME.txt", "meus-dados.json"]));
  // Once: the link no longer works, and the screen says what to do.
  await page.goto(link.replace(/&amp;/g, "&"));
  await expect(page.getByTestId("data-export")).toContainText("Você já baixou esta cópia");
  await expect(page.getByTestId("download-export")).toHaveCount(0);
  expect(problems).toEqual([]);
  await ctx.close();
});

/** A complete profile with the CPF given (the signature checks the name and CPF). */
async function profile(request: APIRequestContext, nome: string, cpf: string) {
  expect(
    (
      await request.put("/api/profile/personal", {
        data: personalProfileOf(nome, { nomeCompleto: nome, cpf }),
      })
    ).status(),
  ).toBe(200);
  expect((await request.put("/api/profile/address", { data: addressProfileOf() })).status()).toBe(200);
}

/** One signature through the e-mailed link and code, as on /Clicksign (setup, not under test). */
async function sign(
  request: APIRequestContext,
  contractId: string,
  who: { email: string; nome: string; cpf: string },
) {
  const token = await fromOutbox(
    who.email,
    new RegExp(`/Clicksign\\?contrato=${contractId}&(?:amp;)?token=([A-Za-z0-9_-]{43})`),
    0,
    dataDir,
  );
  const asked = Date.now() - 1000;
  expect((await request.post(`/api/signing/${contractId}/code`, { data: { token } })).status()).toBe(200);
  const codigo = await fromOutbox(who.email, /Use o código (\d{6})/, asked, dataDir);
  const signed = await request.post(`/api/signing/${contractId}/sign`, {
    data: { token, codigo, nome: who.nome, cpf: who.cpf },
  });
  expect(signed.status(), await signed.text()).toBe(200);
}

test("the sealed contract asks 'Como foi alugar com a Chave?' of the tenant who said yes, and of nobody else", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const tenant = { nome: "Rafael Conceição Lima", cpf: randomCpf(), email: newEmail("inquilino") };
  const landlord = { nome: "Marta Alves Pereira", cpf: randomCpf(), email: newEmail("locadora") };
  // The tenant says yes; the landlord says no.
  const tenantCtx = await phone(browser);
  const tenantPage = await tenantCtx.newPage();
  const tenantProblems = watchPage(tenantPage);
  await tenantPage.goto("/");
  await tenantPage.getByTestId("consent-banner").getByRole("button", { name: "Aceitar" }).click();
  await signUpInBrowser(tenantPage, { name: tenant.nome, email: tenant.email, password: PASSWORD }, dataDir);
  await profile(tenantPage.request, tenant.nome, tenant.cpf);
  const landlordCtx = await phone(browser);
  const landlordPage = await landlordCtx.newPage();
  const landlordProblems = watchPage(landlordPage);
  const landlordTraffic = analyticsTraffic(landlordPage);
  await landlordPage.goto("/");
  await landlordPage.getByTestId("consent-banner").getByRole("button", { name: "Recusar" }).click();
  await signUpInBrowser(
    landlordPage,
    { name: landlord.nome, email: landlord.email, password: PASSWORD },
    dataDir,
  );
  await profile(landlordPage.request, landlord.nome, landlord.cpf);

  // Setup through the API: an offer, a proposal, approved; the contract sent, signed by both, sealed.
  const offerId = await publishOffer(landlordPage, {}, { garantias: ["seguro_fianca"] });
  const proposal = await tenantPage.request.post("/api/proposals", {
    data: {
      ofertaId: offerId,
      aluguel: 280000,
      dataEntrada: entryDate(),
      prazoMeses: 30,
      garantia: "seguro_fianca",
      moradores: 2,
      pets: false,
      renda: 2_000_000,
    },
  });
  expect(proposal.status(), await proposal.text()).toBe(201);
  const proposalId = ((await proposal.json()) as { id: string }).id;
  const approved = await landlordPage.request.post(`/api/proposals/${proposalId}/actions`, {
    data: { action: "approve" },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  const contracts = async () =>
    (await (await landlordPage.request.get("/api/contracts")).json()) as {
      id: string;
      status: string;
      documentId: string | null;
      sealedDocumentId: string | null;
    }[];
  await expect.poll(async () => (await contracts()).length, { timeout: 30_000 }).toBe(1);
  const contractId = ((await contracts())[0] as { id: string }).id;
  const sent = await landlordPage.request.post(`/api/contracts/${contractId}/send`);
  expect(sent.status(), await sent.text()).toBe(200);
  await sign(landlordPage.request, contractId, landlord);
  await sign(tenantPage.request, contractId, tenant);
  await expect.poll(async () => (await contracts())[0]?.status, { timeout: 30_000 }).toBe("assinado");
  const { documentId, sealedDocumentId } = (await contracts())[0] as {
    documentId: string;
    sealedDocumentId: string;
  };
  // The tenant's yes, carried into the account, names them by an opaque id.
  let tenantId: string | null = null;
  await expect
    .poll(async () => {
      const consent = (await (await tenantPage.request.get("/api/privacy/consent")).json()) as {
        analyticsId: string | null;
      };
      tenantId = consent.analyticsId;
      return tenantId;
    })
    .toMatch(/^u_/);

  // The contract before its seal: nothing for the survey.
  const verified = tenantPage.waitForResponse((r) => r.url().includes(`/api/contracts/verify/${documentId}`));
  await tenantPage.goto(`/ViewDocument?id=${documentId}`);
  expect((await verified).status()).toBe(200);
  await expect(tenantPage.getByTestId("document-name")).toBeVisible();
  await expect(tenantPage.getByTestId("seal-verdict")).toHaveCount(0);

  // The sealed contract, opened from the e-mail's link (a page of its own): the survey shows.
  await tenantPage.goto(`/ViewDocument?id=${sealedDocumentId}`);
  await expect(tenantPage.getByTestId("seal-verdict")).toBeVisible();
  const viewed = await posthog.waitFor((e) => e.event === "contract_sealed_viewed", 30_000);
  expect(viewed.distinct_id).toBe(tenantId);
  const survey = tenantPage.locator(`.PostHogSurvey-${SURVEY.id}`);
  await expect(survey.getByText("Como foi alugar com a Chave?")).toBeVisible({ timeout: 20_000 });
  // posthog-js names its own controls ("Rate 9", "Submit survey"); the texts are the operator's.
  await survey.getByRole("button", { name: "Rate 9", exact: true }).click();
  await survey.getByRole("button", { name: "Submit survey" }).filter({ hasText: "Próxima" }).click();
  await survey.getByRole("textbox").fill("Tudo pelo celular, sem cartório.");
  await survey.getByRole("button", { name: "Submit survey" }).filter({ hasText: "Enviar" }).click();
  await expect(survey.getByText("Obrigado!")).toBeVisible();
  const answer = await posthog.waitFor((e) => e.event === "survey sent", 30_000);
  expect(answer.distinct_id).toBe(tenantId);
  expect(answer.properties).toMatchObject({
    $survey_id: SURVEY.id,
    $survey_response_nota: 9,
    $survey_response_comentario: "Tudo pelo celular, sem cartório.",
  });
  // Captured once, on the sealed contract's page only.
  const triggers = posthog.events().filter((e) => e.event === "contract_sealed_viewed");
  expect(triggers.map((e) => String(e.properties.$current_url))).toEqual([
    expect.stringContaining(`/ViewDocument?id=${sealedDocumentId}`),
  ]);

  // The landlord, who said no, opens the same sealed contract: nothing reaches PostHog, no survey.
  await landlordPage.goto(`/ViewDocument?id=${sealedDocumentId}`);
  await expect(landlordPage.getByTestId("seal-verdict")).toBeVisible();
  await expect(landlordPage.locator(`.PostHogSurvey-${SURVEY.id}`)).toHaveCount(0);
  expect(landlordTraffic.map((r) => r.url())).toEqual([]);
  expect(posthog.events().filter((e) => e.event === "contract_sealed_viewed")).toHaveLength(1);
  expect(tenantProblems).toEqual([]);
  expect(landlordProblems).toEqual([]);
  await tenantCtx.close();
  await landlordCtx.close();
});
