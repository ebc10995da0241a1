import { z } from "zod";
import { nationalPhoneDigits, phoneProblem } from "../phone";
import { signUpInput } from "./auth";
import { addressFields, addressViewFields } from "./listings";

/*
 * The personal data that qualifies a party in the lease contract. Messages are error codes of
 * src/shared/errors.ts.
 */

export const MARITAL_STATUSES = [
  "solteiro",
  "casado",
  "uniao_estavel",
  "divorciado",
  "separado",
  "viuvo",
] as const;
/**
 * How the lease's words agree with the person: "a LOCADORA", "brasileira", "casada". Not said,
 * the contract keeps the neutral forms of Brazilian practice ("o(a) LOCADOR(A)", "casado(a)").
 */
export const GENDERS = ["feminino", "masculino", "nao_informado"] as const;
export type Gender = (typeof GENDERS)[number];
export const OCCUPATIONS = ["clt", "autonomo", "empresario", "servidor", "aposentado", "estudante"] as const;

/** Whether an 11-digit CPF has valid check digits (and is not one digit repeated). */
export function isValidCpf(value: string): boolean {
  const d = value.replace(/\D/g, "");
  if (d.length !== 11 || /^(\d)\1{10}$/.test(d)) return false;
  const digit = (len: number) => {
    let sum = 0;
    for (let i = 0; i < len; i++) sum += Number(d[i]) * (len + 1 - i);
    const rest = (sum * 10) % 11;
    return rest === 10 ? 0 : rest;
  };
  return digit(9) === Number(d[9]) && digit(10) === Number(d[10]);
}

export function formatCpf(value: string): string {
  const d = value.replace(/\D/g, "");
  return d.length === 11 ? `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6, 9)}-${d.slice(9)}` : value;
}

/** Age in whole years on `today` of someone born on `birth` (both YYYY-MM-DD). */
export function ageOn(birth: string, today: string): number {
  const [by, bm, bd] = birth.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

export const cpfField = z
  .string({ error: "invalid-cpf" })
  .max(20, { error: "invalid-cpf" })
  .transform((v) => v.replace(/\D/g, ""))
  .refine(isValidCpf, { error: "invalid-cpf" });

/*
 * The letters a name may have: those the contract's embedded font (DejaVu Sans, regular and bold)
 * prints in both cases, so no legal name loses a letter in the PDF (names.test.ts checks every code
 * point this accepts against the font): Latin letters with any accent (Latin-1, Extended-A and -B,
 * Extended Additional, which covers Vietnamese), and the space, apostrophe, hyphen and period of
 * names like "D'Ávila", "Ana-Lúcia", "Jr.". Anything else (another script, an emoji) is refused
 * with a pt-BR message instead of printed as a gap. Composed accents (NFD) are composed first.
 */
const NAME_CHARACTERS =
  /^[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u019A\u019C-\u024F\u1E00-\u1EFB '\u2019.-]*$/u;
export const isPrintableName = (name: string) => NAME_CHARACTERS.test(name.normalize("NFC"));

/** A person's name as the contract prints it: composed (NFC), trimmed, printable. */
const personName = (min: number) =>
  z
    .string({ error: "invalid-full-name" })
    .transform((v) => v.normalize("NFC").trim())
    .pipe(
      z
        .string()
        .min(min, { error: "invalid-full-name" })
        .max(150, { error: "invalid-full-name" })
        .refine(isPrintableName, { error: "name-unprintable" }),
    );

const optionalText = (max: number, code: string) =>
  z
    .string({ error: code })
    .trim()
    .max(max, { error: code })
    .optional()
    .transform((v) => v || undefined);

/**
 * What qualifies a person in the lease beyond name and CPF (a guarantor, the spouse, a co-tenant):
 * optional, since proposals made before 2026-11-27 lack it; the contract writes what is given.
 */
export const qualificationFields = {
  genero: z.enum(GENDERS, { error: "invalid-gender" }).optional(),
  nacionalidade: optionalText(60, "invalid-nationality"),
  profissao: optionalText(100, "invalid-profession"),
  rg: optionalText(20, "invalid-rg"),
  rgOrgaoEmissor: optionalText(30, "invalid-rg-issuer"),
};

/** Someone named in a proposal or a contract without an account of theirs: name, CPF, e-mail. */
export const partyFields = {
  nome: personName(3),
  cpf: cpfField,
  email: z
    .string({ error: "invalid-email" })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: "invalid-email" })),
};

const text = (max: number, code: string) =>
  z.string({ error: code }).trim().min(1, { error: code }).max(max, { error: code });

export const personalInput = z.strictObject({
  nomeCompleto: personName(0).refine((v) => v.split(/\s+/).filter(Boolean).length >= 2, {
    error: "invalid-full-name",
  }),
  cpf: cpfField,
  rg: text(20, "invalid-rg"),
  /** Left out by clients older than 2026-11-27: the contract then writes the RG alone. */
  rgOrgaoEmissor: optionalText(30, "invalid-rg-issuer"),
  genero: z.enum(GENDERS, { error: "invalid-gender" }).default("nao_informado"),
  dataNascimento: z.iso
    .date({ error: "invalid-birth-date" })
    .refine((v) => ageOn(v, new Date().toISOString().slice(0, 10)) >= 18, { error: "must-be-adult" })
    .refine((v) => ageOn(v, new Date().toISOString().slice(0, 10)) <= 120, { error: "invalid-birth-date" }),
  estadoCivil: z.enum(MARITAL_STATUSES, { error: "invalid-marital-status" }),
  profissao: text(100, "invalid-profession"),
  nacionalidade: text(60, "invalid-nationality"),
  /** A mobile or a landline with an area code that exists (src/shared/phone.ts), kept as its digits. */
  telefone: z
    .string({ error: "invalid-phone" })
    .max(30, { error: "invalid-phone" })
    .transform(nationalPhoneDigits)
    .superRefine((v, ctx) => {
      const problem = phoneProblem(v);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    }),
});
export type PersonalInput = z.input<typeof personalInput>;

export const addressInput = z.strictObject({
  ...addressFields,
  rendaMensal: z
    .number({ error: "invalid-income" })
    .int({ error: "invalid-income" })
    .min(0, { error: "invalid-income" })
    .max(100_000_000_00, { error: "invalid-income" }),
  ocupacao: z.enum(OCCUPATIONS, { error: "invalid-occupation" }),
  /** The landlord's Pix key (issue 32): checked by addressWithPixInput (contracts/pix-key.ts). */
  chavePix: z.string({ error: "pix-key-invalid" }).trim().max(100, { error: "pix-key-invalid" }).optional(),
});
export type AddressInput = z.input<typeof addressInput>;

export type PersonalData = z.output<typeof personalInput>;
export type AddressData = z.output<typeof addressInput>;

/** One's personal data and address as stored (response schemas: plain, no input rules). */
export const personalView = z.object({
  nomeCompleto: z.string(),
  cpf: z.string(),
  rg: z.string(),
  rgOrgaoEmissor: z.string().optional(),
  genero: z.enum(GENDERS),
  dataNascimento: z.string(),
  estadoCivil: z.enum(MARITAL_STATUSES),
  profissao: z.string(),
  nacionalidade: z.string(),
  telefone: z.string(),
});

export const addressView = z.object({
  ...addressViewFields,
  rendaMensal: z.number(),
  ocupacao: z.enum(OCCUPATIONS),
  chavePix: z.string(),
});

export const profileView = z.object({
  personal: personalView.nullable(),
  address: addressView.nullable(),
  /** Personal data and address both given: the profile a proposal or a contract needs. */
  complete: z.boolean(),
});
export type ProfileView = z.infer<typeof profileView>;

/** The name others see (the offer's "anunciante", the messages): the sign-up's rules. */
export const displayNameInput = z.strictObject({ name: signUpInput.shape.name });
export type DisplayNameInput = z.input<typeof displayNameInput>;
