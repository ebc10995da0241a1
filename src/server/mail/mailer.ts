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
  /** Removes what this mailer kept for `to` (the outbox folder's copies; SMTP keeps nothing). */
  forget(to: string): Promise<number>;
  /** Removes what it kept from before `cutoff` (the outbox folder's copies). */
  prune(cutoff: Date): Promise<number>;
  close(): void;
}

/** The address an .eml file is for, from its first `To:` header. */
function recipientOf(raw: string): string {
  return (/^To: (.*)$/im.exec(raw)?.[1] ?? "").trim().toLowerCase();
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
        // The outbox id only: an address, a subject or a link in a log outlives an erasure
        // and may let its reader act as the person (decision 036).
        opts.log.info({ id: options.messageId }, "e-mail sent by SMTP");
      },
      forget: async () => 0,
      prune: async () => 0,
      close: () => transport.close(),
    };
  }
  const outbox = path.join(opts.dataDir, "outbox");
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const emlFiles = async () => {
    try {
      return (await fsp.readdir(outbox)).filter((f) => f.endsWith(".eml") || f.endsWith(".eml.tmp"));
    } catch {
      return [];
    }
  };
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
      // Only the outbox id and the file: the message (its links) is read in the file itself.
      opts.log.info({ id: options.messageId, file }, "e-mail written to the outbox folder");
    },
    async forget(to) {
      const wanted = to.trim().toLowerCase();
      let removed = 0;
      for (const name of await emlFiles()) {
        const file = path.join(outbox, name);
        const raw = await fsp.readFile(file, "utf8").catch(() => "");
        if (recipientOf(raw).includes(wanted)) {
          await fsp.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
    async prune(cutoff) {
      let removed = 0;
      for (const name of await emlFiles()) {
        const file = path.join(outbox, name);
        const stat = await fsp.stat(file).catch(() => null);
        if (stat && stat.mtime < cutoff) {
          await fsp.rm(file, { force: true });
          removed++;
        }
      }
      return removed;
    },
    close: () => undefined,
  };
}
