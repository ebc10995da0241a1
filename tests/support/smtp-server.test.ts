import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSmtpServer, subjectOf } from "./mail";

/*
 * The crash tests kill a server in the middle of an e-mail: its SMTP connection is reset. That
 * used to surface as an unhandled 'error' of the test SMTP server (read ECONNRESET), failing a
 * run whose every test passed.
 */

let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(() => smtp.close());

describe("the test SMTP server", () => {
  it("outlives a client that resets its connection mid-message, and takes the next one", async () => {
    const { port } = new URL(smtp.url);
    const socket = net.connect(Number(port), "127.0.0.1");
    await new Promise((r) => socket.once("data", r));
    socket.write(
      "EHLO morto\r\nMAIL FROM:<a@chave.local>\r\nRCPT TO:<b@chave.local>\r\nDATA\r\nSubject: meio\r\n",
    );
    await new Promise((r) => setTimeout(r, 100));
    socket.resetAndDestroy();
    await new Promise((r) => setTimeout(r, 200));

    const next = net.connect(Number(port), "127.0.0.1");
    next.setEncoding("utf8");
    await new Promise((r) => next.once("data", r));
    next.write(
      "EHLO vivo\r\nMAIL FROM:<a@chave.local>\r\nRCPT TO:<c@chave.local>\r\nDATA\r\nSubject: inteira\r\n\r\nola\r\n.\r\nQUIT\r\n",
    );
    const mail = await smtp.waitFor((m) => m.to.includes("c@chave.local"));
    expect(subjectOf(mail.raw)).toBe("inteira");
    next.destroy();
  });
});
