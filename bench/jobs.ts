import fsp from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { connectDatabase } from "../src/server/db/client";
import { createMailer } from "../src/server/mail/mailer";
import { noticeMail } from "../src/server/mail/templates";
import type { ContractView } from "../src/shared/contracts/contracts";
import { type ReceivedMail, startSmtpServer } from "../tests/support/mail";
import { caller, personWithProfile, proposalOf, publishedOfferOf } from "../tests/support/market";
import { ORIGIN, uniqueIp } from "../tests/support/test-app";

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
};

/**
 * Durable background work, measured on the real app and a real SMTP sink: the time from the last
 * signature's request to the sealed PDF stored (the seal is a job), over `contracts` contracts,
 * and how many e-mails a second one node sends through the outbox.
 */
export async function benchJobs(
  databaseUrl: string,
  contracts = 20,
  mails = 500,
  /** More environment for the app: TSA_URL to seal with a timestamp (issue 27). */
  env: Record<string, string> = {},
) {
  const smtp = await startSmtpServer();
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-bench-jobs-"));
  const config = loadConfig({
    NODE_ENV: "production",
    LOG_LEVEL: "warn",
    PUBLIC_URL: ORIGIN,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: smtp.url,
    RATE_LIMIT_MAX: "100000000",
    AUTH_RATE_LIMIT_MAX: "100000",
    JOBS_SCHEMA: "jobs_bench",
    ...env,
  });
  const database = connectDatabase(databaseUrl, { max: 10 });
  // The test helpers read each new account's confirmation link from this database's outbox.
  process.env.SUPPORT_DATABASE_URL = databaseUrl;
  // ...sealed with this app's secret (decision 036).
  process.env.SUPPORT_AUTH_SECRET = "bench-secret-that-is-long-enough-0123456789";
  const mailer = createMailer({
    smtpUrl: smtp.url,
    from: config.MAIL_FROM,
    dataDir,
    log: { info: () => undefined },
  });
  const app = await buildApp({
    config,
    database,
    dbMode: "external",
    mailer,
    authSecret: "bench-secret-that-is-long-enough-0123456789",
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const call = caller(app);
  try {
    const waitMail = async (pred: (m: ReceivedMail) => boolean, from: number) =>
      smtp.waitFor((m) => smtp.received.indexOf(m) >= from && pred(m), 30_000);
    const sealMs: number[] = [];
    const landlord = await personWithProfile(app, "Lúcia");
    for (let i = 0; i < contracts; i++) {
      const tenant = await personWithProfile(app, "Davi");
      const offerId = await publishedOfferOf(app, baseUrl, landlord.cookie);
      const proposalId = await proposalOf(app, tenant.cookie, offerId, "seguro_fianca");
      await call("POST", `/api/proposals/${proposalId}/actions`, landlord.cookie, {
        action: "approve",
      });
      await app.jobs.settle();
      const contract = (await call("GET", "/api/contracts", landlord.cookie))
        .json<ContractView[]>()
        .find((c) => c.offerId === offerId) as ContractView;
      const reviewed = await call("PUT", `/api/contracts/${contract.id}/review`, landlord.cookie, {});
      if (reviewed.statusCode !== 200) throw new Error(`review: ${reviewed.statusCode} ${reviewed.body}`);
      const mark = smtp.received.length;
      const sent = await call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie);
      if (sent.statusCode !== 200) throw new Error(`send: ${sent.statusCode} ${sent.body}`);
      let last: (() => Promise<unknown>) | null = null;
      for (const who of [landlord, tenant]) {
        const invite = await waitMail((m) => m.to.includes(who.email) && m.text.includes(contract.id), mark);
        const token = invite.text.match(/token=([A-Za-z0-9_-]{43})/)?.[1] as string;
        const before = smtp.received.length;
        // A fresh client address: the code route has its own per-address limit.
        const asked = await call(
          "POST",
          `/api/signing/${contract.id}/code`,
          undefined,
          { token },
          uniqueIp(),
        );
        if (asked.statusCode !== 200) throw new Error(`code: ${asked.statusCode} ${asked.body}`);
        const code = (
          await waitMail((m) => m.to.includes(who.email) && /Use o código/.test(m.text), before)
        ).text.match(/Use o código (\d{6})/)?.[1];
        const sign = () =>
          call(
            "POST",
            `/api/signing/${contract.id}/sign`,
            undefined,
            { token, codigo: code, nome: who.fullName, cpf: who.cpf },
            uniqueIp(),
          );
        if (who === landlord) await sign();
        else last = sign;
      }
      const started = performance.now();
      await last?.();
      for (;;) {
        const { rows } = await database.pool.query<{ status: string }>(
          "SELECT status FROM contracts WHERE id = $1",
          [contract.id],
        );
        if (rows[0]?.status === "assinado") break;
        await new Promise((r) => setTimeout(r, 2));
      }
      sealMs.push(performance.now() - started);
    }
    await app.jobs.settle();

    // E-mails: `mails` messages queued in one transaction, then sent by the outbox's jobs.
    const from = smtp.received.length;
    const content = noticeMail({
      name: "Ana",
      subject: "Chave: medida do envio",
      lines: ["Uma mensagem para medir o envio."],
      url: `${ORIGIN}/`,
      action: "Abrir",
    });
    const client = await database.pool.connect();
    await client.query("BEGIN");
    for (let i = 0; i < mails; i++) await app.outbox.queue(client, `medida${i}@exemplo.com.br`, content);
    const queued = performance.now();
    await client.query("COMMIT");
    client.release();
    while (smtp.received.length - from < mails) await new Promise((r) => setTimeout(r, 5));
    const seconds = (performance.now() - queued) / 1000;
    return {
      sealP50: pct(sealMs, 50),
      sealP99: pct(sealMs, 99),
      sealMax: Math.max(...sealMs),
      contracts,
      mails,
      mailsPerSecond: mails / seconds,
    };
  } finally {
    await app.close();
    mailer.close();
    await database.close();
    await smtp.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
  }
}
