import type { NoticeKind } from "../../../shared/contracts/preferences";
import type { Queryable, RowOf } from "../../db/rows";
import type { notifications } from "../../db/schema/preferences";

/** The notifications table (decisions 019 and 048): the notices of the bell. */

export type NoticeRow = Pick<
  RowOf<typeof notifications>,
  "id" | "kind" | "title" | "body" | "path" | "text_key" | "params" | "created_at" | "read_at"
>;

export interface NewNotice {
  id: string;
  userId: string;
  kind: NoticeKind;
  /** pt-BR words: what the data export shows (and the bell, for a notice with no `textKey`). */
  title: string;
  body: string;
  path: string;
  /** The notice as data (decision 048): read in each reader's language. */
  textKey: string | null;
  params: NoticeRow["params"];
  /** The same `dedupe` for the same person is kept once. */
  dedupe: string;
}

/** Inserts the notices not given before; returns those inserted (id and person). */
export async function insertNotices(
  c: Queryable,
  notices: NewNotice[],
): Promise<{ id: string; user_id: string }[]> {
  if (notices.length === 0) return [];
  const { rows } = await c.query<{ id: string; user_id: string }>(
    `INSERT INTO notifications (id, user_id, kind, title, body, path, dedupe, text_key, params)
       SELECT id, user_id, kind, title, body, path, dedupe, text_key, params::jsonb
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[])
           AS n(id, user_id, kind, title, body, path, dedupe, text_key, params)
     ON CONFLICT (user_id, dedupe) DO NOTHING RETURNING id, user_id`,
    [
      notices.map((n) => n.id),
      notices.map((n) => n.userId),
      notices.map((n) => n.kind),
      notices.map((n) => n.title),
      notices.map((n) => n.body),
      notices.map((n) => n.path),
      notices.map((n) => n.dedupe),
      notices.map((n) => n.textKey),
      notices.map((n) => (n.params ? JSON.stringify(n.params) : null)),
    ],
  );
  return rows;
}

export async function markEmailed(c: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await c.query("UPDATE notifications SET emailed_at = now() WHERE id = ANY($1::uuid[])", [ids]);
}

/**
 * The notices these people get in their digest: unread, not e-mailed yet, of the last two days, of
 * a kind each chose the digest for. Locked (SKIP LOCKED: two runs never take the same notice),
 * grouped by person, oldest first.
 */
export async function digestNotices(
  c: Queryable,
  userIds: string[],
): Promise<(NoticeRow & { user_id: string })[]> {
  const { rows } = await c.query<NoticeRow & { user_id: string }>(
    `SELECT n.id, n.user_id, n.kind, n.title, n.body, n.path, n.text_key, n.params, n.created_at, n.read_at
       FROM notifications n JOIN notification_settings s ON s.user_id = n.user_id
      WHERE n.user_id = ANY($1::text[]) AND s.canais ->> n.kind = 'digest'
        AND n.emailed_at IS NULL AND n.read_at IS NULL AND n.created_at > now() - interval '2 days'
      ORDER BY n.user_id, n.created_at, n.id FOR UPDATE OF n SKIP LOCKED`,
    [userIds],
  );
  return rows;
}

export async function noticesOf(c: Queryable, userId: string, limit: number): Promise<NoticeRow[]> {
  const { rows } = await c.query<NoticeRow>(
    `SELECT id, kind, title, body, path, text_key, params, created_at, read_at FROM notifications
      WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2`,
    [userId, limit],
  );
  return rows;
}

export async function unreadCount(c: Queryable, userId: string): Promise<number> {
  const { rows } = await c.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM notifications WHERE user_id = $1 AND read_at IS NULL",
    [userId],
  );
  return rows[0]?.n ?? 0;
}

/** Marks one of the person's notices read; false when it is not theirs (or does not exist). */
export async function markRead(c: Queryable, userId: string, id: string): Promise<boolean> {
  const r = await c.query(
    "UPDATE notifications SET read_at = coalesce(read_at, now()) WHERE id = $1 AND user_id = $2",
    [id, userId],
  );
  return (r.rowCount ?? 0) > 0;
}

export async function markAllRead(c: Queryable, userId: string): Promise<void> {
  await c.query("UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL", [userId]);
}

/** Marks the person's notices about one screen read (they opened it); whether any was unread. */
export async function markReadAbout(c: Queryable, userId: string, path: string): Promise<boolean> {
  const r = await c.query(
    "UPDATE notifications SET read_at = now() WHERE user_id = $1 AND path = $2 AND read_at IS NULL",
    [userId, path],
  );
  return (r.rowCount ?? 0) > 0;
}

/** The account with this e-mail (as typed in any case), if any has proved it owns it. */
export async function userWithEmail(c: Queryable, email: string): Promise<string | null> {
  const { rows } = await c.query<{ id: string }>(
    "SELECT id FROM users WHERE lower(email) = lower($1) AND email_verified",
    [email],
  );
  return rows[0]?.id ?? null;
}

/** An account deleted (decision 022). */
export async function deleteNoticesOf(c: Queryable, userId: string): Promise<void> {
  await c.query("DELETE FROM notifications WHERE user_id = $1", [userId]);
}

/**
 * Retention (decision 036): the notices older than `cutoff` go, read or not (the bell shows the
 * newest; what they told about stays on its own screen). Returns how many.
 */
export async function pruneNotices(c: Queryable, cutoff: Date): Promise<number> {
  const { rowCount } = await c.query("DELETE FROM notifications WHERE created_at < $1", [cutoff]);
  return rowCount ?? 0;
}
