import { formatCnpj as formatCnpjOf, isValidCnpj as isValidCnpjOf } from "@brazilian-utils/brazilian-utils";

/*
 * The CNPJ on its own (issue 34, decision 058), apart from the companies' contract: screens that
 * only show one (a proposal in a company's name) load these few lines, not the company form's
 * rules and the DICT's Pix key rules.
 *
 * A CNPJ as kept: its 14 characters, letters in upper case. From July 2026 the Receita issues
 * alphanumeric CNPJs (IN RFB 2.229/2024): 12 letters or digits and 2 check digits; the numeric
 * ones stay valid. The check digits are @brazilian-utils/brazilian-utils's (version 2 reads both).
 */
export const cleanCnpj = (v: string) => v.replace(/[\s./-]/g, "").toUpperCase();
export const isValidCnpj = (v: string) => isValidCnpjOf(cleanCnpj(v), { version: 2 });
/** "12.ABC.345/01DE-35" */
export const formatCnpj = (v: string) => formatCnpjOf(cleanCnpj(v), { version: 2 });
