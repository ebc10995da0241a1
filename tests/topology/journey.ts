import { randomBytes } from "node:crypto";
import { type Browser, type BrowserContext, expect as baseExpect, type Page } from "@playwright/test";
import { publishOffer } from "../e2e/market";
import { entryDate } from "../support/bodies";
import { makePdf, randomCpf } from "../support/files";
import type { ReceivedMail } from "../support/mail";
import { addressProfileOf, personalProfileOf } from "../support/profiles";

// A step may wait out a failover (a node's connect or read timeout): up to 15 s, not 5.
const expect = baseExpect.configure({ timeout: 15_000 });

const PASSWORD = "Ipê amarelo na varanda 42";

interface Mailbox {
  received: ReceivedMail[];
  waitFor(predicate: (m: ReceivedMail) => boolean, ms?: number): Promise<ReceivedMail>;
}

/** Every request a person's browser made, as the figures count them. */
export interface RequestLog {
  at: number;
  method: string;
  url: string;
  status: number | null;
  /** The node nginx sent it to (its X-Chave-Upstream), when it answered. */
  upstream: string | null;
  failure: string | null;
  ms: number;
}

export interface Person {
  role: "landlord" | "tenant";
  name: string;
  /** The name and CPF in the profile, which the signing ceremony asks for. */
  fullName: string;
  cpf: string;
  email: string;
  userId: string;
  context: BrowserContext;
  page: Page;
  requests: RequestLog[];
  /** How many of this person's upload chunks (tus PATCH) are on their way now. */
  uploadsInFlight(): number;
}

/**
 * Runs in each page before the app: tees the body of every live-events response the app reads,
 * recording each event's id and when each stream began and ended, so the test can compare what a
 * browser received with what the database holds for that person.
 */
const LIVE_RECORDER = `(() => {
  const live = { ids: [], streams: [] };
  Object.defineProperty(window, "__live", { value: live });
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const res = await original(input, init);
    const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes("/api/events") || !res.ok || !res.body) return res;
    const [mine, theirs] = res.body.tee();
    const stream = { openedAt: Date.now(), firstByteAt: null, endedAt: null, upstream: res.headers.get("x-chave-upstream") };
    live.streams.push(stream);
    (async () => {
      const reader = theirs.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          if (stream.firstByteAt === null) stream.firstByteAt = Date.now();
          buffer += value;
          const lines = buffer.split("\\n");
          buffer = lines.pop();
          // Each event's own id is in its data (decision 035: the SSE id is a position).
          for (const l of lines) {
            if (!l.startsWith("data: ")) continue;
            try {
              const m = JSON.parse(l.slice(6));
              if (typeof m.id === "number") live.ids.push(m.id);
            } catch {}
          }
        }
      } catch {}
      stream.endedAt = Date.now();
    })();
    return new Response(mine, { status: res.status, statusText: res.statusText, headers: res.headers });
  };
})();`;

export interface LiveRecord {
  ids: number[];
  streams: {
    openedAt: number;
    firstByteAt: number | null;
    endedAt: number | null;
    upstream: string | null;
  }[];
}

export const readLive = (page: Page) =>
  page.evaluate(() => (window as unknown as { __live: LiveRecord }).__live);

const newEmail = (prefix: string) => `${prefix}.${randomBytes(5).toString("hex")}@exemplo.com.br`;

export class Journey {
  landlord!: Person;
  tenant!: Person;

  constructor(
    private readonly browser: Browser,
    readonly baseUrl: string,
    private readonly mail: Mailbox,
    private readonly step: (what: string) => void,
  ) {}

  private async person(role: Person["role"], name: string): Promise<Person> {
    const context = await this.browser.newContext({
      baseURL: this.baseUrl,
      locale: "pt-BR",
      timezoneId: "America/Sao_Paulo",
      // The tenant on a phone, the landlord at a desk: as they use Chave.
      viewport: role === "tenant" ? { width: 390, height: 844 } : { width: 1100, height: 900 },
    });
    const requests: RequestLog[] = [];
    const begun = new WeakMap<object, number>();
    const uploading = new Set<object>();
    const isUpload = (r: { method(): string; url(): string }) =>
      r.method() === "PATCH" && r.url().includes("/api/storage/uploads/");
    context.on("request", (r) => {
      begun.set(r, Date.now());
      if (isUpload(r)) uploading.add(r);
    });
    context.on("requestfinished", async (r) => {
      uploading.delete(r);
      const res = await r.response().catch(() => null);
      const start = begun.get(r) ?? Date.now();
      requests.push({
        at: start,
        method: r.method(),
        url: r.url(),
        status: res?.status() ?? null,
        upstream: (await res?.headerValue("x-chave-upstream").catch(() => null)) ?? null,
        failure: null,
        ms: Date.now() - start,
      });
    });
    context.on("requestfailed", (r) => {
      uploading.delete(r);
      const start = begun.get(r) ?? Date.now();
      requests.push({
        at: start,
        method: r.method(),
        url: r.url(),
        status: null,
        upstream: null,
        failure: r.failure()?.errorText ?? "failed",
        ms: Date.now() - start,
      });
    });
    // What the live stream delivered in this browser, read off the stream the app itself reads.
    await context.addInitScript(LIVE_RECORDER);
    const page = await context.newPage();
    page.on("console", (m) => {
      if (m.type() === "error") this.step(`${role}'s console: ${m.text()}`);
    });
    page.on("pageerror", (e) => this.step(`${role}'s page error: ${e.message}`));
    return {
      role,
      name,
      fullName: `${name} Pereira`,
      cpf: randomCpf(),
      email: newEmail(role === "landlord" ? "locadora" : "inquilino"),
      userId: "",
      context,
      page,
      requests,
      uploadsInFlight: () => uploading.size,
    };
  }

  /** The link of the newest e-mail to `email` that has one matching `pattern`. */
  async mailed(email: string, pattern: RegExp, after = 0): Promise<string> {
    const m = await this.mail.waitFor(
      (x) => x.to.includes(email) && pattern.test(x.text) && this.mail.received.indexOf(x) >= after,
      20_000,
    );
    return (pattern.exec(m.text) as RegExpExecArray)[1] ?? "";
  }

  async signUp(p: Person): Promise<void> {
    const { page } = p;
    await page.goto("/signup");
    await page.getByLabel("Nome completo").fill(p.name);
    await page.getByLabel("E-mail").fill(p.email);
    await page.getByRole("textbox", { name: "Senha", exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Criar conta" }).click();
    await expect(page.getByTestId("check-email")).toContainText(p.email);
    const link = await this.mailed(
      p.email,
      /(https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[A-Za-z0-9._-]+)/,
    );
    await page.goto(link);
    await expect(page.getByTestId("account-menu")).toBeVisible();
  }

  async signUpBoth(): Promise<void> {
    this.landlord = await this.person("landlord", "Marta Alves");
    this.tenant = await this.person("tenant", "Rafael Lima");
    await this.signUp(this.landlord);
    await this.signUp(this.tenant);
  }

  /** Profiles through the API (what the screens under test start from), as the e2e tests do. */
  async completeProfiles(): Promise<void> {
    for (const p of [this.landlord, this.tenant]) {
      const personal = await p.page.request.put("/api/profile/personal", {
        data: personalProfileOf(p.name, { nomeCompleto: p.fullName, cpf: p.cpf }),
      });
      expect(personal.status(), `${p.role}'s profile`).toBe(200);
      const address = await p.page.request.put("/api/profile/address", { data: addressProfileOf() });
      expect(address.status(), `${p.role}'s address`).toBe(200);
      const me = (await (await p.page.request.get("/api/me")).json()) as {
        id?: string;
        user?: { id: string };
      };
      p.userId = me.user?.id ?? me.id ?? "";
      expect(p.userId, `${p.role}'s id from /api/me`).not.toBe("");
    }
  }

  /** The landlord's offer, published through the API as the e2e tests do: a photo (tus), a unit, an offer. */
  async publishOffer(): Promise<string> {
    return publishOffer(this.landlord.page, {}, { garantias: ["seguro_fianca"], disponivelEm: entryDate() });
  }

  /** The landlord waits on her inbox of proposals (a live screen). */
  async landlordWatchesInbox(): Promise<void> {
    const page = this.landlord.page;
    await page.getByTestId("account-menu").click();
    await page.getByRole("menuitem", { name: "Propostas recebidas" }).click();
    await expect(page.getByTestId("proposal-row")).toHaveCount(0);
  }

  /**
   * The tenant opens the offer, makes a proposal and attaches a large document through the
   * upload (tus) while `during` runs; returns once the proposal is sent and the landlord's
   * inbox shows it, live.
   */
  async propose(offerId: string, documentBytes: number, during: () => Promise<void>): Promise<string> {
    const page = this.tenant.page;
    await page.goto(`/AluguelOferta?id=${offerId}`);
    await page.getByTestId("make-proposal").click();
    await expect(page).toHaveURL(new RegExp(`/AluguelProposta\\?oferta=${offerId}`));
    await page.getByLabel("Sua renda mensal (R$)").fill("15000");
    const chooser = page.waitForEvent("filechooser");
    await page.getByTestId("proposal-upload").click();
    await (await chooser).setFiles({
      name: "extratos.pdf",
      mimeType: "application/pdf",
      buffer: await makePdf(2, documentBytes),
    });
    await during();
    await expect(page.getByTestId("document-picker").getByRole("checkbox", { checked: true })).toHaveCount(
      1,
      {
        timeout: 90_000,
      },
    );
    await page.getByLabel("Mensagem à parte locadora").fill("Posso mudar na data que você preferir.");
    await page.getByRole("button", { name: "Enviar proposta" }).click();
    await expect(page).toHaveURL(/\/PropostaEnviada\?id=/);
    await expect(page.getByTestId("sent-confirmation")).toBeVisible();
    const id = new URL(page.url()).searchParams.get("id") ?? "";
    // The landlord's inbox shows it without a reload: the live event reached her stream.
    await expect(this.landlord.page.getByTestId("proposal-row")).toHaveCount(1, { timeout: 20_000 });
    return id;
  }

  /** The landlord counters from her inbox; the tenant, on the proposal, sees it live. */
  async counter(): Promise<void> {
    const page = this.landlord.page;
    await page.getByTestId("proposal-row").first().click();
    await expect(page.getByTestId("turn-banner")).toContainText("É a sua vez de responder");
    await page.getByRole("button", { name: "Contrapropor" }).click();
    await page.getByLabel("Aluguel proposto (R$)").fill("2700");
    await page.getByRole("button", { name: "Enviar contraproposta" }).click();
    await expect(page.getByTestId("proposal-status")).toHaveText("Contraproposta");
    await expect(this.tenant.page.getByTestId("proposal-status")).toHaveText("Contraproposta", {
      timeout: 30_000,
    });
  }

  /**
   * The tenant accepts; the landlord sees it approved, live. Once the draft job has written the
   * contract (often within the same second) the badge names the contract's step instead, so
   * either is the approved proposal: a run whose draft was quick skipped "Aprovada" altogether.
   */
  async accept(): Promise<void> {
    const page = this.tenant.page;
    const approved = /^(Aprovada|Contrato em revisão)$/;
    await expect(page.getByTestId("turn-banner")).toContainText("É a sua vez de responder");
    await page.getByRole("button", { name: "Aceitar contraproposta" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Aceitar contraproposta" }).click();
    await expect(page.getByTestId("proposal-status")).toHaveText(approved);
    await expect(this.landlord.page.getByTestId("proposal-status")).toHaveText(approved, {
      timeout: 20_000,
    });
  }

  /** Both open the proposal's conversation. */
  async openChat(proposalId: string): Promise<void> {
    await this.landlord.page.goto(`/Message/${proposalId}`);
    await this.tenant.page.goto(`/Message/${proposalId}`);
    await expect(this.tenant.page.getByTestId("message-input")).toBeVisible();
  }

  /** A message each way, each seen live on the other side. */
  async chatRound(i: number): Promise<void> {
    for (const [from, to] of [
      [this.tenant, this.landlord],
      [this.landlord, this.tenant],
    ] as const) {
      const text = `${from.role === "tenant" ? "Pergunta" : "Resposta"} ${i}: ${randomBytes(3).toString("hex")}`;
      await from.page.getByTestId("message-input").fill(text);
      await from.page.getByTestId("message-send").click();
      // By its text: the background load posts messages in the same conversation.
      await expect(
        to.page.getByTestId("message-theirs").filter({ hasText: text }),
        `message "${text}" on the ${to.role}'s screen, live`,
      ).toHaveCount(1, { timeout: 20_000 });
    }
  }

  /** The contract: the landlord sends it for signature and signs in the app; the tenant from the e-mailed link. */
  async signContract(proposalId: string): Promise<void> {
    const landlord = this.landlord.page;
    await landlord.goto(`/AprovarProposta?id=${proposalId}`);
    await landlord.getByTestId("open-contract").click();
    await expect(landlord.getByTestId("contract-state")).toHaveText("Em revisão", { timeout: 20_000 });
    await landlord
      .getByTestId("contract-review")
      .getByRole("button", { name: "Enviar para assinatura" })
      .click();
    await expect(landlord.getByTestId("contract-state")).toHaveText("Em assinatura");
    for (const who of [this.landlord, this.tenant]) {
      const page = who.page;
      if (who === this.landlord) {
        await page.getByTestId("sign-now").click();
      } else {
        await page.goto(
          await this.mailed(who.email, /(\/Clicksign\?contrato=[0-9a-f-]{36}&token=[A-Za-z0-9_-]{43})/),
        );
      }
      await expect(page.getByTestId("ceremony")).toContainText(who.fullName);
      const mark = this.mail.received.length;
      await page.getByRole("button", { name: "Enviar código por e-mail" }).click();
      await expect(page.getByText(/Código enviado para/)).toBeVisible();
      const code = await this.mailed(who.email, /Use o código (\d{6})/, mark);
      await page.getByLabel("Código de 6 dígitos").fill(code);
      await page.getByLabel("Seu nome completo, como no contrato").fill(who.fullName);
      await page.getByLabel("Seu CPF").fill(who.cpf);
      await page.getByLabel("Li o contrato e concordo com os termos").check();
      await page.getByRole("button", { name: "Assinar", exact: true }).click();
      await expect(page.getByTestId("ceremony-done")).toBeVisible({ timeout: 20_000 });
    }
    // Sealed by a job on whichever node takes it; the landlord's screen follows it live.
    await landlord.goto(`/AprovarProposta?id=${proposalId}`);
    await landlord.getByTestId("open-contract").click();
    await expect(landlord.getByTestId("contract-state")).toHaveText("Assinado", { timeout: 30_000 });
  }

  /** Both still signed in: the account menu is there and /api/me answers with their account. */
  async assertSignedIn(when: string): Promise<void> {
    for (const p of [this.landlord, this.tenant]) {
      await expect(p.page.getByTestId("account-menu"), `${p.role} signed in ${when}`).toBeVisible();
      const me = await p.page.request.get("/api/me");
      expect(me.status(), `${p.role}'s session ${when}`).toBe(200);
    }
  }
}
