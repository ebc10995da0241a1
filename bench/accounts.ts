import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { mailSeal } from "../src/server/mail/sealed";

/**
 * The outbox is sealed with the servers' AUTH_SECRET (decision 036): the one in the environment,
 * else the one bench/run.ts's servers made in their DATA_DIR (.bench-data).
 */
function benchSeal() {
  const secret =
    process.env.AUTH_SECRET ?? fs.readFileSync(path.resolve(".bench-data", ".auth-secret"), "utf8").trim();
  return mailSeal(secret);
}

/**
 * The bench accounts' password: a phrase that names none of them (sign-up refuses a password with
 * the person's name or e-mail in it, and the bench's people are called "Bench", "Ouvinte 3"…).
 */
export const BENCH_PASSWORD = "Carrossel de nuvens marrons sobre o cais";

/**
 * An account signed up and confirmed as a person does it: sign-up answers the same for any
 * e-mail (no cookie), and the link of the confirmation e-mail, read here from the outbox, signs
 * the account in.
 */
export async function confirmedAccount(
  base: string,
  databaseUrl: string,
  person: { name: string; email: string; password: string },
): Promise<{ cookie: string; id: string }> {
  const res = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify(person),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let link: string | undefined;
  try {
    const { rows } = await client.query<{ sealed: string | null }>(
      "SELECT sealed FROM mail_outbox WHERE recipient = $1 ORDER BY created_at DESC",
      [person.email],
    );
    const seal = benchSeal();
    link = rows
      .flatMap((r) => (r.sealed ? seal.open(r.sealed).links : []))
      .find((l) => l.includes("/api/auth/verify-email?token="));
  } finally {
    await client.end();
  }
  if (!link) throw new Error(`no confirmation e-mail for ${person.email}`);
  const url = new URL(link);
  const confirmed = await fetch(`${base}${url.pathname}${url.search}`, { redirect: "manual" });
  const cookie = confirmed.headers.getSetCookie().find((c) => c.startsWith("chave.session_token="));
  if (!cookie) throw new Error(`confirmation did not sign in: ${confirmed.status}`);
  const session = cookie.split(";")[0] as string;
  const me = (await (
    await fetch(`${base}/api/auth/get-session`, { headers: { cookie: session } })
  ).json()) as {
    user: { id: string };
  };
  return { cookie: session, id: me.user.id };
}
