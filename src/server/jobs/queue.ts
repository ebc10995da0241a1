import { createRequire } from "node:module";
import type pg from "pg";
import PgBoss from "pg-boss";
import type { JobDef } from "./registry";

/**
 * Durable background work on PostgreSQL, through pg-boss (docs/decisions/012-jobs-and-outbox.md).
 *
 * A job is sent with the transaction of the change that causes it (`send(c, …)`), so it exists if
 * and only if that change committed. Any node runs any job; a job that throws is retried with
 * back-off and ends in pg-boss's `failed` state after its last try, logged with its data (the
 * contract or proposal id). A job that was running on a node that died is taken back once its
 * time limit passes, so handlers must be idempotent: each one checks the state it is about to
 * change and does nothing when it finds the work done.
 */

/**
 * pg-boss 10's workers finish a job with `this.complete(...)` / `this.fail(...)` and neither await
 * nor catch them (timgit/pg-boss#577): when PostgreSQL is away at that moment the rejection is
 * unhandled, which stops a Node process. The job itself is safe (it stays active and is taken back
 * after its time limit), so the failure is turned into the queue's `error` event, which is logged.
 * Patched once, on the class every PgBoss instance uses.
 */
function catchUnawaitedFinishes(): void {
  const require = createRequire(import.meta.url);
  const Manager = require("pg-boss/src/manager.js") as {
    prototype: Record<string, unknown> & { __chaveCaught?: boolean };
  };
  const proto = Manager.prototype;
  if (proto.__chaveCaught) return;
  for (const name of ["complete", "fail"]) {
    const original = proto[name] as (
      this: { emit(e: string, err: unknown): void },
      ...a: unknown[]
    ) => unknown;
    proto[name] = function (this: { emit(e: string, err: unknown): void }, ...args: unknown[]) {
      const result = original.apply(this, args);
      if (result instanceof Promise) result.catch((err: unknown) => this.emit("error", err));
      return result;
    };
  }
  proto.__chaveCaught = true;
}
catchUnawaitedFinishes();

type Queryable = Pick<pg.PoolClient, "query">;

export interface JobLog {
  info(o: unknown, m: string): void;
  warn(o: unknown, m: string): void;
  error(o: unknown, m: string): void;
}

export interface QueueSpec<T> {
  /** The job's declaration (jobs/registry.ts), or, on a queue without a registry, a bare name. */
  name: string | JobDef<T>;
  /** Runs one job. Throwing retries it later; returning completes it. */
  handler: (data: T, job: { id: string; retryCount: number; retryLimit: number }) => Promise<void>;
  /** How many tries after the first (default from the queue options). */
  retryLimit?: number;
  /** A cron expression (UTC): the job is sent once per period across all nodes, with no data. */
  cron?: string;
  /** Jobs of this queue one node runs at once (default 1). */
  concurrency?: number;
}

export interface JobQueueOptions {
  url: string;
  /** The app's pool: a job sent on one of its clients wakes this node's worker once released. */
  pool: pg.Pool;
  log: JobLog;
  /** pg-boss's schema; one per Chave installation sharing a database (tests use their own). */
  schema?: string;
  /** Seconds between two polls of an idle queue; wake-ups make local jobs start at once. */
  pollingIntervalSeconds?: number;
  /** First retry delay in seconds; later ones double (with jitter). */
  retryDelaySeconds?: number;
  retryLimit?: number;
  /** A running job whose node died is retried after this long (and a handler stopped after it). */
  jobTimeoutSeconds?: number;
  /** How often one node looks for such expired jobs (and runs pg-boss's upkeep). */
  maintenanceIntervalSeconds?: number;
  /** Whether this node runs jobs (a node may only send them). */
  work?: boolean;
  /**
   * Whether scheduled jobs are sent by their cron (default yes). The tests' apps say no: a sweep
   * at the real time over the shared database expired another test's proposal, made under a clock
   * set days back, between its creation and its approval.
   */
  schedules?: boolean;
  /** Days a finished or failed job is kept for inspection (JOB_HISTORY_DAYS, decision 036). */
  historyDays?: number;
  /**
   * The job registry (jobs/registry.ts): when given, only declared jobs can be defined or sent, and
   * each payload is checked against its schema when sent and parsed before its handler runs.
   */
  registry?: (name: string) => JobDef<unknown> | undefined;
}

/** A job's name, from its declaration or as given. */
const nameOf = (job: string | JobDef<unknown>): string => (typeof job === "string" ? job : job.name);

/** One queue's jobs as /metrics reports them (decision 027). */
export interface QueueStats {
  name: string;
  /** Due and not taken by a worker yet (new, or waiting for a retry whose time has come). */
  waiting: number;
  active: number;
  /** Failed for good and not archived yet by pg-boss (its archive takes them after a while). */
  failed: number;
  /** How long the oldest due job has waited for a worker, in seconds (0 when none waits). */
  oldestWaitingSeconds: number;
}

export class JobQueue {
  readonly boss: PgBoss;
  /** Tries that threw on this node, per queue: `retried` will be tried again, `final` will not. */
  readonly failures = new Map<string, { retried: number; final: number }>();
  private readonly specs = new Map<string, QueueSpec<unknown> & { name: string }>();
  /** Each defined job's declaration, when the queue has a registry. */
  private readonly defs = new Map<string, JobDef<unknown>>();
  private readonly workers = new Map<string, string[]>();
  /** Queues a not-yet-committed transaction sent jobs to, per pool client. */
  private readonly pending = new WeakMap<object, Set<string>>();
  private started = false;
  private stopping = false;
  private retryTimer: NodeJS.Timeout | null = null;
  private readonly onRelease = (_err: Error | undefined, client: object) => {
    const names = this.pending.get(client);
    if (!names) return;
    this.pending.delete(client);
    // Committed or rolled back: either way a look costs one query, and a commit starts at once.
    for (const name of names) this.wake(name);
  };

  constructor(private readonly options: JobQueueOptions) {
    this.boss = new PgBoss({
      connectionString: options.url,
      schema: options.schema ?? "pgboss",
      max: 4,
      application_name: "chave-jobs",
      retryLimit: options.retryLimit ?? 8,
      retryDelay: options.retryDelaySeconds ?? 5,
      retryBackoff: true,
      expireInSeconds: options.jobTimeoutSeconds ?? 120,
      maintenanceIntervalSeconds: options.maintenanceIntervalSeconds ?? 30,
      // Finished and failed jobs move to the archive after 12 hours and are deleted from it
      // JOB_HISTORY_DAYS later (decision 036); a job never started is dropped after 14 days.
      deleteAfterDays: options.historyDays ?? 7,
      retentionDays: 14,
      // pg-boss's cron runs on every node and sends each period's job once, under its own lock.
      schedule: true,
      supervise: true,
      migrate: true,
    });
    this.boss.on("error", (err) => options.log.warn({ err }, "job queue: database error"));
  }

  /** Declares a queue before `start()`. */
  define<T>(spec: QueueSpec<T>): this {
    const name = nameOf(spec.name as string | JobDef<unknown>);
    if (this.options.registry) {
      const def = this.options.registry(name);
      if (!def) throw new Error(`job ${name} is not declared in the job registry (jobs/registry.ts)`);
      this.defs.set(name, def);
    }
    const cron = spec.cron ?? this.defs.get(name)?.cron;
    this.specs.set(name, { ...(spec as QueueSpec<unknown>), name, ...(cron ? { cron } : {}) });
    return this;
  }

  /**
   * Declares a scheduled job (its declaration's cron, jobs/registry.ts): pg-boss sends it once per
   * period across all nodes and whichever node is free runs `work`, which returns how many things it
   * did; `done(n)` is logged when it did any. Not retried: the next period runs it again, so `work`
   * must be safe to run twice (it claims rows as it goes).
   */
  every(def: JobDef<object>, work: () => Promise<number>, done: (n: number) => string): this {
    return this.define<object>({
      name: def,
      retryLimit: 0,
      handler: async () => {
        const n = await work();
        if (n > 0) this.options.log.info({ job: def.name, n }, done(n));
      },
    });
  }

  /** The payload as its declaration reads it; throws, naming the job and the fields, when refused. */
  private checked(name: string, data: unknown): unknown {
    const def = this.defs.get(name);
    if (!def) return data;
    const parsed = def.payload.safeParse(data);
    if (parsed.success) return parsed.data;
    const fields = parsed.error.issues.map((i) => `${i.path.join(".") || "(payload)"}: ${i.message}`);
    throw new Error(`job ${name}: payload refused by its schema (${fields.join("; ")})`);
  }

  /**
   * Starts the queue; if the database does not answer yet, keeps trying in the background (the
   * app still serves its degraded health meanwhile, and sending a job fails like any write).
   */
  async start(): Promise<void> {
    this.stopping = false;
    try {
      await this.startOnce();
    } catch (err) {
      this.options.log.warn({ err }, "job queue: cannot start yet; retrying");
      this.retryStart(1_000);
    }
  }

  private retryStart(ms: number) {
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.stopping) return;
      this.startOnce().then(
        () => this.options.log.info({}, "job queue: started"),
        (err: unknown) => {
          this.options.log.warn({ err }, "job queue: still cannot start; retrying");
          this.retryStart(Math.min(ms * 2, 30_000));
        },
      );
    }, ms);
    this.retryTimer.unref();
  }

  private async startOnce(): Promise<void> {
    await this.boss.start();
    for (const spec of this.specs.values()) {
      await this.boss.createQueue(spec.name, {
        name: spec.name,
        ...(spec.retryLimit !== undefined ? { retryLimit: spec.retryLimit } : {}),
      });
      if (spec.cron && this.options.schedules !== false)
        await this.boss.schedule(spec.name, spec.cron, {}, { tz: "UTC", retryLimit: 0 });
    }
    if (this.options.work !== false) {
      for (const spec of this.specs.values()) {
        const ids: string[] = [];
        for (let i = 0; i < (spec.concurrency ?? 1); i++) {
          ids.push(
            await this.boss.work<unknown>(
              spec.name,
              {
                includeMetadata: true,
                batchSize: 1,
                pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 2,
              },
              (jobs) => this.run(spec, jobs),
            ),
          );
        }
        this.workers.set(spec.name, ids);
      }
    }
    this.options.pool.on("release", this.onRelease);
    this.started = true;
  }

  private async run(
    spec: QueueSpec<unknown> & { name: string },
    jobs: PgBoss.JobWithMetadata<unknown>[],
  ): Promise<void> {
    // pg-boss waits a polling interval after every fetch, even one that found work: a queue with
    // jobs waiting is looked at again at once (an empty fetch then falls back to polling).
    if (jobs.length > 0) this.wake(spec.name);
    for (const job of jobs) {
      let data: unknown;
      try {
        data = this.checked(spec.name, job.data);
      } catch (err) {
        // Not the handler's to see: the job fails (each try says why), its data kept for inspection.
        this.options.log.error(
          { err, job: { queue: spec.name, id: job.id, data: job.data, try: job.retryCount + 1 } },
          `job ${spec.name} not run: its payload does not match its schema`,
        );
        throw err;
      }
      try {
        await spec.handler(data, { id: job.id, retryCount: job.retryCount, retryLimit: job.retryLimit });
      } catch (err) {
        const last = job.retryCount >= job.retryLimit;
        const failures = this.failures.get(spec.name) ?? { retried: 0, final: 0 };
        if (last) failures.final++;
        else failures.retried++;
        this.failures.set(spec.name, failures);
        const entry = { err, job: { queue: spec.name, id: job.id, data: job.data, try: job.retryCount + 1 } };
        if (last) this.options.log.error(entry, `job ${spec.name} failed for good after its last try`);
        else this.options.log.warn(entry, `job ${spec.name} failed; it will be retried`);
        throw err;
      }
    }
  }

  /**
   * Sends a job in the caller's transaction: it is created if and only if that commits. When
   * `c` is a pool client, this node's worker looks for it as soon as the client is released.
   */
  async send<T extends object>(
    c: Queryable,
    job: string | JobDef<T>,
    data: T,
    options: { startAfter?: Date; retryLimit?: number } = {},
  ): Promise<string | null> {
    const name = nameOf(job as string | JobDef<unknown>);
    if (!this.specs.has(name)) throw new Error(`unknown job queue ${name}`);
    this.checked(name, data);
    const id = await this.boss.send(name, data, {
      ...options,
      db: { executeSql: (text, values) => c.query(text, values) },
    });
    // pg-boss creates nothing for a queue it does not know: never let that pass silently.
    if (!id) throw new Error(`job ${name} was not created (is the queue started?)`);
    let names = this.pending.get(c);
    if (!names) {
      names = new Set();
      this.pending.set(c, names);
    }
    names.add(name);
    // A pool (no transaction) releases nothing we can see: it is already committed.
    if (!("release" in c)) this.onRelease(undefined, c);
    return id;
  }

  /**
   * Sends many jobs of one queue in the caller's transaction, in one statement (the queue's retry
   * policy applies, as with `send`): a batch of e-mails costs one round trip, not one each.
   */
  async sendMany<T extends object>(c: Queryable, job: string | JobDef<T>, data: T[]): Promise<void> {
    const name = nameOf(job as string | JobDef<unknown>);
    if (!this.specs.has(name)) throw new Error(`unknown job queue ${name}`);
    for (const d of data) this.checked(name, d);
    if (data.length === 0) return;
    await this.boss.insert(
      data.map((d) => ({ name, data: d })),
      { db: { executeSql: (text, values) => c.query(text, values) } },
    );
    let names = this.pending.get(c);
    if (!names) {
      names = new Set();
      this.pending.set(c, names);
    }
    names.add(name);
    if (!("release" in c)) this.onRelease(undefined, c);
  }

  /** Makes this node's workers of `name` look for jobs now instead of at their next poll. */
  wake(name: string): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  /**
   * Resolves once no job of ours waits or runs (for tests and the benchmark): polls the queue
   * table, waking the workers each round. Jobs waiting for a retry later than `horizonMs` from now
   * are not waited for.
   */
  async settle(timeoutMs = 30_000, horizonMs = 0): Promise<void> {
    const schema = this.options.schema ?? "pgboss";
    const names = [...this.specs.keys()].filter((n) => !this.specs.get(n)?.cron);
    const until = Date.now() + timeoutMs;
    for (;;) {
      const { rows } = await this.options.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM "${schema}".job WHERE name = ANY($1::text[])
           AND (state = 'active' OR (state IN ('created', 'retry') AND start_after < now() + make_interval(secs => $2)))`,
        [names, horizonMs / 1000],
      );
      if (Number(rows[0]?.n) === 0) return;
      if (Date.now() > until) throw new Error(`jobs still pending after ${timeoutMs} ms`);
      for (const n of names) this.wake(n);
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  /**
   * Retention (decision 036), beside pg-boss's own upkeep: jobs finished, failed or cancelled
   * before `cutoff` are deleted, archived or not. Their data are ids, but their history is no
   * use after JOB_HISTORY_DAYS. Returns how many.
   */
  async pruneHistory(cutoff: Date): Promise<number> {
    const schema = this.options.schema ?? "pgboss";
    // By when it finished (pg-boss archives on its own clock, 12 hours after).
    const archived = await this.options.pool.query(
      `DELETE FROM "${schema}".archive WHERE coalesce(completed_on, archived_on) < $1`,
      [cutoff],
    );
    const done = await this.options.pool.query(
      `DELETE FROM "${schema}".job WHERE state IN ('completed', 'failed', 'cancelled') AND completed_on < $1`,
      [cutoff],
    );
    return (archived.rowCount ?? 0) + (done.rowCount ?? 0);
  }

  /** Jobs of `name` in each state, for health and tests. */
  async counts(job: string | JobDef<unknown>): Promise<Record<string, number>> {
    const schema = this.options.schema ?? "pgboss";
    const { rows } = await this.options.pool.query<{ state: string; n: string }>(
      `SELECT state, count(*) AS n FROM "${schema}".job WHERE name = $1 GROUP BY state`,
      [nameOf(job)],
    );
    return Object.fromEntries(rows.map((r) => [r.state, Number(r.n)]));
  }

  /** Every declared queue's jobs now, in one query (for /metrics, which caches it). */
  async stats(): Promise<QueueStats[]> {
    const schema = this.options.schema ?? "pgboss";
    const names = [...this.specs.keys()];
    const { rows } = await this.options.pool.query<{
      name: string;
      waiting: number;
      active: number;
      failed: number;
      oldest: number | null;
    }>(
      `SELECT name,
         count(*) FILTER (WHERE state IN ('created', 'retry') AND start_after <= now())::int AS waiting,
         count(*) FILTER (WHERE state = 'active')::int AS active,
         count(*) FILTER (WHERE state = 'failed')::int AS failed,
         extract(epoch FROM now() - min(start_after)
           FILTER (WHERE state IN ('created', 'retry') AND start_after <= now()))::float8 AS oldest
       FROM "${schema}".job WHERE name = ANY($1::text[]) GROUP BY name`,
      [names],
    );
    const byName = new Map(rows.map((r) => [r.name, r]));
    return names.map((name) => {
      const r = byName.get(name);
      return {
        name,
        waiting: r?.waiting ?? 0,
        active: r?.active ?? 0,
        failed: r?.failed ?? 0,
        oldestWaitingSeconds: Math.max(0, r?.oldest ?? 0),
      };
    });
  }

  /** Stops taking jobs, lets running ones finish (up to `graceMs`), then closes. */
  async stop(graceMs = 8_000): Promise<void> {
    this.stopping = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (!this.started) return;
    this.started = false;
    this.options.pool.off("release", this.onRelease);
    await this.boss
      .stop({ graceful: true, wait: true, close: true, timeout: graceMs })
      .catch((err: unknown) => {
        this.options.log.warn({ err }, "job queue: could not stop cleanly");
      });
  }
}
