import { readMigrationFiles } from "drizzle-orm/migrator";
import type pg from "pg";
import { migrationsFolder } from "../../db/client";

/**
 * Whether the database has this build's migrations (decision 027): drizzle's migrator records
 * each applied migration in drizzle.__drizzle_migrations with its folder's time, and applies
 * those newer than the newest recorded; so the newest migration of this build is applied when a
 * row is at least as new. A database migrated by a newer build passes too.
 */
export class MigrationsRepository {
  /** The newest migration's time in this build (read once: the files do not change while running). */
  private readonly newest = Math.max(
    0,
    ...readMigrationFiles({ migrationsFolder }).map((m) => m.folderMillis),
  );
  /** Once applied, a migration stays applied: asked until then, not after. */
  private applied = false;

  constructor(private readonly pool: pg.Pool) {}

  /**
   * True when applied, false when not (or when drizzle's table is not even there); throws when
   * the database could not be asked.
   */
  async isUpToDate(timeoutMs: number): Promise<boolean> {
    if (this.applied) return true;
    // node-postgres reads query_timeout from the query's config too; its types do not say so.
    const query: pg.QueryConfig & { query_timeout: number } = {
      text: "SELECT EXISTS (SELECT 1 FROM drizzle.__drizzle_migrations WHERE created_at >= $1) AS ok",
      values: [this.newest],
      query_timeout: timeoutMs,
    };
    try {
      const { rows } = await this.pool.query<{ ok: boolean }>(query as pg.QueryConfig);
      this.applied = rows[0]?.ok === true;
      return this.applied;
    } catch (err) {
      // 3F000: no such schema; 42P01: no such table. The database answered: nothing was migrated.
      const code = (err as { code?: unknown }).code;
      if (code === "3F000" || code === "42P01") return false;
      throw err;
    }
  }
}
