import { type ChildProcess, spawn } from "node:child_process";
import fsp from "node:fs/promises";
import path from "node:path";
import { freePort } from "./free-port";
import { confirmationLinkFor, outboxSecrets, TEST_AUTH_SECRET } from "./test-app";

/** The real server as its own process (`npm start`'s command), for tests that kill it. */
export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * `startMs`: how long it may take to answer /api/health (a loaded machine compiles the server
 * slowly); past it the process is killed and the start fails.
 */
export async function startServer(
  env: Record<string, string>,
  port?: number,
  { startMs = 60_000 }: { startMs?: number } = {},
): Promise<ServerProcess> {
  const p = port ?? (await freePort());
  const baseUrl = `http://127.0.0.1:${p}`;
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      // Tests stop their servers at once unless they are about draining (decision 027).
      DRAIN_SECONDS: "0",
      HOST: "127.0.0.1",
      PORT: String(p),
      PUBLIC_URL: baseUrl,
      // The outbox is sealed with it; confirmationLinkFor opens it (decision 036).
      AUTH_SECRET: TEST_AUTH_SECRET,
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited ${child.exitCode}: ${out}`);
    try {
      const res = await fetch(`${baseUrl}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Not left behind holding the port and the database.
      child.kill("SIGKILL");
      await exited;
      throw new Error(`server did not start in ${startMs} ms: ${out}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // The outbox helpers open its e-mails with its secret: the one it was given, or the one it made.
  if (env.AUTH_SECRET) outboxSecrets.add(env.AUTH_SECRET);
  else if (env.AUTH_SECRET === "" && env.DATA_DIR) {
    const made = await fsp.readFile(path.join(env.DATA_DIR, ".auth-secret"), "utf8").catch(() => "");
    if (made.trim()) outboxSecrets.add(made.trim());
  }
  return {
    baseUrl,
    child,
    output: () => out,
    async kill(signal: NodeJS.Signals = "SIGTERM") {
      if (child.exitCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Signs up over HTTP and follows the confirmation e-mail; the session cookie the link sets. */
export async function signUpOver(baseUrl: string, email: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ name: "Joana Prado", email, password: "Ipê amarelo na varanda 42" }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const confirmed = await fetch(`${baseUrl}${await confirmationLinkFor(email)}`, { redirect: "manual" });
  const cookie = confirmed.headers.getSetCookie().find((c) => c.startsWith("chave.session_token="));
  if (!cookie) throw new Error(`no session cookie after confirmation: ${confirmed.status}`);
  return cookie.split(";")[0] as string;
}
