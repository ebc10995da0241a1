import { z } from "zod";
import { UFS } from "../listing-names";
import { cleanCep } from "./listings";

/** `GET /api/cep/:cep`: eight digits, with or without the dash. */
export const cepParams = z.strictObject({
  cep: z
    .string({ error: "invalid-cep" })
    .max(20, { error: "invalid-cep" })
    .transform(cleanCep)
    .refine((v) => /^\d{8}$/.test(v) && v !== "00000000", { error: "invalid-cep" }),
});

/**
 * The address a CEP names, as the forms fill it in. A CEP of a whole small town has no street or
 * bairro: those come back empty, for the person to type.
 */
export const cepAddress = z.object({
  cep: z.string(),
  logradouro: z.string(),
  bairro: z.string(),
  cidade: z.string(),
  uf: z.enum(UFS),
});
export type CepAddress = z.infer<typeof cepAddress>;
