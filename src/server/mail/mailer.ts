import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import type { MailContent } from "./templates";

export interface Mailer {
  /** "smtp" when SMTP_URL is set, otherwise "outbox" (an .eml file a message under DATA_DIR/outbox). */
  readonly kind: "smtp" | "outbox";
  /** `messageId` (without angle brackets) makes a re-sent copy recognisable as the same message. */
  sendMail(to: string, content: MailContent, options?: { messageId?: string }): Promise<void>;
  close(): void;
}

interface MailLog {
  info(obj: object, msg: string): void;
}

export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  dataDir: string;
  log: MailLog;
}): Mailer {
  if (opts.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: "smtp",
      async sendMail(to, content, options = {}) {
        await transport.sendMail({
          from: opts.from,
          to,
          ...(options.messageId ? { messageId: `<${options.messageId}>` } : {}),
          subject: content.subject,
          text: content.text,
          html: content.html,
          ...(content.headers ? { headers: content.headers } : {}),
        });
        opts.log.info({ to, subject: content.subject }, "e-mail sent by SMTP");
      },
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    kind: "outbox",
    async sendMail(to, content, options = {}) {
      const info = await transport.sendMail({
        from: opts.from,
        to,
        ...(options.messageId ? { messageId: `<${options.messageId}>` } : {}),
        subject: content.subject,
        text: content.text,
        html: content.html,
        ...(content.headers ? { headers: content.headers } : {}),
      });
      await fsp.mkdir(outbox, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(outbox, `${stamp}-${randomBytes(4).toString("hex")}.eml`);
      // Written whole then renamed, so a reader never sees half a message.
      await fsp.writeFile(`${file}.tmp`, info.message as Buffer, { mode: 0o600 });
      await fsp.rename(`${file}.tmp`, file);
      opts.log.info(
        { to, subject: content.subject, links: content.links, file },
        "e-mail written to the outbox",
      );
    },
    close: () => undefined,
  };
}
