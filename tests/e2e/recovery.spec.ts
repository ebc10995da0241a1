import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { decodeQuotedPrintable } from "../support/mail";
import { stopLeftoverPostmaster } from "./env";
import { expect, test } from "./fixtures";
import { newEmail, signInInBrowser } from "./helpers";

const PORT = 3207;
const URL_BASE = `http://localhost:${PORT}`;
const DATA_DIR = path.resolve(".test-data", "recovery");

const logs: string[] = [];

function startServer(): ChildProcess {
  // The command `npm start` runs, without npm in between, so SIGKILL reaches the server itself.
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: URL_BASE,
      DATA_DIR,
      DATABASE_URL: "",
      EMBEDDED_DB_PORT: String(PORT + 1000),
      LOG_LEVEL: "info",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (d: Buffer) => logs.push(d.toString()));
  return child;
}

async function waitHealthy(server: ChildProcess): Promise<void> {
  let stderr = "";
  server.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const until = Date.now() + 90_000;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`server exited ${server.exitCode}: ${stderr}`);
    try {
      const res = await fetch(`${URL_BASE}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server not healthy in time: ${stderr}`);
}

/** The confirmation link of the e-mail this server wrote to its outbox folder for `email`. */
async function confirmationLinkIn(email: string): Promise<string> {
  const dir = path.join(DATA_DIR, "outbox");
  const until = Date.now() + 20_000;
  while (Date.now() < until) {
    for (const f of await fsp.readdir(dir).catch(() => [] as string[])) {
      const text = decodeQuotedPrintable(await fsp.readFile(path.join(dir, f), "utf8"));
      const link = text.includes(`To: ${email}`)
        ? /https?:\/\/[^\s"<>]+\/api\/auth\/verify-email\?token=[A-Za-z0-9._-]+/.exec(text)?.[0]
        : undefined;
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no confirmation e-mail for ${email} in ${dir}`);
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

test("after a SIGKILL the next start comes up on the same data and every committed row is there", async ({
  page,
}) => {
  test.setTimeout(240_000);
  stopLeftoverPostmaster(DATA_DIR);
  fs.rmSync(DATA_DIR, { recursive: true, force: true });
  const email = newEmail("gil");
  const password = "Chimarrão na cuia de Pelotas 3";

  let server = startServer();
  try {
    await waitHealthy(server);
    const res = await fetch(`${URL_BASE}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: URL_BASE },
      body: JSON.stringify({ name: "Gil", email, password }),
    });
    expect(res.status).toBe(200);
    // The account signs in once its e-mail is confirmed: follow the link the outbox wrote.
    const link = await confirmationLinkIn(email);
    expect((await fetch(link, { redirect: "manual" })).status).toBe(302);

    server.kill("SIGKILL");
    await new Promise((r) => server.once("exit", r));
    const orphan = Number(
      (await fsp.readFile(path.join(DATA_DIR, "db", "postmaster.pid"), "utf8")).split("\n")[0],
    );
    expect(alive(orphan)).toBe(true);

    server = startServer();
    await waitHealthy(server);
    const health = await (await fetch(`${URL_BASE}/api/health`)).json();
    expect(health).toMatchObject({ status: "ok", database: { ok: true, mode: "embedded" } });
    expect(alive(orphan)).toBe(false);

    await page.goto(`${URL_BASE}/login`);
    await signInInBrowser(page, email, password);
    await expect(page.getByTestId("account-menu")).toBeVisible();
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => (server.exitCode !== null ? r(null) : server.once("exit", r)));
  }
  // A graceful stop leaves no postmaster behind.
  expect(fs.existsSync(path.join(DATA_DIR, "db", "postmaster.pid")), logs.join("").slice(-4000)).toBe(false);
});
