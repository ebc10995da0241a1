import { z } from "zod";
import { UFS } from "../listing-names";
import { cnpjField } from "./companies";
import { addressFields, addressViewFields } from "./listings";

/*
 * An imobiliária (issue 34, decision 059): an organisation with its CNPJ and CRECI whose people
 * join by e-mailed invitation with a role, and work within it. Messages are error codes of
 * src/shared/errors.ts.
 */

export const AGENCY_ROLES = ["administrador", "corretor", "financeiro", "vistoriador"] as const;
export type AgencyRole = (typeof AGENCY_ROLES)[number];

/** What a member may do, by area of the agency's work. */
export const AGENCY_AREAS = [
  /** Members, invitations, roles, the agency's own data. */
  "equipe",
  /** Units, offers, proposals and visits of the portfolio. */
  "carteira",
  /** Charges, payments, repasses, statements, income reports and DIMOB. */
  "financeiro",
  /** Inspection reports. */
  "vistorias",
] as const;
export type AgencyArea = (typeof AGENCY_AREAS)[number];

/** Each role's areas: the administrador does everything; the others their trade. */
export const ROLE_AREAS: Record<AgencyRole, readonly AgencyArea[]> = {
  administrador: AGENCY_AREAS,
  corretor: ["carteira"],
  financeiro: ["financeiro"],
  vistoriador: ["vistorias"],
};

export const mayWork = (role: AgencyRole, area: AgencyArea) => ROLE_AREAS[role].includes(area);

/**
 * A CRECI registration: the council's number, with the letter of a company's ("J") or an
 * individual's ("F") where the council writes one, and the state of its regional council.
 */
export const creciInput = z.strictObject(
  {
    numero: z
      .string({ error: "invalid-creci" })
      .trim()
      .toUpperCase()
      .regex(/^\d{1,7}(-?[JF])?$/, { error: "invalid-creci" }),
    uf: z.enum(UFS, { error: "invalid-creci" }),
  },
  { error: "invalid-creci" },
);
export type CreciInput = z.output<typeof creciInput>;

/** "CRECI/RJ 12345-J" */
export const formatCreci = (c: { numero: string; uf: string }) => `CRECI/${c.uf} ${c.numero}`;

const name = (min: number, code: string) =>
  z.string({ error: code }).trim().min(min, { error: code }).max(150, { error: code });

export const agencyInput = z.strictObject({
  razaoSocial: name(3, "invalid-company-name"),
  nomeFantasia: z
    .string({ error: "invalid-company-name" })
    .trim()
    .max(150, { error: "invalid-company-name" })
    .optional()
    .transform((v) => v || undefined),
  cnpj: cnpjField,
  endereco: z.strictObject({ ...addressFields }, { error: "invalid-argument" }),
  creci: creciInput,
});
export type AgencyInput = z.input<typeof agencyInput>;
export type AgencyData = z.output<typeof agencyInput>;

export const invitationInput = z.strictObject({
  email: z
    .string({ error: "invalid-email" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "invalid-email" })),
  papel: z.enum(AGENCY_ROLES, { error: "invalid-agency-role" }),
});
export type InvitationInput = z.input<typeof invitationInput>;

export const memberUpdate = z.strictObject({
  papel: z.enum(AGENCY_ROLES, { error: "invalid-agency-role" }),
  /** A corretor's own CRECI (individual, "F"); null clears it. */
  creci: creciInput.nullable().optional(),
});
export type MemberUpdate = z.input<typeof memberUpdate>;

const creciView = z.object({ numero: z.string(), uf: z.string() });

export const agencyMemberView = z.object({
  userId: z.string(),
  nome: z.string(),
  email: z.string(),
  papel: z.enum(AGENCY_ROLES),
  creci: creciView.nullable(),
  desde: z.string(),
});
export type AgencyMemberView = z.infer<typeof agencyMemberView>;

export const agencyInvitationView = z.object({
  id: z.string(),
  email: z.string(),
  papel: z.enum(AGENCY_ROLES),
  convidadoPor: z.string(),
  expiraEm: z.string(),
});
export type AgencyInvitationView = z.infer<typeof agencyInvitationView>;

export const agencyView = z.object({
  id: z.string(),
  razaoSocial: z.string(),
  nomeFantasia: z.string().nullable(),
  cnpj: z.string(),
  endereco: z.object(addressViewFields),
  creci: creciView,
  /** The caller's role here, and what it lets them do. */
  meuPapel: z.enum(AGENCY_ROLES),
  areas: z.array(z.enum(AGENCY_AREAS)),
  /** Everyone in it (names and roles: a team knows who is in it). */
  membros: z.array(agencyMemberView),
  /** Invitations not yet accepted: the administradores' to see. */
  convites: z.array(agencyInvitationView),
});
export type AgencyView = z.infer<typeof agencyView>;

/** An invitation addressed to the caller's e-mail, which they may accept or decline. */
export const invitationForMe = z.object({
  id: z.string(),
  agencia: z.string(),
  papel: z.enum(AGENCY_ROLES),
  convidadoPor: z.string(),
  expiraEm: z.string(),
});

export const myAgencies = z.object({
  agencias: z.array(
    z.object({
      id: z.string(),
      nome: z.string(),
      papel: z.enum(AGENCY_ROLES),
      areas: z.array(z.enum(AGENCY_AREAS)),
    }),
  ),
  convites: z.array(invitationForMe),
});
export type MyAgencies = z.infer<typeof myAgencies>;
