import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { z } from "zod";
import { createTestApp, type TestApp } from "../../../tests/support/test-app";
import { withTransaction } from "../db/client";
import { CONTRACT_JOBS } from "../domains/contracts/jobs";
import { JobQueue } from "./queue";
import { type JobDef, registeredJob, registeredJobs } from "./registry";

// Every job Chave runs: a new one is declared in its domain's jobs.ts and added here and to the doc.
const ALL = [
  "contract.draft",
  "contract.provider-closed",
  "contract.seal",
  "contracts.remind",
  "contracts.reseal",
  "contracts.review-remind",
  "inspections.close-reviews",
  "live.prune",
  "mail.send",
  "messages.email-unread",
  "photos.backfill",
  "photos.renditions",
  "preferences.digest",
  "preferences.match-offer",
  "privacy.delete-account",
  "privacy.export",
  "privacy.exports-expire",
  "proposals.expire",
  "proposals.remind",
  "rent.adjust",
  "rent.generate",
  "rent.lease-signed",
  "rent.psp-paid",
  "rent.psp-register",
  "rent.remind",
  "rent.term-end",
  "retention.prune",
  "uploads.expire",
];

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(() => t.close());

describe("the job registry", () => {
  it("knows every job, and the app runs exactly those", async () => {
    expect(registeredJobs().map((j) => j.name)).toEqual(ALL);
    // The app's queue defines a job only when it is declared, and every declared one is defined.
    expect((await t.app.jobs.stats()).map((s) => s.name).sort()).toEqual(ALL);
  });

  it("is the list docs/architecture.md gives under Background work", () => {
    const doc = fs.readFileSync(path.join(__dirname, "../../../docs/architecture.md"), "utf8");
    const section = doc.split("## Background work")[1]?.split("\n## ")[0] ?? "";
    const named = new Set([...section.matchAll(/`([a-z-]+\.[a-z-]+)`/g)].map((m) => m[1]));
    expect(ALL.filter((name) => !named.has(name))).toEqual([]);
  });

  it("refuses, at send and in the change's transaction, a job not declared or a payload its schema refuses", async () => {
    const pool = t.database.pool;
    const before = await t.app.jobs.counts(CONTRACT_JOBS.seal);
    const marker = `registry-${randomBytes(4).toString("hex")}`;
    const sending = (send: (c: Parameters<typeof t.app.jobs.send>[0]) => Promise<unknown>) =>
      withTransaction(pool, async (c) => {
        // The change the job would follow: it must not commit either.
        await c.query("CREATE TEMP TABLE IF NOT EXISTS registry_probe (v text)");
        await c.query("INSERT INTO registry_probe VALUES ($1)", [marker]);
        await send(c);
      });
    await expect(sending((c) => t.app.jobs.send(c, "contract.unknown", { contractId: "x" }))).rejects.toThrow(
      /unknown job queue contract\.unknown/,
    );
    // A payload the types would refuse, as a caller passing on untyped data could send it.
    const bad = { contract: "x" } as unknown as { contractId: string };
    await expect(sending((c) => t.app.jobs.send(c, CONTRACT_JOBS.seal, bad))).rejects.toThrow(
      /job contract\.seal: payload refused by its schema \(contractId: /,
    );
    await expect(sending((c) => t.app.jobs.sendMany(c, "contract.seal", [bad]))).rejects.toThrow(
      /payload refused by its schema/,
    );
    expect(await t.app.jobs.counts(CONTRACT_JOBS.seal)).toEqual(before);
  });
});

describe("a queue with a registry", () => {
  const job: JobDef<{ id: string }> = { name: "registry.test", payload: z.object({ id: z.string() }) };
  const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
  let queue: JobQueue;
  const handled: unknown[] = [];

  beforeAll(async () => {
    queue = new JobQueue({
      url: inject("databaseUrl"),
      pool: t.database.pool,
      log,
      schema: `jobs_registry_${randomBytes(4).toString("hex")}`,
      retryLimit: 0,
      registry: (name) => (name === job.name ? (job as JobDef<unknown>) : registeredJob(name)),
    });
    queue.define({ name: job, handler: async (data) => void handled.push(data) });
    await queue.start();
  });
  afterAll(() => queue.stop());

  it("defines no job the registry does not declare", () => {
    expect(() => queue.define({ name: "registry.undeclared", handler: async () => undefined })).toThrow(
      /job registry\.undeclared is not declared in the job registry/,
    );
  });

  it("parses each payload before its handler: a refused one fails the job, logged, without the handler", async () => {
    await queue.send(t.database.pool, job, { id: "a" });
    // Written past the check (an older node, a hand-made row): the worker still refuses it.
    await queue.boss.send(job.name, { id: 7 });
    await queue.settle();
    expect(handled).toEqual([{ id: "a" }]);
    expect(await queue.counts(job)).toMatchObject({ completed: 1, failed: 1 });
    expect(log.error).toHaveBeenCalledWith(
      expect.objectContaining({ job: expect.objectContaining({ queue: job.name, data: { id: 7 } }) }),
      "job registry.test not run: its payload does not match its schema",
    );
  });
});
