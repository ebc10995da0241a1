import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { outboxFor, resetLinkIn, subjectOf } from "../../../tests/support/mail";
import { createMailer } from "./mailer";
import { passwordResetMail } from "./templates";

describe("outbox mailer", () => {
  it("writes each message as an .eml file and logs its subject and links", async () => {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-mail-"));
    const logged: { obj: object; msg: string }[] = [];
    const mailer = createMailer({
      from: "Chave <n@chave.local>",
      dataDir,
      log: { info: (obj, msg) => logged.push({ obj, msg }) },
    });
    expect(mailer.kind).toBe("outbox");
    const url = "http://localhost:3000/password/reset?token=abc123";
    await mailer.sendMail("ana@exemplo.com.br", passwordResetMail({ name: "Ana <b>", url, minutes: 60 }));

    const [mail] = await outboxFor(dataDir, "ana@exemplo.com.br");
    expect(mail).toBeDefined();
    expect(subjectOf(mail?.raw ?? "")).toBe("Chave: crie uma nova senha");
    expect(resetLinkIn(mail?.text ?? "")).toBe(url);
    expect(mail?.text).toContain("Olá, Ana <b>!");
    expect(mail?.text).toContain("Olá, Ana &lt;b&gt;!");
    expect(logged[0]?.obj).toMatchObject({ subject: "Chave: crie uma nova senha", links: [url] });
    await fsp.rm(dataDir, { recursive: true, force: true });
  });
});
