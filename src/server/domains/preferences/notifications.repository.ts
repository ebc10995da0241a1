import type { NoticeKind } from "../../../shared/contracts/preferences";
import type { Queryable, RowOf } from "../../db/rows";
import type { notifications } from "../../db/schema/preferences";

/** The notifications table (decision 019): the notices of the bell. */

export type NoticeRow = Pick<
  RowOf<typeof notifications>,
  "id" | "kind" | "title" | "body" | "path" | "created_at" | "read_at"
>;

export interface NewNotice {
  id: string;
  userId: string;
  kind: NoticeKind;
  title: string;
  body: string;
  path: string;
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
    `INSERT INTO notifications (id, user_id, kind, title, body, path, dedupe)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
     ON CONFLICT (user_id, dedupe) DO NOTHING RETURNING id, user_id`,
    [
      notices.map((n) => n.id),
      notices.map((n) => n.userId),
      notices.map((n) => n.kind),
      notices.map((n) => n.title),
      notices.map((n) => n.body),
      notices.map((n) => n.path),
      notices.map((n) => n.dedupe),
    ],
  );
  return rows;
}

export async function markEmailed(c: Queryable, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await c.query("UPDATE notifications SET emailed_at = now() WHERE id = ANY($1::uuid[])", [ids]);
}

/** The person's unread notices of these kinds not e-mailed yet (the last two days), oldest first, locked. */
export async function notEmailed(c: Queryable, userId: string, kinds: string[]): Promise<NoticeRow[]> {
  const { rows } = await c.query<NoticeRow>(
    `SELECT id, kind, title, body, path, created_at, read_at FROM notifications
      WHERE user_id = $1 AND kind = ANY($2::text[]) AND emailed_at IS NULL AND read_at IS NULL
        AND created_at > now() - interval '2 days'
      ORDER BY created_at, id FOR UPDATE SKIP LOCKED`,
    [userId, kinds],
  );
  return rows;
}

export async function noticesOf(c: Queryable, userId: string, limit: number): Promise<NoticeRow[]> {
  const { rows } = await c.query<NoticeRow>(
    `SELECT id, kind, title, body, path, created_at, read_at FROM notifications
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
