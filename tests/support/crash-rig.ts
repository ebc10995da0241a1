import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { expect, vi } from "vitest";
import type { ContractView } from "../../src/shared/contracts/contracts";
import { brazilDate } from "../../src/shared/contracts/proposals";
import type { ChargeView, LeaseView } from "../../src/shared/contracts/rent";
import { freePort } from "./free-port";
import { type ReceivedMail, startSmtpServer, subjectOf } from "./mail";
import { caller, personWithProfile, proposalOf, publishedOfferOf } from "./market";
import { remoteApp } from "./remote-app";
import { type ServerProcess, startServer } from "./server-process";
import { ORIGIN } from "./test-app";
import { createTestDatabase } from "./test-database";

/*
 * The crash tests' rig (src/server/jobs/crash-*.test.ts): kill -9 of a real server process right
 * after the steps whose follow-up used to run after the commit (an approval writes the contract,
 * the last signature seals it, a "recebi" pays a charge); after a restart, the follow-up completes,
 * and every e-mail arrives once. One file a scenario, so they run side by side on the run's workers
 * (one file of four took 166 s, the run's longest, alone on its worker).
 */

/**
 * A server process of its own: its database (every app of the run does its scheduled work on
 * whatever database it is given, so on a shared one another test's app could e-mail these people
 * through its own mailer), its SMTP server and its data folder. Each test makes one, so what it
 * counts (e-mails, outbox rows) is its own whatever ran before it, in any order.
 */
export async function startRig(label: string) {
  const database = await createTestDatabase(label);
  // The API helpers read the confirmation links from this rig's outbox.
  vi.stubEnv("SUPPORT_DATABASE_URL", database.url);
  const smtp = await startSmtpServer();
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-crash-"));
  const port = await freePort();
  const env = {
    DATABASE_URL: database.url,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    PUBLIC_URL: ORIGIN,
    AUTH_SECRET: "crash-test-secret-that-is-long-enough-0123",
    AUTH_RATE_LIMIT_MAX: "1000",
    TRUST_PROXY: "true",
    SIGNING_CODE_INTERVAL_SECONDS: "1",
    JOB_POLL_SECONDS: "1",
    // A job that was running when its node died is taken back quickly.
    JOB_TIMEOUT_SECONDS: "4",
    JOB_MAINTENANCE_SECONDS: "1",
    // The rent's charges of the next four months are made when a lease is sealed (issue 32).
    RENT_CHARGE_LEAD_DAYS: "120",
  };
  // Started again after each kill: on a machine busy with other work it may take minutes.
  const start = () => startServer(env, port, { startMs: START_MS });
  let server: ServerProcess;
  try {
    server = await start();
  } catch (err) {
    await smtp.close();
    await fsp.rm(dataDir, { recursive: true, force: true });
    vi.unstubAllEnvs();
    await database.drop();
    throw err;
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const app = remoteApp(baseUrl);
  const call = caller(app);
  let kills = 0;

  const mailsTo = (email: string, subject: RegExp) =>
    smtp.received.filter((m) => m.to.includes(email) && subject.test(subjectOf(m.raw)));

  const contractsOf = async (cookie: string) =>
    (await call("GET", "/api/contracts", cookie)).json<ContractView[]>();

  async function sign(contractId: string, person: { email: string; cpf: string; fullName: string }) {
    const invite = await smtp.waitFor(
      // The invitation (the landlord's "revise e envie" e-mail links the contract too, without a token).
      (m) => m.to.includes(person.email) && m.text.includes(`/Clicksign?contrato=${contractId}&`),
      WAIT_MS,
    );
    const token = linkIn(invite, contractId);
    const before = smtp.received.length;
    const code = await call("POST", `/api/signing/${contractId}/code`, undefined, { token });
    if (code.statusCode !== 200) throw new Error(code.body);
    const mail = await smtp.waitFor(
      (m) => smtp.received.indexOf(m) >= before && m.to.includes(person.email) && /Use o código/.test(m.text),
      WAIT_MS,
    );
    const codigo = mail.text.match(/Use o código (\d{6})/)?.[1] as string;
    return () =>
      call("POST", `/api/signing/${contractId}/sign`, undefined, {
        token,
        codigo,
        nome: person.fullName,
        cpf: person.cpf,
      });
  }

  return {
    smtp,
    database,
    baseUrl,
    call,
    mailsTo,
    contractsOf,
    sign,
    /** How many times the server was killed (each may leave one e-mail delivered twice). */
    kills: () => kills,
    async proposalFor(garantia = "seguro_fianca", over: Record<string, unknown> = {}) {
      const landlord = await personWithProfile(app, "Teresa");
      const tenant = await personWithProfile(app, "Vicente");
      const offerId = await publishedOfferOf(app, baseUrl, landlord.cookie);
      return {
        landlord,
        tenant,
        offerId,
        proposalId: await proposalOf(app, tenant.cookie, offerId, garantia, over),
      };
    },
    /** Sends a request, then kills the server `delayMs` after (or as soon as it answers), and restarts it. */
    async killDuring(request: () => Promise<unknown>, delayMs: number): Promise<void> {
      const pending = request().catch(() => undefined);
      await Promise.race([pending, new Promise((r) => setTimeout(r, delayMs))]);
      await server.kill("SIGKILL");
      kills++;
      await pending;
      server = await start();
    },
    async close() {
      await server.kill("SIGKILL");
      await smtp.close();
      await fsp.rm(dataDir, { recursive: true, force: true });
      vi.unstubAllEnvs();
      await database.drop();
    },
  };
}
export type Rig = Awaited<ReturnType<typeof startRig>>;

/** How long a condition may take to hold: generous, as the run may share its cores with others. */
const WAIT_MS = 120_000;
/** How long a server may take to start (tsx compiles it) on a machine busy with other work. */
const START_MS = 300_000;

export async function until<T>(what: string, probe: () => Promise<T | undefined>, ms = WAIT_MS): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = await probe();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function withRig(label: string, run: (rig: Rig) => Promise<void>): Promise<void> {
  const rig = await startRig(label);
  try {
    await run(rig);
  } finally {
    await rig.close();
  }
}

function linkIn(mail: ReceivedMail, contractId: string): string {
  const token = mail.text.match(
    new RegExp(`/Clicksign\\?contrato=${contractId}&(?:amp;)?token=([A-Za-z0-9_-]{43})`),
  )?.[1];
  if (!token) throw new Error("no signing link");
  return token;
}

/** An approval killed `delay` ms after it is sent: its contract is written once, or nothing changed. */
export async function approvalKilledAt(rig: Rig, delay: number) {
  const { landlord, tenant, proposalId } = await rig.proposalFor();
  await rig.killDuring(
    () => rig.call("POST", `/api/proposals/${proposalId}/actions`, landlord.cookie, { action: "approve" }),
    delay,
  );
  const status = (await rig.call("GET", `/api/proposals/${proposalId}`, tenant.cookie)).json().status;
  if (status === "aprovada") {
    // The approval committed: its contract is written after the restart, once.
    const contracts = await until(`contract after a kill at ${delay} ms`, async () => {
      const list = await rig.contractsOf(landlord.cookie);
      return list.length > 0 ? list : undefined;
    });
    expect(contracts, `kill at ${delay} ms`).toHaveLength(1);
    expect(contracts[0]?.status).toBe("rascunho");
    await until("the tenant's e-mail", async () =>
      rig.mailsTo(tenant.email, /^Proposta aprovada: /).length > 0 ? true : undefined,
    );
  } else {
    // Killed before the commit: nothing changed, and nothing follows.
    expect(status, `kill at ${delay} ms`).toBe("enviada");
    expect(await rig.contractsOf(landlord.cookie)).toHaveLength(0);
  }
}

/** A contract whose last signature is killed `delay` ms after it is sent: it is sealed once. */
export async function lastSignatureKilledAt(rig: Rig, delay: number, over: Record<string, unknown> = {}) {
  const { call } = rig;
  const { landlord, tenant, offerId, proposalId } = await rig.proposalFor("seguro_fianca", over);
  const approved = await call("POST", `/api/proposals/${proposalId}/actions`, landlord.cookie, {
    action: "approve",
  });
  expect(approved.statusCode, approved.body).toBe(200);
  const contract = await until("the draft", async () => (await rig.contractsOf(landlord.cookie))[0]);
  expect((await call("PUT", `/api/contracts/${contract.id}/review`, landlord.cookie, {})).statusCode).toBe(
    200,
  );
  expect((await call("POST", `/api/contracts/${contract.id}/send`, landlord.cookie)).statusCode).toBe(200);
  const first = await rig.sign(contract.id, landlord);
  expect((await first()).json()).toEqual({ status: "enviado" });
  const last = await rig.sign(contract.id, tenant);
  await rig.killDuring(last, delay);

  const view = await call("GET", `/api/contracts/${contract.id}`, tenant.cookie);
  const status = view.json<ContractView>().status;
  if (status === "enviado") {
    // Killed before the commit: the tenant's link still works, and signing again finishes it.
    expect((await (await rig.sign(contract.id, tenant))()).json()).toEqual({ status: "selando" });
  } else {
    expect(["selando", "assinado"], `kill at ${delay} ms`).toContain(status);
  }
  const done = await until(`the seal after a kill at ${delay} ms`, async () => {
    const c = (await call("GET", `/api/contracts/${contract.id}`, tenant.cookie)).json<ContractView>();
    return c.status === "assinado" ? c : undefined;
  });
  expect(done.sealedDocumentId).toBeTruthy();
  expect(done.events.filter((e) => e.type === "selado")).toHaveLength(1);
  expect((await call("GET", `/api/offers/${offerId}`)).json().status).toBe("alugada");
  for (const person of [landlord, tenant])
    await until(`${person.email}'s sealed contract`, async () =>
      rig.mailsTo(person.email, /assinado por todos/).length > 0 ? true : undefined,
    );
  return { lease: done, landlord, tenant };
}

/**
 * The landlord's "recebi" killed `delay` ms after it is sent: the charge is paid once, with one
 * payment and one receipt, sealed after the restart; killed before the commit, nothing changed and
 * saying it again pays it.
 */
export async function paymentKilledAt(
  rig: Rig,
  leaseId: string,
  people: { landlord: { cookie: string }; tenant: { cookie: string } },
  delay: number,
) {
  const { call } = rig;
  const lease = (await call("GET", `/api/leases/${leaseId}`, people.landlord.cookie)).json<LeaseView>();
  const charge = lease.cobrancas.find((c) => c.status === "aberta");
  if (!charge) throw new Error("no open charge left");
  const pagoEm = brazilDate(new Date());
  const confirm = () => call("POST", `/api/charges/${charge.id}/payment`, people.landlord.cookie, { pagoEm });
  await rig.killDuring(confirm, delay);
  const after = (await call("GET", `/api/charges/${charge.id}`, people.tenant.cookie)).json<ChargeView>();
  if (after.status === "aberta") {
    expect(after.pagamentos, `kill at ${delay} ms`).toEqual([]);
    expect((await confirm()).statusCode).toBe(200);
  }
  const paid = await until(`the receipt after a kill at ${delay} ms`, async () => {
    const c = (await call("GET", `/api/charges/${charge.id}`, people.tenant.cookie)).json<ChargeView>();
    return c.recibo?.selado ? c : undefined;
  });
  expect(paid.status).toBe("paga");
  expect(paid.pagamentos, `kill at ${delay} ms`).toHaveLength(1);
  expect(paid.pagamentos[0]?.valor).toBe(charge.valor);
  // Saying it again is refused: the charge is closed, not paid twice.
  expect((await confirm()).statusCode).toBe(409);
}

/** The Message-ID (the outbox row's id) of each e-mail the rig's SMTP server received. */
export const messageIds = (rig: Rig) =>
  rig.smtp.received.map((m) => m.raw.match(/^Message-ID: <([^>]+)@chave>/im)?.[1]);

/** The rig's outbox: every e-mail recorded, and whether it was marked sent. */
export async function outboxRows(rig: Rig) {
  const pool = new pg.Pool({ connectionString: rig.database.url, max: 1 });
  try {
    return (
      await pool.query<{ id: string; sent: boolean }>(
        "SELECT id::text, sent_at IS NOT NULL AS sent FROM mail_outbox",
      )
    ).rows;
  } finally {
    await pool.end();
  }
}
