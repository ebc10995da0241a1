import fsp from "node:fs/promises";
import path from "node:path";
import { SMTPServer } from "smtp-server";

export interface ReceivedMail {
  to: string[];
  raw: string;
  text: string;
}

/** Undoes quoted-printable (how nodemailer sends the pt-BR text), enough to read links and words. */
export function decodeQuotedPrintable(input: string): string {
  const bytes: number[] = [];
  const soft = input.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const ch = soft[i] as string;
    const hex = soft.slice(i + 1, i + 3);
    if (ch === "=" && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(ch, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
}

export function resetLinkIn(text: string): string {
  const match = /https?:\/\/[^\s"<>]+\/password\/reset\?token=[A-Za-z0-9%._~-]+/.exec(text);
  if (!match) throw new Error(`no reset link in:\n${text}`);
  return match[0];
}

export function subjectOf(raw: string): string {
  const line = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? "";
  // RFC 2047 encoded words, as nodemailer writes non-ASCII subjects.
  return line
    .replace(/\r?\n[ \t]/g, "")
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : decodeQuotedPrintable(data.replace(/_/g, " ")),
    );
}

/** A real SMTP server (on a free port, or on `port`) that keeps what it receives. */
export async function startSmtpServer(port = 0) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        for (const w of waiters.splice(0)) w();
        callback();
      });
    },
  });
  // A client killed mid-message (the crash tests kill the server) resets its connection: not a
  // failure of the test. Anything else still is (console-guard fails the test on console.error).
  server.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code !== "ECONNRESET" && err.code !== "EPIPE") console.error("SMTP test server:", err);
  });
  const bound = await new Promise<number>((resolve) => {
    server.listen(port, "127.0.0.1", () => {
      const address = server.server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
  return {
    url: `smtp://127.0.0.1:${bound}`,
    received,
    async waitFor(predicate: (m: ReceivedMail) => boolean, ms = 10_000): Promise<ReceivedMail> {
      const until = Date.now() + ms;
      for (;;) {
        const found = received.find(predicate);
        if (found) return found;
        if (Date.now() > until) throw new Error("no such e-mail arrived");
        await new Promise<void>((r) => {
          waiters.push(r);
          setTimeout(r, 200);
        });
      }
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

/** The .eml files the outbox mailer wrote for `to`, oldest first. */
export async function outboxFor(
  dataDir: string,
  to: string,
): Promise<{ file: string; raw: string; text: string }[]> {
  const dir = path.join(dataDir, "outbox");
  let files: string[];
  try {
    files = (await fsp.readdir(dir)).filter((f) => f.endsWith(".eml")).sort();
  } catch {
    return [];
  }
  const mails = await Promise.all(
    files.map(async (f) => {
      const raw = await fsp.readFile(path.join(dir, f), "utf8");
      return { file: f, raw, text: decodeQuotedPrintable(raw) };
    }),
  );
  return mails.filter((m) =>
    new RegExp(`^To: .*${to.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "mi").test(m.raw),
  );
}
