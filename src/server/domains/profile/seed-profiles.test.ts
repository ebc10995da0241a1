import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import { isValidCpf } from "../../../shared/contracts/profile";
import { insertConfirmedUsers } from "../../auth/users.repository";
import { cpfFromBase, insertSeedProfiles, profileOf } from "./profiles.repository";
import { profileView } from "./service";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
});
afterAll(() => t.close());

describe("the seed's landlords (decision 041: what is published can close)", () => {
  it("makes valid CPFs", () => {
    for (let n = 0; n < 2000; n++)
      expect(isValidCpf(cpfFromBase(String(900_000_000 + n))), String(n)).toBe(true);
  });

  it("gives each a complete profile, and keeps one that exists", async () => {
    const id = `seed-test-${Date.now()}`;
    await insertConfirmedUsers(t.database.pool, [{ id, name: "Ana Lima", email: `${id}@exemplo.com.br` }]);
    // An index far from the seed's own, so no CPF is taken twice in the shared database.
    const index = 500_000 + (Date.now() % 400_000);
    await insertSeedProfiles(t.database.pool, [{ userId: id, name: "Ana Lima", index }]);
    const view = profileView(await profileOf(t.database.pool, id));
    expect(view.complete).toBe(true);
    expect(view.personal?.nomeCompleto).toBe("Ana Lima");
    await insertSeedProfiles(t.database.pool, [{ userId: id, name: "Outro Nome", index }]);
    expect(profileView(await profileOf(t.database.pool, id)).personal?.nomeCompleto).toBe("Ana Lima");
  });
});
