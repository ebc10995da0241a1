/** pt-BR e-mails, each in plain text and HTML. Every value is escaped before it reaches the HTML. */

export interface MailContent {
  subject: string;
  text: string;
  html: string;
  /** The links the message carries, logged when mail goes to the outbox folder. */
  links: string[];
  /** Extra headers, such as List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string> | null;
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );

function layout(title: string, bodyHtml: string): string {
  return `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6f8;font-family:Arial,Helvetica,sans-serif;color:#1f2933">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:8px;padding:24px">
<p style="font-size:20px;font-weight:bold;color:#1c7ed6;margin:0 0 16px">Chave</p>
${bodyHtml}
<p style="font-size:12px;color:#6b7785;margin-top:32px">Você recebeu este e-mail porque ele foi informado em uma conta da Chave. Se não foi você, ignore esta mensagem.</p>
</div></body></html>`;
}

function button(url: string, label: string): string {
  return `<p style="margin:24px 0"><a href="${escapeHtml(url)}" style="background:#1c7ed6;color:#ffffff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(label)}</a></p>
<p style="font-size:13px;color:#52606d">Se o botão não funcionar, copie e cole este endereço no navegador:<br><span style="word-break:break-all">${escapeHtml(url)}</span></p>`;
}

export function passwordResetMail(input: { name: string; url: string; minutes: number }): MailContent {
  const subject = "Chave: crie uma nova senha";
  const text = [
    `Olá, ${input.name}!`,
    "",
    "Recebemos um pedido para criar uma nova senha para a sua conta na Chave.",
    "Para escolher a nova senha, abra este link:",
    "",
    input.url,
    "",
    `O link vale por ${input.minutes} minutos e pode ser usado uma única vez.`,
    "Se você não pediu a troca, ignore este e-mail: sua senha atual continua valendo.",
    "",
    "Equipe Chave",
  ].join("\n");
  const html = layout(
    subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>
<p>Recebemos um pedido para criar uma nova senha para a sua conta na Chave.</p>
${button(input.url, "Criar nova senha")}
<p>O link vale por ${input.minutes} minutos e pode ser usado uma única vez.</p>
<p>Se você não pediu a troca, ignore este e-mail: sua senha atual continua valendo.</p>`,
  );
  return { subject, text, html, links: [input.url] };
}

export function passwordChangedMail(input: { name: string; when: Date; resetUrl: string }): MailContent {
  const when = input.when.toLocaleString("pt-BR", { timeZone: "America/Sao_Paulo" });
  const subject = "Chave: sua senha foi alterada";
  const text = [
    `Olá, ${input.name}!`,
    "",
    `A senha da sua conta na Chave foi alterada em ${when} (horário de Brasília).`,
    "As sessões abertas em outros aparelhos foram encerradas.",
    "",
    "Se não foi você, crie uma nova senha agora:",
    input.resetUrl,
    "",
    "Equipe Chave",
  ].join("\n");
  const html = layout(
    subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>
<p>A senha da sua conta na Chave foi alterada em ${escapeHtml(when)} (horário de Brasília). As sessões abertas em outros aparelhos foram encerradas.</p>
<p>Se não foi você, crie uma nova senha agora:</p>
${button(input.resetUrl, "Criar nova senha")}`,
  );
  return { subject, text, html, links: [input.resetUrl] };
}

/** A notice about a proposal or a contract: what happened, what to do, and a button to it. */
export function noticeMail(input: {
  name: string;
  subject: string;
  lines: string[];
  url: string;
  action: string;
}): MailContent {
  const text = [
    `Olá, ${input.name}!`,
    "",
    ...input.lines,
    "",
    `${input.action}: ${input.url}`,
    "",
    "Equipe Chave",
  ].join("\n");
  const html = layout(
    input.subject,
    `<p>Olá, ${escapeHtml(input.name)}!</p>${input.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join("")}${button(input.url, input.action)}`,
  );
  return { subject: input.subject, text, html, links: [input.url] };
}
