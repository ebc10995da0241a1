import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";
import type { MailContent } from "./templates";

/**
 * The words of a queued e-mail (subject, text, HTML, links, headers) are kept sealed with
 * AES-256-GCM under a key derived (HKDF-SHA256, RFC 5869) from the installation's AUTH_SECRET,
 * which lives in the environment (or DATA_DIR/.auth-secret on a single node), never in the
 * database: a dump or a backup of PostgreSQL alone holds no link, token or code that works
 * (decision 036). Every node of an installation shares AUTH_SECRET, so any node can send any
 * message. GCM's tag also proves the row was not changed (NIST SP 800-38D; 96-bit random IV).
 *
 * Stored form: `v1.<key id>.<base64url(iv ‖ tag ‖ ciphertext)>`; the key id (8 hex of the key's
 * SHA-256) tells which secret sealed a row, so one sealed under another secret fails clearly.
 */
export interface MailSeal {
  readonly keyId: string;
  seal(content: MailContent): string;
  open(sealed: string): MailContent;
}

const VERSION = "v1";

export function mailSeal(secret: string): MailSeal {
  const key = Buffer.from(
    hkdfSync("sha256", Buffer.from(secret, "utf8"), Buffer.alloc(0), "chave/mail-outbox/v1", 32),
  );
  const keyId = createHash("sha256").update(key).digest("hex").slice(0, 8);
  return {
    keyId,
    seal(content) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(`${VERSION}.${keyId}`));
      const plain = Buffer.from(
        JSON.stringify({
          subject: content.subject,
          text: content.text,
          html: content.html,
          links: content.links,
          headers: content.headers ?? null,
        }),
        "utf8",
      );
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return `${VERSION}.${keyId}.${Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url")}`;
    },
    open(sealed) {
      const [version, id, data] = sealed.split(".");
      if (version !== VERSION || !data) throw new Error("mail outbox: not a sealed message");
      if (id !== keyId) throw new Error(`mail outbox: sealed under another AUTH_SECRET (key ${id})`);
      const raw = Buffer.from(data, "base64url");
      const decipher = createDecipheriv("aes-256-gcm", key, raw.subarray(0, 12));
      decipher.setAAD(Buffer.from(`${VERSION}.${keyId}`));
      decipher.setAuthTag(raw.subarray(12, 28));
      const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
      return JSON.parse(plain.toString("utf8")) as MailContent;
    },
  };
}
