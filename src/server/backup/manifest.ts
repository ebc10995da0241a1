import { z } from "zod";

/*
 * The archive of `npm run backup` (docs/decisions/028-backups.md): a gzip'd tar whose entries are
 * `data/<path relative to DATA_DIR>` (the cluster under `data/db/`, wherever it runs from) and,
 * last, `manifest.json`, which names every file with its size and SHA-256.
 */

/** The archive's prefix for DATA_DIR's contents. */
export const DATA_PREFIX = "data/";
/** The last entry of the archive. */
export const MANIFEST_ENTRY = "manifest.json";
/** Where the cluster sits in the archive (relative to DATA_DIR), whatever folder it ran from. */
export const CLUSTER_PATH = "db";

export const manifestFile = z.object({
  /** Relative to DATA_DIR, with `/` separators. */
  path: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type ManifestFile = z.infer<typeof manifestFile>;

export const manifestSchema = z.object({
  format: z.literal("chave-backup"),
  version: z.literal(1),
  createdAt: z.string(),
  /** The DATA_DIR it was taken from, for the operator's information only. */
  source: z.string(),
  postgres: z.object({
    serverVersion: z.string(),
    /** pg_backup_start's and pg_backup_stop's positions in the WAL. */
    startLsn: z.string(),
    stopLsn: z.string(),
    /** The WAL segments in `db/pg_wal` that recovery replays from the start to the stop. */
    walSegments: z.array(z.string()),
  }),
  files: z.array(manifestFile),
  /** What the archive does not hold and the operator must keep by other means. */
  notes: z.array(z.string()),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** A relative path inside the archive that stays inside its folder: no `..`, no absolute path. */
export function isSafeRelative(p: string): boolean {
  if (p === "" || p.startsWith("/") || p.includes("\\") || p.includes("\0")) return false;
  return p.split("/").every((part) => part !== ".." && part !== ".");
}
