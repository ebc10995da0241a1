import { ERRORS, type Lock, type Locker, type RequestRelease } from "@tus/utils";
import type pg from "pg";

/** The first key of every upload lock, so they never meet the other advisory locks. */
const LOCK_CLASS = 724_310_002;
const RELEASE_CHANNEL = "chave_tus_release";

/**
 * The tus locker on PostgreSQL advisory locks, so two app nodes never write one upload at once.
 * A lock is a session lock held on its own connection: when a node dies, its connection closes
 * and PostgreSQL frees the lock at once. A request that finds the lock taken asks the holder to
 * let go (tus's "request release": the holder's request is ended so the client can resume) with
 * NOTIFY, which reaches the holder on whichever node it runs.
 */
export class PgLocker implements Locker {
  private readonly held = new Map<string, RequestRelease>();
  private listener: pg.PoolClient | undefined;
  private stopped = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: { acquireTimeoutMs?: number; onError?: (err: unknown) => void } = {},
  ) {}

  get acquireTimeoutMs(): number {
    return this.options.acquireTimeoutMs ?? 30_000;
  }

  /** Listens for release requests from the other nodes; keeps trying while the database is away. */
  async start(): Promise<void> {
    try {
      await this.listen();
    } catch (err) {
      this.options.onError?.(err);
      if (!this.stopped) setTimeout(() => void this.start(), 1_000).unref();
    }
  }

  private async listen(): Promise<void> {
    const client = await this.pool.connect();
    client.on("notification", (message) => {
      if (message.channel === RELEASE_CHANNEL && message.payload) void this.releaseLocal(message.payload);
    });
    const reconnect = (err?: unknown) => {
      if (err) this.options.onError?.(err);
      if (this.listener !== client) return;
      this.listener = undefined;
      client.release(true);
      if (!this.stopped) setTimeout(() => void this.start(), 1_000).unref();
    };
    client.on("error", reconnect);
    try {
      await client.query(`LISTEN ${RELEASE_CHANNEL}`);
    } catch (err) {
      client.release(true);
      throw err;
    }
    if (this.stopped) {
      client.release();
      return;
    }
    this.listener = client;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const client = this.listener;
    this.listener = undefined;
    if (client) {
      await client.query(`UNLISTEN ${RELEASE_CHANNEL}`).catch(() => undefined);
      client.release();
    }
  }

  newLock(id: string): Lock {
    return new PgLock(this, this.pool, id);
  }

  /** @internal */
  register(id: string, release: RequestRelease): void {
    this.held.set(id, release);
  }

  /** @internal */
  forget(id: string): void {
    this.held.delete(id);
  }

  /** @internal Asks whoever holds the lock on id, here or on another node, to release it. */
  async requestRelease(id: string): Promise<void> {
    if (await this.releaseLocal(id)) return;
    await this.pool.query("SELECT pg_notify($1, $2)", [RELEASE_CHANNEL, id]);
  }

  private async releaseLocal(id: string): Promise<boolean> {
    const release = this.held.get(id);
    if (!release) return false;
    await release();
    return true;
  }
}

class PgLock implements Lock {
  private client: pg.PoolClient | undefined;

  constructor(
    private readonly locker: PgLocker,
    private readonly pool: pg.Pool,
    private readonly id: string,
  ) {}

  async lock(stopSignal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.locker.acquireTimeoutMs;
    const client = await this.pool.connect();
    try {
      let delay = 10;
      let asked = false;
      for (;;) {
        const { rows } = await client.query<{ ok: boolean }>(
          "SELECT pg_try_advisory_lock($1, hashtext($2)) AS ok",
          [LOCK_CLASS, this.id],
        );
        if (rows[0]?.ok) {
          this.client = client;
          this.locker.register(this.id, requestRelease);
          return;
        }
        if (stopSignal.aborted || Date.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
        if (!asked) {
          asked = true;
          await this.locker.requestRelease(this.id);
        }
        await new Promise((resolve) => setTimeout(resolve, delay));
        delay = Math.min(delay * 2, 250);
      }
    } catch (err) {
      client.release();
      throw err;
    }
  }

  async unlock(): Promise<void> {
    const client = this.client;
    if (!client) throw new Error("Releasing an unlocked lock!");
    this.client = undefined;
    this.locker.forget(this.id);
    try {
      await client.query("SELECT pg_advisory_unlock($1, hashtext($2))", [LOCK_CLASS, this.id]);
      client.release();
    } catch (err) {
      // A broken connection has lost its locks with it; drop it from the pool.
      client.release(err instanceof Error ? err : true);
    }
  }
}
