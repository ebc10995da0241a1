import path from "node:path";
import { fileURLToPath } from "node:url";
import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema/index";
import { isConnectionBroken } from "./unavailable";

export type Db = NodePgDatabase<typeof schema>;

export interface Database {
  db: Db;
  pool: pg.Pool;
  url: string;
  /** What the pool was made with, for other pools on the same database (the upload locks). */
  settings: PoolSettings;
  close(): Promise<void>;
}

// A DATE is a calendar day, not an instant: keep it as "2026-12-01" instead of a midnight in some zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);
// A BIGINT is a number, as the schema's bigint({ mode: "number" }) columns say: every one holds
// centavos, bytes or a count, far below 2^53. Without this, node-postgres hands raw SQL a string
// and the row types derived from the schema (db/rows.ts) would lie.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), "migrations");

export interface PoolSettings {
  max?: number;
  /**
   * The longest a statement may run: PostgreSQL cancels it then (statement_timeout, error 57014),
   * and a little later the client gives up on a server that does not answer at all (query_timeout)
   * and the connection is destroyed. Unset: no limit (scripts, migrations).
   */
  statementTimeoutMs?: number;
  /** The longest a caller waits for a connection, free in the pool or new (default 5 s). */
  connectTimeoutMs?: number;
}

/** How much later than the server's statement_timeout the client stops waiting for an answer. */
const CLIENT_TIMEOUT_MARGIN_MS = 500;

/** A node-postgres pool that gives up on a frozen or unreachable server instead of waiting on it. */
export function createPool(url: string, settings: PoolSettings = {}): pg.Pool {
  const statement = settings.statementTimeoutMs;
  const pool = new pg.Pool({
    connectionString: url,
    max: settings.max ?? 10,
    connectionTimeoutMillis: settings.connectTimeoutMs ?? 5_000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
    ...(statement
      ? { statement_timeout: statement, query_timeout: statement + CLIENT_TIMEOUT_MARGIN_MS }
      : {}),
  });
  // An idle client that loses its server must not crash the process; the next query reports it.
  pool.on("error", () => undefined);
  // Nor may a checked-out one (a transaction, an upload's lock): node-postgres emits "error" on
  // it, which would be thrown with no listener. Its queries fail, and it leaves the pool when
  // released (a client that is no longer queryable is never reused).
  pool.on("connect", (client) => client.on("error", () => undefined));
  return pool;
}

export function connectDatabase(url: string, settings: PoolSettings = {}): Database {
  const pool = createPool(url, settings);
  const db = drizzle(pool, { schema, casing: "snake_case" });
  return { db, pool, url, settings, close: () => pool.end() };
}

/**
 * Runs `work` in one transaction on one connection: committed if it returns, rolled back if it
 * throws. A connection that broke or timed out is released with its error, so the pool destroys
 * it: a query that timed out on the client may still be running on it.
 */
export async function withTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query("BEGIN");
    const result = await work(client);
    await client.query("COMMIT");
    return result;
  } catch (err) {
    if (isConnectionBroken(err)) broken = err instanceof Error ? err : new Error(String(err));
    else
      await client.query("ROLLBACK").catch((rollbackErr: unknown) => {
        broken = rollbackErr instanceof Error ? rollbackErr : new Error(String(rollbackErr));
      });
    throw err;
  } finally {
    client.release(broken);
  }
}

const MIGRATION_LOCK = 724_310_001;

/**
 * Applies the drizzle-kit migrations; an advisory lock keeps nodes that start together from racing.
 * On a connection of its own without the statement timeout: a migration, or the wait for another
 * node's, may take longer than any request should.
 */
export async function migrateDatabase(database: Database): Promise<void> {
  const pool = createPool(database.url, { max: 1, connectTimeoutMs: database.settings.connectTimeoutMs });
  try {
    const lock = await pool.connect();
    try {
      await lock.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrate(drizzle(lock, { schema, casing: "snake_case" }), { migrationsFolder });
    } finally {
      await lock.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => undefined);
      lock.release();
    }
  } finally {
    await pool.end();
  }
}
