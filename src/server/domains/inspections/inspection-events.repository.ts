import type { Queryable } from "../../db/rows";
import type { InspectionEventRow } from "./inspections.repository";

/** A report's history (inspection_events): who did what, and when. */

export async function recordInspectionEvent(
  c: Queryable,
  e: { inspection_id: string; actor_id: string | null; action: string; detail?: string | null },
): Promise<void> {
  await c.query(
    `INSERT INTO inspection_events (inspection_id, actor_id, actor_name, action, detail)
     VALUES ($1, $2, COALESCE((SELECT name FROM users WHERE id = $2), 'Chave'), $3, $4)`,
    [e.inspection_id, e.actor_id, e.action, e.detail ?? null],
  );
}

/** Whether the actor's last step on the report was this action, less than `minutes` ago (autosaves). */
export async function recentlyDid(
  c: Queryable,
  inspectionId: string,
  actorId: string,
  action: string,
  minutes: number,
): Promise<boolean> {
  const { rows } = await c.query<{ action: string; actor_id: string | null; recent: boolean }>(
    `SELECT action, actor_id, created_at > now() - make_interval(mins => $2) AS recent
       FROM inspection_events WHERE inspection_id = $1 ORDER BY id DESC LIMIT 1`,
    [inspectionId, minutes],
  );
  const last = rows[0];
  return last !== undefined && last.action === action && last.actor_id === actorId && last.recent;
}

export async function historyOf(c: Queryable, inspectionId: string): Promise<InspectionEventRow[]> {
  const { rows } = await c.query<InspectionEventRow>(
    "SELECT * FROM inspection_events WHERE inspection_id = $1 ORDER BY id",
    [inspectionId],
  );
  return rows;
}
