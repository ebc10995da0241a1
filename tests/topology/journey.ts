import { randomBytes } from "node:crypto";
import { type Browser, type BrowserContext, expect, type Page } from "@playwright/test";
import type { ReceivedMail } from "../support/mail";

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
  email: string;
  context: BrowserContext;
  page: Page;
  requests: RequestLog[];
}

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
      viewport: { width: 1100, height: 900 },
    });
    const requests: RequestLog[] = [];
    const begun = new WeakMap<object, number>();
    context.on("request", (r) => begun.set(r, Date.now()));
    context.on("requestfinished", async (r) => {
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
    const page = await context.newPage();
    return {
      role,
      name,
      email: newEmail(role === "landlord" ? "locadora" : "inquilino"),
      context,
      page,
      requests,
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
}
