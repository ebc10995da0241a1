import { describe, it } from "vitest";
import { approvalKilledAt, withRig } from "../../../tests/support/crash-rig";

/* kill -9 of a real server process right after a commit; the rig and its steps: tests/support/crash-rig.ts. */

describe("a crash right after a commit", () => {
  it("still writes the contract of an approval killed at 0, 40, 80, 140 and 250 ms", async () => {
    await withRig("crash_approve", async (rig) => {
      for (const delay of [0, 40, 80, 140, 250]) await approvalKilledAt(rig, delay);
    });
  }, 600_000);
});
