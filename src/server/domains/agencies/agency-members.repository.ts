import type { AgencyRole } from "../../../shared/contracts/agencies";
import type { Queryable, RowOf } from "../../db/rows";
import type { agencyMembers } from "../../db/schema/agencies";
import type { users } from "../../db/schema/auth";

/** The agency_members table (decision 059): who works in an agency, and as what. */
export type AgencyMember = RowOf<typeof agencyMembers>;
export type MemberWithName = AgencyMember & Pick<RowOf<typeof users>, "name" | "email">;

/** `userId`'s membership of `agencyId`, locked with `lock` (undefined: not a member). */
export async function membershipOf(
  c: Queryable,
  agencyId: string,
  userId: string,
  lock = false,
): Promise<AgencyMember | undefined> {
  const { rows } = await c.query<AgencyMember>(
    `SELECT * FROM agency_members WHERE agency_id = $1 AND user_id = $2${lock ? " FOR UPDATE" : ""}`,
    [agencyId, userId],
  );
  return rows[0];
}

/** The agencies `userId` works in, with their names and the role. */
export async function membershipsOf(
  c: Queryable,
  userId: string,
): Promise<(AgencyMember & { razao_social: string; nome_fantasia: string | null })[]> {
  const { rows } = await c.query<AgencyMember & { razao_social: string; nome_fantasia: string | null }>(
    `SELECT m.*, a.razao_social, a.nome_fantasia FROM agency_members m JOIN agencies a ON a.id = m.agency_id
     WHERE m.user_id = $1 ORDER BY a.razao_social`,
    [userId],
  );
  return rows;
}

export async function membersOf(c: Queryable, agencyId: string): Promise<MemberWithName[]> {
  const { rows } = await c.query<MemberWithName>(
    `SELECT m.*, u.name, u.email FROM agency_members m JOIN users u ON u.id = m.user_id
     WHERE m.agency_id = $1 ORDER BY m.joined_at, u.name`,
    [agencyId],
  );
  return rows;
}

/** How many administradores the agency has, locking their rows (the last one may not go). */
export async function lockedAdminCount(c: Queryable, agencyId: string): Promise<number> {
  const { rows } = await c.query<{ user_id: string }>(
    "SELECT user_id FROM agency_members WHERE agency_id = $1 AND role = 'administrador' FOR UPDATE",
    [agencyId],
  );
  return rows.length;
}

/** Adds a member; already one fails with 23505. */
export async function insertMember(
  c: Queryable,
  agencyId: string,
  userId: string,
  role: AgencyRole,
): Promise<void> {
  await c.query("INSERT INTO agency_members (agency_id, user_id, role) VALUES ($1, $2, $3)", [
    agencyId,
    userId,
    role,
  ]);
}

export async function updateMember(
  c: Queryable,
  agencyId: string,
  userId: string,
  role: AgencyRole,
  creci: { numero: string; uf: string } | null,
): Promise<void> {
  await c.query(
    "UPDATE agency_members SET role = $3, creci_numero = $4, creci_uf = $5 WHERE agency_id = $1 AND user_id = $2",
    [agencyId, userId, role, creci?.numero ?? null, creci?.uf ?? null],
  );
}

export async function deleteMember(c: Queryable, agencyId: string, userId: string): Promise<void> {
  await c.query("DELETE FROM agency_members WHERE agency_id = $1 AND user_id = $2", [agencyId, userId]);
}

/** An erased account (decision 022) leaves every agency it was in; the number left. */
export async function deleteMembershipsOf(c: Queryable, userId: string): Promise<number> {
  const { rowCount } = await c.query("DELETE FROM agency_members WHERE user_id = $1", [userId]);
  return rowCount ?? 0;
}
