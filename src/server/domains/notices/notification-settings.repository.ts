import type { ChosenKind, NoticeChannels } from "../../../shared/contracts/preferences";
import type { Queryable, RowOf } from "../../db/rows";
import type { notificationSettings } from "../../db/schema/preferences";

/** The notification_settings table (decision 019): how each person is told each kind of notice. */

export type SettingsRow = Pick<RowOf<typeof notificationSettings>, "user_id" | "canais" | "hora_resumo">;

export async function settingsOf(c: Queryable, userIds: string[]): Promise<SettingsRow[]> {
  if (userIds.length === 0) return [];
  const { rows } = await c.query<SettingsRow>(
    "SELECT user_id, canais, hora_resumo FROM notification_settings WHERE user_id = ANY($1::text[])",
    [userIds],
  );
  return rows;
}

export async function saveSettings(
  c: Queryable,
  userId: string,
  canais: NoticeChannels,
  horaResumo: number,
): Promise<void> {
  await c.query(
    `INSERT INTO notification_settings (user_id, canais, hora_resumo) VALUES ($1, $2, $3)
     ON CONFLICT (user_id) DO UPDATE SET canais = EXCLUDED.canais, hora_resumo = EXCLUDED.hora_resumo, updated_at = now()`,
    [userId, JSON.stringify(canais), horaResumo],
  );
}

/** The people whose digest goes out at `hour` and the kinds they get in it. */
export async function digestReaders(
  c: Queryable,
  hour: number,
  kinds: readonly ChosenKind[],
): Promise<Pick<SettingsRow, "user_id" | "canais">[]> {
  const { rows } = await c.query<Pick<SettingsRow, "user_id" | "canais">>(
    `SELECT user_id, canais FROM notification_settings
      WHERE hora_resumo = $1 AND EXISTS (SELECT 1 FROM unnest($2::text[]) k WHERE canais ->> k = 'digest')`,
    [hour, kinds],
  );
  return rows;
}

/** The language each of these people uses the app in (pt-BR for one never seen). */
export async function languagesOf(c: Queryable, userIds: string[]): Promise<Map<string, "pt-BR" | "en">> {
  if (userIds.length === 0) return new Map();
  const { rows } = await c.query<{ user_id: string; language: "pt-BR" | "en" }>(
    "SELECT user_id, language FROM notification_settings WHERE user_id = ANY($1::text[])",
    [userIds],
  );
  return new Map(rows.map((r) => [r.user_id, r.language]));
}

/**
 * Records the language a person uses (decision 048), writing only when it changed. A person with no
 * settings yet gets a row with no channel chosen, which reads as the defaults.
 */
export async function recordLanguage(c: Queryable, userId: string, language: "pt-BR" | "en"): Promise<void> {
  await c.query(
    `INSERT INTO notification_settings (user_id, canais, language) VALUES ($1, '{}', $2)
     ON CONFLICT (user_id) DO UPDATE SET language = EXCLUDED.language
       WHERE notification_settings.language IS DISTINCT FROM EXCLUDED.language`,
    [userId, language],
  );
}

/** An account deleted (decision 022). */
export async function deleteSettingsOf(c: Queryable, userId: string): Promise<void> {
  await c.query("DELETE FROM notification_settings WHERE user_id = $1", [userId]);
}
