import type { Queryable, RowOf } from "../../db/rows";
import type { agencyInvitations } from "../../db/schema/agencies";
import type { users } from "../../db/schema/auth";

/** The agency_invitations table (decision 059): invitations to join, by e-mail. */
export type AgencyInvitation = RowOf<typeof agencyInvitations>;
type WithInviter = AgencyInvitation & { inviter: RowOf<typeof users>["name"] | null };

/** Invites `email` (lower case) as `role`, replacing an earlier invitation to the same e-mail. */
export async function upsertInvitation(
  c: Queryable,
  i: Pick<AgencyInvitation, "id" | "agency_id" | "email" | "role" | "invited_by" | "expires_at">,
): Promise<void> {
  await c.query(
    `INSERT INTO agency_invitations (id, agency_id, email, role, invited_by, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (agency_id, email) DO UPDATE SET id = $1, role = $4, invited_by = $5, expires_at = $6,
       created_at = now()`,
    [i.id, i.agency_id, i.email, i.role, i.invited_by, i.expires_at],
  );
}

export async function invitationsOf(c: Queryable, agencyId: string, now: Date): Promise<WithInviter[]> {
  const { rows } = await c.query<WithInviter>(
    `SELECT i.*, u.name AS inviter FROM agency_invitations i LEFT JOIN users u ON u.id = i.invited_by
     WHERE i.agency_id = $1 AND i.expires_at > $2 ORDER BY i.created_at`,
    [agencyId, now],
  );
  return rows;
}

/** The invitations addressed to `email` that have not expired, with the agency's name. */
export async function invitationsTo(
  c: Queryable,
  email: string,
  now: Date,
): Promise<(WithInviter & { razao_social: string; nome_fantasia: string | null })[]> {
  const { rows } = await c.query<WithInviter & { razao_social: string; nome_fantasia: string | null }>(
    `SELECT i.*, u.name AS inviter, a.razao_social, a.nome_fantasia
       FROM agency_invitations i JOIN agencies a ON a.id = i.agency_id LEFT JOIN users u ON u.id = i.invited_by
     WHERE lower(i.email) = lower($1) AND i.expires_at > $2 ORDER BY i.created_at`,
    [email, now],
  );
  return rows;
}

/** One invitation, locked for the caller's transaction. */
export async function lockedInvitation(c: Queryable, id: string): Promise<AgencyInvitation | undefined> {
  const { rows } = await c.query<AgencyInvitation>(
    "SELECT * FROM agency_invitations WHERE id = $1 FOR UPDATE",
    [id],
  );
  return rows[0];
}

export async function deleteInvitation(c: Queryable, id: string): Promise<void> {
  await c.query("DELETE FROM agency_invitations WHERE id = $1", [id]);
}
