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
  | "inspection.changed"
  | "rent.changed"
  | "message.created"
  | "message.read"
  | "document.ready"
  | "notice.created"
  | "notice.read"
  | "preferences.changed"
  | "privacy.changed"
  | "resync"
  | "session.ended";

export interface LiveEvent {
  id: number;
  userId: string;
  type: LiveEventType;
  paths: string[];
  data: Record<string, unknown>;
  /** The oldest transaction still running when it was written (xid8, decimal; decision 035). */
  horizon: string;
  /** When it was written, in seconds since 1970. */
  at: number;
}

/**
 * Where a client stands (decision 035): it has every event of a transaction older than `horizon`
 * (an xid8). `at` (seconds since 1970) says when, so a cursor older than the retention, whose
 * events may be gone, refetches everything instead of replaying what is left.
 */
export interface LiveCursor {
  horizon: bigint;
  at: number;
}

const XID8_MAX = 2n ** 64n - 1n;

/** The SSE id a cursor travels as: `<horizon>.<at>`. Anything else (an old client's id) is null. */
export function parseCursor(text: string | undefined | null): LiveCursor | null {
  const m = text ? /^(\d{1,20})\.(\d{1,12})$/.exec(text) : null;
  const horizon = m ? BigInt(m[1] as string) : null;
  return m && horizon !== null && horizon <= XID8_MAX ? { horizon, at: Number(m[2]) } : null;
}

export function formatCursor(c: LiveCursor): string {
  return `${c.horizon}.${c.at}`;
}

/** The later of two cursors: a stream's position only moves forward. */
export function laterCursor(a: LiveCursor, b: LiveCursor): LiveCursor {
  return b.horizon > a.horizon ? b : a;
}

/** What a reconnect replays: the events, or null when too many (or too old) to replay; and where it then stands. */
export interface Replay {
  events: LiveEvent[] | null;
  cursor: LiveCursor;
}

/**
 * The most events one reconnect replays; more and the client refetches everything. The overlap
 * grows with the longest-running writing transaction of the cluster (decision 035), so this is
 * well above a person's own events in a few minutes, and its ~0.5 MB fits a stream's buffer.
 */
const REPLAY_LIMIT = 2_000;

/** The columns of a live event as LiveEvent, for SELECT and RETURNING. */
const EVENT_COLUMNS = `id::float8 AS id, user_id AS "userId", type, paths, data, horizon::text AS horizon,
  floor(extract(epoch FROM created_at))::float8 AS at`;

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
  // xid and horizon are the columns' defaults, taken here, inside the change's transaction.
  const { rows } = await c.query<LiveEvent>(
    `INSERT INTO live_events (user_id, type, paths, data)
     SELECT u, t, p, d FROM unnest($1::text[], $2::text[], $3::jsonb[], $4::jsonb[]) AS x(u, t, p, d)
     RETURNING ${EVENT_COLUMNS}`,
    [
      list.map((e) => e.userId),
      list.map((e) => e.type),
      list.map((e) => JSON.stringify(e.paths)),
      list.map((e) => JSON.stringify(e.data ?? {})),
    ],
  );
  const payloads = rows.map((r) => {
    const full = JSON.stringify(r);
    return Buffer.byteLength(full) <= MAX_PAYLOAD ? full : JSON.stringify({ id: r.id, userId: r.userId });
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
  private queue: Promise<void> = Promise.resolve();
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
      const payload = message.payload;
      if (message.channel !== LIVE_CHANNEL || !payload) return;
      // One at a time, in the order PostgreSQL announces them (its commit order): an event read
      // back by id must not let a later one overtake it, or a stream's cursor (decision 035)
      // would pass an event the client never got.
      this.queue = this.queue
        .then(() => this.dispatch(payload))
        .catch((err: unknown) => {
          this.options.log.warn({ err }, "live events: could not deliver an event");
        });
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
      try {
        const { rows } = await this.pool.query<LiveEvent>(
          `SELECT ${EVENT_COLUMNS} FROM live_events WHERE id = $1`,
          [event.id],
        );
        full = rows[0] ?? null;
      } catch (err) {
        // Not delivered, and the next event would move the streams' cursors past it: they refetch.
        this.options.log.warn({ err }, "live events: could not read an event back; streams refetch");
        for (const c of targets) c.resync();
        return;
      }
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

  /**
   * The user's events a client at `cursor` may not have (decision 035): those of every transaction
   * not older than its horizon, oldest id first, some of which it has (it drops those by id). Read
   * in one statement with the horizon of that statement's own snapshot, which is where the client
   * then stands: what commits later comes live. `events` is null when there are more than `limit`,
   * or when the cursor is older than `keptSeconds` (those events may have been pruned).
   */
  async missed(
    userId: string,
    cursor: LiveCursor,
    keptSeconds: number,
    limit = REPLAY_LIMIT,
  ): Promise<Replay> {
    const { rows } = await this.pool.query<{ horizon: string; at: number; events: LiveEvent[] | null }>(
      `SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon,
         floor(extract(epoch FROM now()))::float8 AS at,
         CASE WHEN $3::bigint > extract(epoch FROM now()) - $4::int THEN
           (SELECT coalesce(json_agg(e ORDER BY e.id), '[]') FROM (
             SELECT ${EVENT_COLUMNS} FROM live_events
             WHERE user_id = $1 AND xid >= $2::text::xid8 ORDER BY id LIMIT $5) e)
         END AS events`,
      [userId, cursor.horizon.toString(), cursor.at, keptSeconds, limit + 1],
    );
    const row = rows[0] as { horizon: string; at: number; events: LiveEvent[] | null };
    const events = row.events && row.events.length <= limit ? row.events : null;
    return { events, cursor: { horizon: BigInt(row.horizon), at: row.at } };
  }

  /** Where a client starting now stands: nothing before this is owed to it. */
  async here(): Promise<LiveCursor> {
    const { rows } = await this.pool.query<{ horizon: string; at: number }>(
      "SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon, floor(extract(epoch FROM now()))::float8 AS at",
    );
    const row = rows[0] as { horizon: string; at: number };
    return { horizon: BigInt(row.horizon), at: row.at };
  }

  /**
   * Which of these sessions still hold (issue 28): a session revoked, ended by a password change or
   * a deletion request, or gone with its erased account is not among them.
   */
  async sessionsAlive(sessionIds: string[]): Promise<Set<string>> {
    if (sessionIds.length === 0) return new Set();
    const { rows } = await this.pool.query<{ id: string }>(
      "SELECT id FROM sessions WHERE id = ANY($1::text[]) AND expires_at > now()",
      [sessionIds],
    );
    return new Set(rows.map((r) => r.id));
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
