import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { decodeQuotedPrintable, resetLinkIn } from "../support/mail";
import { E2E_DATA_DIR } from "./env";

export function newEmail(prefix = "e2e"): string {
  return `${prefix}.${randomBytes(5).toString("hex")}@exemplo.com.br`;
}

/** Fails the test on any Content-Security-Policy violation or uncaught page error. */
export function watchPage(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) problems.push(msg.text());
  });
  page.on("pageerror", (err) => problems.push(err.message));
  return problems;
}

export async function signUpInBrowser(
  page: Page,
  user: { name: string; email: string; password: string },
  dataDir = E2E_DATA_DIR,
) {
  await page.goto("/signup");
  await page.getByLabel("Nome completo").fill(user.name);
  await page.getByLabel("E-mail").fill(user.email);
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill(user.password);
  await page.getByRole("button", { name: "Criar conta" }).click();
  await expect(page.getByTestId("check-email")).toContainText(user.email);
  // The account signs in through the link e-mailed to it, as a person would.
  await page.goto(await confirmationLinkFromOutbox(user.email, dataDir));
  await expect(page.getByTestId("account-menu")).toBeVisible();
}

/** The confirmation link of the newest e-mail the server wrote to its outbox for `email`. */
export function confirmationLinkFromOutbox(email: string, dataDir = E2E_DATA_DIR): Promise<string> {
  return fromOutbox(
    email,
    /(https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[A-Za-z0-9._-]+)/,
    0,
    dataDir,
  );
}

export async function signInInBrowser(page: Page, email: string, password: string) {
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("textbox", { name: "Senha", exact: true }).fill(password);
  await page.getByRole("button", { name: "Entrar" }).click();
}

/** The reset link of the newest e-mail the server wrote to its outbox for `email`. */
export async function resetLinkFromOutbox(email: string): Promise<string> {
  const dir = path.join(E2E_DATA_DIR, "outbox");
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const files = (await fsp.readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(".eml"))
      .sort()
      .reverse();
    for (const f of files) {
      const raw = await fsp.readFile(path.join(dir, f), "utf8");
      if (raw.includes(`To: ${email}`) && raw.includes("crie uma nova senha"))
        return resetLinkIn(decodeQuotedPrintable(raw));
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no reset e-mail for ${email} in ${dir}`);
}

/** The first match of `pattern` in the newest e-mail to `email` that has one. */
export async function fromOutbox(
  email: string,
  pattern: RegExp,
  after = 0,
  dataDir = E2E_DATA_DIR,
): Promise<string> {
  const dir = path.join(dataDir, "outbox");
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const files = (await fsp.readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(".eml"))
      .sort()
      .reverse();
    for (const f of files) {
      const stat = await fsp.stat(path.join(dir, f));
      if (stat.mtimeMs < after) continue;
      const raw = await fsp.readFile(path.join(dir, f), "utf8");
      if (!new RegExp(`^To: .*${email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "mi").test(raw)) continue;
      const match = decodeQuotedPrintable(raw).match(pattern);
      if (match) return match[1] ?? match[0];
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no e-mail to ${email} matching ${pattern}`);
}
