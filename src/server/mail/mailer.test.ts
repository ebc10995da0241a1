import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { outboxFor, resetLinkIn, subjectOf } from "../../../tests/support/mail";
import { createMailer } from "./mailer";
import { passwordResetMail } from "./templates";

describe("outbox mailer", () => {
  it("writes each message as an .eml file and logs neither its address, subject nor links", async () => {
    const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "chave-mail-"));
    const logged: { obj: object; msg: string }[] = [];
    const mailer = createMailer({
      from: "Chave <n@chave.local>",
      dataDir,
      log: { info: (obj, msg) => logged.push({ obj, msg }) },
    });
    expect(mailer.kind).toBe("outbox");
    const url = "http://localhost:3000/password/reset?token=abc123";
    await mailer.sendMail("ana@exemplo.com.br", passwordResetMail({ name: "Ana <b>", url, minutes: 60 }), {
      messageId: "0b7e6f0e-5d0c-4f7e-9a51-2f1c7e0d9b11@chave",
    });

    const [mail] = await outboxFor(dataDir, "ana@exemplo.com.br");
    expect(mail).toBeDefined();
    expect(subjectOf(mail?.raw ?? "")).toBe("Chave: crie uma nova senha");
    expect(resetLinkIn(mail?.text ?? "")).toBe(url);
    expect(mail?.text).toContain("Olá, Ana <b>!");
    expect(mail?.text).toContain("Olá, Ana &lt;b&gt;!");
    // The outbox id and the file only: a log line outlives an erasure and must open nothing.
    expect(logged[0]?.obj).toEqual({
      id: "0b7e6f0e-5d0c-4f7e-9a51-2f1c7e0d9b11@chave",
      file: expect.stringMatching(/\.eml$/),
    });
    expect(JSON.stringify(logged)).not.toMatch(/ana@|token=|crie uma nova senha/);

    // Forgetting the person removes their copies, and only theirs; pruning removes the old ones.
    await mailer.sendMail("bia@exemplo.com.br", passwordResetMail({ name: "Bia", url, minutes: 60 }));
    expect(await mailer.forget("ANA@exemplo.com.br")).toBe(1);
    expect(await outboxFor(dataDir, "ana@exemplo.com.br")).toEqual([]);
    expect(await outboxFor(dataDir, "bia@exemplo.com.br")).toHaveLength(1);
    expect(await mailer.prune(new Date(Date.now() - 60_000))).toBe(0);
    expect(await mailer.prune(new Date(Date.now() + 60_000))).toBe(1);
    expect(await outboxFor(dataDir, "bia@exemplo.com.br")).toEqual([]);
    await fsp.rm(dataDir, { recursive: true, force: true });
  });
});
