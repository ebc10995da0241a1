import type { Language } from "../plugins/error-handler";
import { phrase } from "./words";

/*
 * E-mails, each in plain text and HTML, in the recipient's language (decision 048: the words are
 * in src/shared/locales under `notices`). Every value is escaped before it reaches the HTML.
 */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** The links the message carries, logged when mail goes to the outbox folder. */
  links: string[];
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string> | null;
}

/** What a notice's e-mail says, in the words of one language. */
export interface MailNotice {
  subject: string;
  lines: string[];
  url: string;
  action: string;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function layout(language: Language, title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#1c7ed6;margin:0 0 16px">Chave</p>
${bodyHtml}
<p style="font-size:12px;color:#6b7785;margin-top:32px">${escapeHtml(phrase(language, "notices.mail.footer"))}</p>
</div></body></html>`;
}

function button(language: Language, url: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#1c7ed6;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#52606d">${escapeHtml(phrase(language, "notices.mail.buttonFallback"))}<br><span style="word-break:break-all">${escapeHtml(url)}</span></p>`;
}

const hello = (language: Language, name: string) => phrase(language, "notices.mail.hello", { name });
const team = (language: Language) => phrase(language, "notices.mail.team");
const words = (language: Language, key: string, params: Record<string, string | number> = {}) => ({
  title: phrase(language, `notices.account.${key}.title`, params),
  lines: (k: number) => phrase(language, `notices.account.${key}.lines.${k}`, params),
  action: phrase(language, `notices.account.${key}.action`, params),
});

export function passwordResetMail(input: {
  name: string;
  url: string;
  minutes: number;
  language?: Language;
}): MailContent {
  const language = input.language ?? "pt-BR";
  const w = words(language, "passwordReset", { minutes: input.minutes });
  const subject = w.title;
  const text = [
    hello(language, input.name),
    "",
    w.lines(0),
    w.lines(1),
    "",
    input.url,
    "",
    w.lines(2),
    w.lines(3),
    "",
    team(language),
  ].join("\n");
  const html = layout(
    language,
    subject,
    `<p>${escapeHtml(hello(language, input.name))}</p>
<p>${escapeHtml(w.lines(0))}</p>
${button(language, input.url, w.action)}
<p>${escapeHtml(w.lines(2))}</p>
<p>${escapeHtml(w.lines(3))}</p>`,
  );
  return { subject, text, html, links: [input.url] };
}

export function passwordChangedMail(input: {
  name: string;
  when: Date;
  resetUrl: string;
  language?: Language;
}): MailContent {
  const language = input.language ?? "pt-BR";
  const at = input.when.toLocaleString(language === "en" ? "en-US" : "pt-BR", {
    timeZone: "America/Sao_Paulo",
  });
  const w = words(language, "passwordChanged", { when: at });
  const subject = w.title;
  const text = [
    hello(language, input.name),
    "",
    w.lines(0),
    w.lines(1),
    "",
    w.lines(2),
    input.resetUrl,
    "",
    team(language),
  ].join("\n");
  const html = layout(
    language,
    subject,
    `<p>${escapeHtml(hello(language, input.name))}</p>
<p>${escapeHtml(w.lines(0))} ${escapeHtml(w.lines(1))}</p>
<p>${escapeHtml(w.lines(2))}</p>
${button(language, input.resetUrl, w.action)}`,
  );
  return { subject, text, html, links: [input.resetUrl] };
}

/** A notice about a proposal or a contract: what happened, what to do, and a button to it. */
export function noticeMail(input: MailNotice & { name: string; language?: Language }): MailContent {
  const language = input.language ?? "pt-BR";
  const text = [
    hello(language, input.name),
    "",
    ...input.lines,
    "",
    `${input.action}: ${input.url}`,
    "",
    team(language),
  ].join("\n");
  const html = layout(
    language,
    input.subject,
    `<p>${escapeHtml(hello(language, input.name))}</p>${input.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}${button(language, input.url, input.action)}`,
  );
  return { subject: input.subject, text, html, links: [input.url] };
}
