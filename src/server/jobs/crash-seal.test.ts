import { describe, it } from "vitest";
import { lastSignatureKilledAt, withRig } from "../../../tests/support/crash-rig";

/* kill -9 of a real server process right after a commit; the rig and its steps: tests/support/crash-rig.ts. */

describe("a crash right after a commit", () => {
  it("still seals a contract whose last signature was killed at 0, 40 and 120 ms", async () => {
    await withRig("crash_seal", async (rig) => {
      for (const delay of [0, 40, 120]) await lastSignatureKilledAt(rig, delay);
    });
  }, 600_000);
});
