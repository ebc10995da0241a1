import type { KvStore } from "@tus/utils";
import type pg from "pg";

/**
 * A tus KvStore in PostgreSQL, so every app node sees the same upload records (the file store's
 * configstore and the S3 store's metadata cache would otherwise live on one disk or in one
 * node's memory).
 */
export class PgKvStore<T> implements KvStore<T> {
  constructor(
    private readonly pool: pg.Pool,
    private readonly namespace: string,
  ) {}

  async get(key: string): Promise<T | undefined> {
    const { rows } = await this.pool.query<{ value: T }>(
      "SELECT value FROM kv_store WHERE namespace = $1 AND key = $2",
      [this.namespace, key],
    );
    return rows[0]?.value;
  }

  async set(key: string, value: T): Promise<void> {
    await this.pool.query(
      `INSERT INTO kv_store (namespace, key, value, updated_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (namespace, key) DO UPDATE SET value = EXCLUDED.value, updated_at = now()`,
      [this.namespace, key, JSON.stringify(value)],
    );
  }

  async delete(key: string): Promise<void> {
    await this.pool.query("DELETE FROM kv_store WHERE namespace = $1 AND key = $2", [this.namespace, key]);
  }

  async list(): Promise<string[]> {
    const { rows } = await this.pool.query<{ key: string }>("SELECT key FROM kv_store WHERE namespace = $1", [
      this.namespace,
    ]);
    return rows.map((r) => r.key);
  }
}
