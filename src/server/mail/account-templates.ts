import { type MailContent, noticeMail } from "./templates";

/*
 * pt-BR e-mails about the account itself (decision 015). Sign-up answers the same whether the
 * e-mail is new or not; these messages tell the owner of the address which case it was.
 */

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;

/** A new account: the link confirms the e-mail and signs the person in. */
export function confirmEmailMail(input: { name: string; url: string; hours: number }): MailContent {
  const valid =
    input.hours >= 24 && input.hours % 24 === 0
      ? `${input.hours / 24} ${input.hours === 24 ? "dia" : "dias"}`
      : `${input.hours} ${input.hours === 1 ? "hora" : "horas"}`;
  return noticeMail({
    name: firstName(input.name),
    subject: "Chave: confirme seu e-mail",
    lines: [
      "Sua conta na Chave foi criada. Falta só confirmar que este e-mail é seu.",
      `Abra o link abaixo para confirmar e entrar. Ele vale por ${valid}.`,
      "Se você não criou uma conta na Chave, ignore este e-mail: sem a confirmação, ninguém entra com ele.",
    ],
    url: input.url,
    action: "Confirmar e-mail e entrar",
  });
}

/** Someone signed up with an e-mail that already has an account: tell its owner, not the form. */
export function accountExistsMail(input: { name: string; loginUrl: string; resetUrl: string }): MailContent {
  const mail = noticeMail({
    name: firstName(input.name),
    subject: "Chave: tentaram criar uma conta com seu e-mail",
    lines: [
      "Alguém tentou criar uma conta na Chave com este e-mail, mas você já tem uma conta com ele.",
      "Se foi você, basta entrar com sua senha. Se esqueceu a senha, crie uma nova em:",
      input.resetUrl,
      "Se não foi você, ignore este e-mail: nada mudou na sua conta e ninguém entrou nela.",
    ],
    url: input.loginUrl,
    action: "Entrar na Chave",
  });
  return { ...mail, links: [input.loginUrl, input.resetUrl] };
}
