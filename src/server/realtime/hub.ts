import pg from "pg";

/** What a user may see happen; `paths` are the API paths whose cached reads it makes stale. */
export interface LiveEventInput {
  userId: string;
  type: LiveEventType;
  paths: string[];
  data?: Record<string, unknown>;
}

export type LiveEventType =
  | "proposal.changed"
  | "contract.changed"
  | "signer.changed"
  | "message.created"
  | "message.read"
  | "document.ready"
  | "notice.created"
  | "notice.read"
  | "preferences.changed"
  | "privacy.changed"
  | "resync";

export interface LiveEvent {
  id: number;
  userId: string;
  type: LiveEventType;
  paths: string[];
  data: Record<string, unknown>;
}

type Queryable = Pick<pg.PoolClient, "query">;

export const LIVE_CHANNEL = "chave_live";
/** NOTIFY payloads must stay under 8000 bytes; bigger events go by id and are read back. */
const MAX_PAYLOAD = 7_500;

/**
 * Stores events and announces them with NOTIFY. Called with the transaction of the change they
 * describe, so they are seen if and only if it commits (PostgreSQL delivers NOTIFY at commit).
 */
export async function publish(c: Queryable, events: LiveEventInput[]): Promise<void> {
  const unique = new Map<string, LiveEventInput>();
  for (const e of events) unique.set(`${e.userId}\u0000${e.type}\u0000${JSON.stringify(e.data ?? {})}`, e);
  if (unique.size === 0) return;
  const list = [...unique.values()];
  const { rows } = await c.query<{
    id: string;
    user_id: string;
    type: LiveEventType;
    paths: string[];
    data: Record<string, unknown>;
  }>(
    `INSERT INTO live_events (user_id, type, paths, data)
     SELECT u, t, p, d FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::jsonb[]) AS x(u, t, p, d)
     RETURNING id, user_id, type, paths, data`,
    [
      list.map((e) => e.userId),
      list.map((e) => e.type),
      list.map((e) => JSON.stringify(e.paths)),
      list.map((e) => JSON.stringify(e.data ?? {})),
    ],
  );
  const payloads = rows.map((r) => {
    const full = JSON.stringify({
      id: Number(r.id),
      userId: r.user_id,
      type: r.type,
      paths: r.paths,
      data: r.data,
    });
    return Buffer.byteLength(full) <= MAX_PAYLOAD
      ? full
      : JSON.stringify({ id: Number(r.id), userId: r.user_id });
  });
  await c.query("SELECT pg_notify($1, x) FROM unnest($2::text[]) AS x", [LIVE_CHANNEL, payloads]);
}

export interface LiveConnection {
  userId: string;
  send(event: LiveEvent): void;
  /** Tells the client to refetch everything: events may have been missed. */
  resync(): void;
}

/**
 * One node's fan-out: a dedicated PostgreSQL connection LISTENs on the channel, and each event
 * goes to the connections of its user on this node. Any node may publish; every node delivers.
 */
export class LiveHub {
  private readonly byUser = new Map<string, Set<LiveConnection>>();
  private listener: pg.Client | null = null;
  private stopped = false;
  private retry: NodeJS.Timeout | null = null;
  delivered = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly options: {
      url: string;
      log: { warn(o: unknown, m: string): void; info(o: unknown, m: string): void };
    },
  ) {}

  get connections(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  connectionsOf(userId: string): number {
    return this.byUser.get(userId)?.size ?? 0;
  }

  /** Starts listening; if the database does not answer yet, keeps trying in the background. */
  async start(): Promise<void> {
    try {
      await this.listen();
    } catch (err) {
      this.options.log.warn({ err }, "live events: cannot LISTEN yet; retrying");
      this.reconnect(500);
    }
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.url,
      keepAlive: true,
      application_name: "chave-live",
    });
    client.on("notification", (message) => {
      if (message.channel === LIVE_CHANNEL && message.payload) void this.dispatch(message.payload);
    });
    client.on("error", (err) => this.lost(client, err));
    client.on("end", () => this.lost(client, new Error("connection ended")));
    try {
      await client.connect();
      await client.query(`LISTEN ${LIVE_CHANNEL}`);
    } catch (err) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.stopped) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
      return;
    }
    this.listener = client;
  }

  /** The LISTEN connection broke: reconnect, and have every client refetch what it may have missed. */
  private lost(client: pg.Client, err: unknown) {
    if (this.stopped || this.listener !== client) return;
    this.listener = null;
    client.removeAllListeners("end");
    this.options.log.warn({ err }, "live events: LISTEN connection lost; reconnecting");
    this.reconnect(200);
  }

  private reconnect(first: number) {
    const attempt = (delay: number) => {
      this.retry = setTimeout(() => {
        if (this.stopped) return;
        this.listen()
          .then(() => {
            this.options.log.info({}, "live events: LISTEN connection back");
            for (const set of this.byUser.values()) for (const c of set) c.resync();
          })
          .catch(() => attempt(Math.min(delay * 2, 10_000)));
      }, delay);
      this.retry.unref();
    };
    attempt(first);
  }

  private async dispatch(payload: string) {
    let event: Partial<LiveEvent> & { id: number; userId: string };
    try {
      event = JSON.parse(payload);
    } catch {
      return;
    }
    const targets = this.byUser.get(event.userId);
    if (!targets || targets.size === 0) return;
    let full: LiveEvent | null = event.type ? (event as LiveEvent) : null;
    if (!full) {
      const { rows } = await this.pool.query<LiveEvent>(
        `SELECT id::int AS id, user_id AS "userId", type, paths, data FROM live_events WHERE id = $1`,
        [event.id],
      );
      full = rows[0] ?? null;
      if (!full) return;
    }
    for (const c of targets) {
      c.send(full);
      this.delivered++;
    }
  }

  add(c: LiveConnection): void {
    let set = this.byUser.get(c.userId);
    if (!set) {
      set = new Set();
      this.byUser.set(c.userId, set);
    }
    set.add(c);
  }

  remove(c: LiveConnection): void {
    const set = this.byUser.get(c.userId);
    set?.delete(c);
    if (set && set.size === 0) this.byUser.delete(c.userId);
  }

  /** The user's events after `afterId`, oldest first; `null` when too many were missed to replay. */
  async missed(userId: string, afterId: number, limit = 500): Promise<LiveEvent[] | null> {
    const { rows } = await this.pool.query<LiveEvent>(
      `SELECT id::int AS id, user_id AS "userId", type, paths, data FROM live_events
       WHERE user_id = $1 AND id > $2 ORDER BY id LIMIT $3`,
      [userId, afterId, limit + 1],
    );
    return rows.length > limit ? null : rows;
  }

  /** The newest event id, so that a fresh client can start from now. */
  async latestId(userId: string): Promise<number> {
    const { rows } = await this.pool.query<{ id: number | null }>(
      "SELECT max(id)::int AS id FROM live_events WHERE user_id = $1",
      [userId],
    );
    return rows[0]?.id ?? 0;
  }

  /** Deletes events older than `days`: a client away that long refetches everything instead. */
  async prune(days: number): Promise<number> {
    const { rowCount } = await this.pool.query(
      "DELETE FROM live_events WHERE created_at < now() - make_interval(days => $1)",
      [days],
    );
    return rowCount ?? 0;
  }

  /** An account deleted (decision 022): its pending live events go. */
  async forget(c: Queryable, userId: string): Promise<void> {
    await c.query("DELETE FROM live_events WHERE user_id = $1", [userId]);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    const client = this.listener;
    this.listener = null;
    if (client) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
    }
    this.byUser.clear();
  }
}
