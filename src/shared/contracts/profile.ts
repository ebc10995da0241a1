import { z } from "zod";
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

/** Someone named in a proposal or a contract without an account of theirs: name, CPF, e-mail. */
export const partyFields = {
  nome: z
    .string({ error: "invalid-full-name" })
    .trim()
    .min(3, { error: "invalid-full-name" })
    .max(150, { error: "invalid-full-name" }),
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
  nomeCompleto: z
    .string({ error: "invalid-full-name" })
    .trim()
    .max(150, { error: "invalid-full-name" })
    .refine((v) => v.split(/\s+/).filter(Boolean).length >= 2, { error: "invalid-full-name" }),
  cpf: cpfField,
  rg: text(20, "invalid-rg"),
  dataNascimento: z.iso
    .date({ error: "invalid-birth-date" })
    .refine((v) => ageOn(v, new Date().toISOString().slice(0, 10)) >= 18, { error: "must-be-adult" })
    .refine((v) => ageOn(v, new Date().toISOString().slice(0, 10)) <= 120, { error: "invalid-birth-date" }),
  estadoCivil: z.enum(MARITAL_STATUSES, { error: "invalid-marital-status" }),
  profissao: text(100, "invalid-profession"),
  nacionalidade: text(60, "invalid-nationality"),
  telefone: z
    .string({ error: "invalid-phone" })
    .max(30, { error: "invalid-phone" })
    .transform((v) => v.replace(/\D/g, ""))
    .refine((v) => /^[1-9]{2}9?\d{8}$/.test(v), { error: "invalid-phone" }),
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
});
export type AddressInput = z.input<typeof addressInput>;

export type PersonalData = z.output<typeof personalInput>;
export type AddressData = z.output<typeof addressInput>;

/** One's personal data and address as stored (response schemas: plain, no input rules). */
export const personalView = z.object({
  nomeCompleto: z.string(),
  cpf: z.string(),
  rg: z.string(),
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
