import type { Queryable, RowOf } from "../db/rows";
import type { users } from "../db/schema/auth";

/**
 * The users table (decision 019). better-auth owns the account's life (sign-up, sessions,
 * passwords); Chave writes only the name a person changes in /Config and the demo accounts.
 * Other repositories join users to read a name or an e-mail.
 */
type UserRow = RowOf<typeof users>;

export async function renameUser(
  c: Queryable,
  userId: string,
  name: string,
): Promise<Pick<UserRow, "id" | "name" | "email"> | undefined> {
  const { rows } = await c.query<Pick<UserRow, "id" | "name" | "email">>(
    "UPDATE users SET name = $2, updated_at = now() WHERE id = $1 RETURNING id, name, email",
    [userId, name],
  );
  return rows[0];
}

/** The account e-mails of these users, in no particular order. */
export async function emailsOf(c: Queryable, userIds: string[]): Promise<string[]> {
  const { rows } = await c.query<Pick<UserRow, "email">>(
    "SELECT email FROM users WHERE id = ANY($1::text[])",
    [userIds],
  );
  return rows.map((r) => r.email);
}

/** Demo accounts, confirmed like every account made before e-mail confirmation (decision 015). */
export async function insertConfirmedUsers(
  c: Queryable,
  accounts: Pick<UserRow, "id" | "name" | "email">[],
): Promise<void> {
  await c.query(
    `INSERT INTO users (id, name, email, email_verified)
     SELECT *, true FROM unnest($1::text[], $2::text[], $3::text[])
     ON CONFLICT (id) DO NOTHING`,
    [accounts.map((a) => a.id), accounts.map((a) => a.name), accounts.map((a) => a.email)],
  );
}

/**
 * An account deleted (LGPD, decision 022): the row stays, for the contracts the other parties
 * keep, with nothing left that names the person; nobody can sign in to it.
 */
export async function anonymiseUser(c: Queryable, userId: string): Promise<void> {
  await c.query(
    `UPDATE users SET name = 'Conta excluída', email = 'excluida-' || id || '@conta-excluida.invalid',
            email_verified = false, image = NULL, updated_at = now() WHERE id = $1`,
    [userId],
  );
}

/** The hash of the person's password (better-auth's credential account), to confirm it is them. */
export async function passwordHashOf(c: Queryable, userId: string): Promise<string | null> {
  const { rows } = await c.query<{ password: string | null }>(
    "SELECT password FROM accounts WHERE user_id = $1 AND provider_id = 'credential'",
    [userId],
  );
  return rows[0]?.password ?? null;
}

/**
 * A sign-up on an address whose account was never confirmed (pre-account takeover, OWASP ASVS
 * 2.5): the account takes the password hash and name just given, and any session it had ends.
 * better-auth writes `accounts` and `sessions` otherwise; this is Chave's one write to them.
 * Nothing happens to a confirmed account. Whether the address had one is not answered.
 */
export async function takeOverUnconfirmed(
  c: Queryable,
  email: string,
  name: string,
  passwordHash: string,
): Promise<void> {
  const { rows } = await c.query<Pick<UserRow, "id">>(
    `UPDATE users SET name = coalesce(nullif($2, ''), name), updated_at = now()
      WHERE email = $1 AND NOT email_verified RETURNING id`,
    [email, name],
  );
  const user = rows[0];
  if (!user) return;
  await c.query(
    "UPDATE accounts SET password = $2, updated_at = now() WHERE user_id = $1 AND provider_id = 'credential'",
    [user.id, passwordHash],
  );
  await c.query("DELETE FROM sessions WHERE user_id = $1", [user.id]);
}
