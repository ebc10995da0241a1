import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { personalProfileOf } from "../../../../tests/support/profiles";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import ptBR from "../../../shared/locales/pt-BR.json";

/*
 * Issue 28 (11), as a client sees it: PUT /api/profile/personal refuses a phone whose area code
 * does not exist or whose number is neither a mobile nor a landline, with a 400 and the pt-BR
 * message under the field, and keeps a valid one as its digits.
 */

let t: TestApp;
let b: ReturnType<typeof builders>;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  b = builders(t);
});
afterAll(() => t.close());

describe("the profile's phone, over the API", () => {
  it.each([
    ["(23) 98765-4321", "invalid-phone-area-code"],
    ["(25) 3456-7890", "invalid-phone-area-code"],
    ["(29) 98765-4321", "invalid-phone-area-code"],
    ["(52) 98765-4321", "invalid-phone-area-code"],
    ["(72) 3456-7890", "invalid-phone-area-code"],
    ["(11) 8765-4321", "invalid-phone-number"],
    ["(21) 9876-5432", "invalid-phone-number"],
    ["(31) 7890-1234", "invalid-phone-number"],
    ["(11) 88765-4321", "invalid-phone-number"],
  ] as const)("refuses %s with 400 and the message for %s", async (telefone, code) => {
    const u = await b.newUser("Lia");
    const res = await b.call(
      "PUT",
      "/api/profile/personal",
      u.cookie,
      personalProfileOf("Lia", { telefone }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{ issues: { path: string; message: string }[] }>();
    expect(body.issues).toEqual([{ path: "telefone", message: ptBR.errors[code] }]);
    expect((await b.call("GET", "/api/profile", u.cookie)).json()).toMatchObject({ personal: null });
  });

  it.each([
    ["+55 (55) 99876-5432", "55998765432"],
    ["(011) 3456-7890", "1134567890"],
    ["(98) 2109-8765", "9821098765"],
  ])("keeps %s as %s", async (telefone, digits) => {
    const u = await b.newUser("Lia");
    const res = await b.call(
      "PUT",
      "/api/profile/personal",
      u.cookie,
      personalProfileOf("Lia", { telefone }),
    );
    expect(res.statusCode).toBe(200);
    const profile = (await b.call("GET", "/api/profile", u.cookie)).json<{
      personal: { telefone: string };
    }>();
    expect(profile.personal.telefone).toBe(digits);
  });
});
