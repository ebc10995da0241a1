import type pg from "pg";
import { AppError } from "../../../../shared/errors";
import { withTransaction } from "../../../db/client";
import type { Queryable } from "../../../db/rows";
import type { ContractsContext } from "../context";

/*
 * A contract's PDF is put in the object store inside the transaction that records it (the store
 * is not the database: its put cannot wait for the commit). A transaction that rolls back after
 * the put would leave bytes no row names — an orphan nobody lists, counts or deletes (issue 30,
 * item 6). `withDocumentFiles` is the transaction for every step that stores one: the files its
 * work stored are noted, and removed from the store when the work rolls back. A file whose row is
 * found after all (the commit went through and only its answer was lost) is kept.
 */

const stored = new WeakMap<Queryable, string[]>();

/** Notes a file just stored in `c`'s transaction (storeContractPdf calls this). */
export function noteStoredFile(c: Queryable, documentId: string): void {
  stored.get(c)?.push(documentId);
}

/** A transaction whose stored contract files go with it if it rolls back. */
export async function withDocumentFiles<T>(
  ctx: Pick<ContractsContext, "pool" | "storage" | "log">,
  work: (c: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const files: string[] = [];
  try {
    return await withTransaction(ctx.pool, (c) => {
      stored.set(c, files);
      return work(c).finally(() => stored.delete(c));
    });
  } catch (err) {
    for (const id of files) await dropUncommitted(ctx, id);
    throw err;
  }
}

/** Removes a stored file's bytes unless a committed row names it. */
async function dropUncommitted(ctx: Pick<ContractsContext, "storage" | "log">, id: string): Promise<void> {
  try {
    await ctx.storage.documentById(id);
    // The row is there: the commit happened; the bytes are the file's.
    return;
  } catch (err) {
    if (!(err instanceof AppError && err.code === "object-not-found")) {
      // The database cannot say: keeping bytes is safer than losing a committed file's.
      ctx.log.warn({ err, documentId: id }, "contract file kept after a rollback: its row could not be read");
      return;
    }
  }
  await ctx.storage.store.remove(id).catch((err: unknown) => {
    ctx.log.warn({ err, documentId: id }, "contract file of a rolled-back step not removed from the store");
  });
}
