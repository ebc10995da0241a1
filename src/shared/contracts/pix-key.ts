import { getPixKeyInfo } from "@brazilian-utils/brazilian-utils";
import { z } from "zod";
import { addressInput } from "./profile";

/*
 * The landlord's Pix key (issue 32) as /profile2 sends it, apart from profile.ts: the proposal
 * screens read profile.ts, and the DICT's key rules (CPF, CNPJ, e-mail, phone, random key) would
 * weigh on their JavaScript for nothing.
 */

/**
 * Any key the DICT knows, kept in its canonical form (CPF and CNPJ bare, e-mail lowercased, phone
 * as +55…); empty for none. Clients older than the rent leave it out, and it stays as it was.
 */
export const pixKeyField = z
  .string({ error: "pix-key-invalid" })
  .trim()
  .max(100, { error: "pix-key-invalid" })
  .transform((v, ctx) => {
    if (v === "") return "";
    const key = getPixKeyInfo(v)?.value;
    if (key) return key;
    ctx.addIssue({ code: "custom", message: "pix-key-invalid" });
    return z.NEVER;
  })
  .optional();

/** The address half of the profile with the Pix key checked: PUT /api/profile/address's body. */
export const addressWithPixInput = addressInput.extend({ chavePix: pixKeyField });
