import ptBR from "../../../../shared/locales/pt-BR.json";

/*
 * A document's words come from the locales (pt-BR, as every e-mail and PDF of Chave): its name
 * under contract.kinds.<kind>, and the machine's e-mails under contract.documentMail.
 */

type Mail = typeof ptBR.contract.documentMail;

/** A pt-BR text of the locales by its dotted key ("contract.kinds.recibo"), with {{vars}} filled. */
export function localeText(key: string, vars: Record<string, string | number> = {}): string {
  let node: unknown = ptBR;
  for (const part of key.split(".")) node = (node as Record<string, unknown> | undefined)?.[part];
  if (typeof node !== "string") throw new Error(`no pt-BR text for "${key}"`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ""));
}

/** One of the machine's e-mail texts. */
export const mailText = (key: keyof Mail, vars: Record<string, string | number> = {}) =>
  localeText(`contract.documentMail.${key}`, vars);
