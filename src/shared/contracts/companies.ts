import { z } from "zod";
import { cleanCnpj, isValidCnpj } from "../cnpj";
import { addressFields, addressViewFields } from "./listings";
import { pixKeyField } from "./pix-key";
import { GENDERS, MARITAL_STATUSES, partyFields, qualificationFields } from "./profile";

/*
 * A company as a party (issue 34): a landlord or a tenant that is a pessoa jurídica, qualified by
 * its CNPJ and signing through its legal representatives (decision 058). The account that
 * registers it signs for it; up to two more representatives sign with them by e-mailed link, as a
 * guarantor does (decision 058). Messages are error codes of src/shared/errors.ts.
 */

export const cnpjField = z
  .string({ error: "invalid-cnpj" })
  .max(30, { error: "invalid-cnpj" })
  .transform(cleanCnpj)
  .refine(isValidCnpj, { error: "invalid-cnpj" });

/*
 * The characters a company's name may have: a person's name's (see isPrintableName), digits, and
 * what registered names use ("&", "/", ",", "(", ")"): "Souza & Filhos Ltda.", "Alfa S/A". All
 * print in the contract's embedded font (names.test.ts).
 */
const COMPANY_NAME_CHARACTERS =
  /^[A-Za-z0-9\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u019A\u019C-\u024F\u1E00-\u1EFB '\u2019.,&/()-]*$/u;
export const isPrintableCompanyName = (name: string) => COMPANY_NAME_CHARACTERS.test(name.normalize("NFC"));

const companyName = (required: boolean) =>
  z
    .string({ error: "invalid-company-name" })
    .transform((v) => v.normalize("NFC").trim().replace(/\s+/g, " "))
    .pipe(
      z
        .string()
        .min(required ? 3 : 0, { error: "invalid-company-name" })
        .max(150, { error: "invalid-company-name" })
        .refine(isPrintableCompanyName, { error: "name-unprintable" }),
    );

/** What gives a representative the power to sign for the company. */
export const POWER_INSTRUMENTS = ["contrato_social", "estatuto_social", "ata", "procuracao"] as const;
export type PowerInstrument = (typeof POWER_INSTRUMENTS)[number];

const cargoField = z
  .string({ error: "invalid-role-title" })
  .trim()
  .min(2, { error: "invalid-role-title" })
  .max(60, { error: "invalid-role-title" });

const powerFields = {
  /** "sócia-administradora", "diretor", "procuradora" */
  cargo: cargoField,
  instrumento: z.enum(POWER_INSTRUMENTS, { error: "invalid-power-instrument" }),
  /** The document that gives the power (the contrato social, the procuração): one of one's uploads. */
  documentoId: z.uuid({ error: "invalid-document" }),
};

/** A representative besides the account holder: signs by e-mailed link, qualified as a guarantor is. */
export const otherRepresentative = z.strictObject(
  {
    ...partyFields,
    ...qualificationFields,
    estadoCivil: z.enum(MARITAL_STATUSES, { error: "invalid-marital-status" }).optional(),
    ...powerFields,
  },
  { error: "invalid-argument" },
);
export type OtherRepresentative = z.output<typeof otherRepresentative>;
/** Besides the account holder, how many more may sign for a company (joint signatures). */
export const MAX_OTHER_REPRESENTATIVES = 2;

export const companyInput = z.strictObject({
  razaoSocial: companyName(true),
  nomeFantasia: companyName(false)
    .optional()
    .transform((v) => v || undefined),
  cnpj: cnpjField,
  /** The registered office (sede). */
  endereco: z.strictObject({ ...addressFields }, { error: "invalid-argument" }),
  /** The account holder's power: they sign for the company. */
  ...powerFields,
  /**
   * The company's Pix key: the rent of the units it lets is paid to it (a CNPJ, e-mail, phone or
   * random key; "" clears it; absent keeps the one saved).
   */
  chavePix: pixKeyField,
  /** Who else must sign for it (a company whose directors sign jointly); each signs by link. */
  outrosRepresentantes: z
    .array(otherRepresentative, { error: "invalid-argument" })
    .max(MAX_OTHER_REPRESENTATIVES, { error: "too-many-representatives" })
    .default([]),
});
export type CompanyInput = z.input<typeof companyInput>;
export type CompanyData = z.output<typeof companyInput>;

export const companyView = z.object({
  id: z.string(),
  razaoSocial: z.string(),
  nomeFantasia: z.string().nullable(),
  cnpj: z.string(),
  endereco: z.object(addressViewFields),
  cargo: z.string(),
  instrumento: z.enum(POWER_INSTRUMENTS),
  documentoId: z.string(),
  chavePix: z.string().nullable(),
  outrosRepresentantes: z.array(
    z.object({
      nome: z.string(),
      cpf: z.string(),
      email: z.string(),
      genero: z.enum(GENDERS).optional(),
      nacionalidade: z.string().optional(),
      estadoCivil: z.enum(MARITAL_STATUSES).optional(),
      profissao: z.string().optional(),
      rg: z.string().optional(),
      rgOrgaoEmissor: z.string().optional(),
      cargo: z.string(),
      instrumento: z.enum(POWER_INSTRUMENTS),
      documentoId: z.string(),
    }),
  ),
  /** Units or proposals in its name: it cannot be deleted, and its CNPJ cannot change. */
  emUso: z.boolean(),
  updatedAt: z.string(),
});
export type CompanyView = z.infer<typeof companyView>;
export const companyList = z.object({ empresas: z.array(companyView) });
export type CompanyList = z.infer<typeof companyList>;
