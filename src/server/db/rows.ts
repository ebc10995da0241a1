import type { InferInsertModel, InferSelectModel, Table } from "drizzle-orm";
import type pg from "pg";

/** A pool or a client inside a transaction: what a repository function runs its SQL on. */
export type Queryable = Pick<pg.PoolClient, "query">;

/**
 * A row of `table` as raw SQL returns it: the schema's column names (snake_case) and types, so a
 * repository's `pool.query<RowOf<typeof offers>>()` is typed by the schema it reads, not by hand.
 * Columns the schema narrows with `$type<>()` (statuses, jsonb shapes) arrive narrowed.
 */
export type RowOf<T extends Table> = InferSelectModel<T, { dbColumnNames: true }>;

/** What an INSERT into `table` may carry, under the column names. */
export type NewRowOf<T extends Table> = InferInsertModel<T, { dbColumnNames: true }>;
