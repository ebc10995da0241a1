import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, ORIGIN, signUp, type TestApp, uniqueIp } from "../../../../tests/support/test-app";
import type { NoticeKind } from "../../../shared/contracts/preferences";
import ptBR from "../../../shared/locales/pt-BR.json";

/*
 * Issue 28: RFC 8058 as written. The one-click POST "SHOULD be sent as multipart/form-data
 * [RFC 7578] and MAY be sent as application/x-www-form-urlencoded" (§3.1), with the body
 * "List-Unsubscribe=One-Click", no cookie, no Origin. The multipart one was answered 415.
 */

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

/** The path and query of the signed link an alert e-mail's List-Unsubscribe names. */
function linkOf(userId: string, kind: NoticeKind): string {
  const url = new URL(t.app.notices.unsubscribeUrl(userId, kind));
  return `${url.pathname}${url.search}`;
}

const BOUNDARY = "----chave8058";
const multipart = [
  `--${BOUNDARY}`,
  'Content-Disposition: form-data; name="List-Unsubscribe"',
  "",
  "One-Click",
  `--${BOUNDARY}--`,
  "",
].join("\r\n");

/** As a mail client sends it: no cookie, no Origin, no Sec-Fetch-Site. */
function oneClick(url: string, contentType: string, payload: string) {
  return t.app.inject({
    method: "POST",
    url,
    remoteAddress: uniqueIp(),
    headers: { "content-type": contentType },
    payload,
  });
}

async function channels(cookie: string): Promise<Record<string, string>> {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/preferences/notifications",
    headers: { cookie, origin: ORIGIN },
  });
  expect(res.statusCode).toBe(200);
  return res.json<{ canais: Record<string, string> }>().canais;
}

describe("RFC 8058 one-click unsubscribe", () => {
  it("takes the multipart/form-data POST mail clients send", async () => {
    const person = await signUp(t.app);
    expect((await channels(person.cookie)).match).not.toBe("app");
    const res = await oneClick(
      linkOf(person.userId, "match"),
      `multipart/form-data; boundary=${BOUNDARY}`,
      multipart,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(res.body).toContain("Você não recebe mais por e-mail");
    expect((await channels(person.cookie)).match).toBe("app");
  });

  it("takes the application/x-www-form-urlencoded POST too", async () => {
    const person = await signUp(t.app);
    const res = await oneClick(
      linkOf(person.userId, "price_drop"),
      "application/x-www-form-urlencoded",
      "List-Unsubscribe=One-Click",
    );
    expect(res.statusCode).toBe(200);
    const after = await channels(person.cookie);
    expect(after.price_drop).toBe("app");
    // Only that kind.
    expect(after.match).not.toBe("app");
  });

  it("a multipart POST with a link not signed for that person is refused by the signature, not the type", async () => {
    const [ana, bia] = [await signUp(t.app), await signUp(t.app)];
    const forged = linkOf(ana.userId, "match").replace(ana.userId, bia.userId);
    const res = await oneClick(forged, `multipart/form-data; boundary=${BOUNDARY}`, multipart);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: "invalid-unsubscribe-link",
      message: ptBR.errors["invalid-unsubscribe-link"],
    });
    expect((await channels(bia.cookie)).match).not.toBe("app");
  });
});
