import type { Language } from "../plugins/error-handler";
import { type MailContent, noticeMail } from "./templates";
import { phrase } from "./words";

/*
 * E-mails about the account itself (decision 015), in the person's language (decision 048).
 * Sign-up answers the same whether the e-mail is new or not; these messages tell the owner of the
 * address which case it was.
 */

const firstName = (name: string) => name.trim().split(/\s+/)[0] || name;
const KEY = "notices.account";

/** A new account: the link confirms the e-mail and signs the person in. */
export function confirmEmailMail(input: {
  name: string;
  url: string;
  hours: number;
  language?: Language;
}): MailContent {
  const language = input.language ?? "pt-BR";
  const valid =
    input.hours >= 24 && input.hours % 24 === 0
      ? phrase(language, `${KEY}.confirmEmail.days`, { count: input.hours / 24 })
      : phrase(language, `${KEY}.confirmEmail.hours`, { count: input.hours });
  const line = (i: number) => phrase(language, `${KEY}.confirmEmail.lines.${i}`, { valid });
  return noticeMail({
    name: firstName(input.name),
    language,
    subject: phrase(language, `${KEY}.confirmEmail.title`),
    lines: [line(0), line(1), line(2)],
    url: input.url,
    action: phrase(language, `${KEY}.confirmEmail.action`),
  });
}

/** Someone signed up with an e-mail that already has an account: tell its owner, not the form. */
export function accountExistsMail(input: {
  name: string;
  loginUrl: string;
  resetUrl: string;
  language?: Language;
}): MailContent {
  const language = input.language ?? "pt-BR";
  const line = (i: number) =>
    phrase(language, `${KEY}.accountExists.lines.${i}`, { resetUrl: input.resetUrl });
  const mail = noticeMail({
    name: firstName(input.name),
    language,
    subject: phrase(language, `${KEY}.accountExists.title`),
    lines: [line(0), line(1), line(2), line(3)],
    url: input.loginUrl,
    action: phrase(language, `${KEY}.accountExists.action`),
  });
  return { ...mail, links: [input.loginUrl, input.resetUrl] };
}
