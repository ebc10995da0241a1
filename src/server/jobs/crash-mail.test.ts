import { describe, expect, it } from "vitest";
import { approvalKilledAt, messageIds, outboxRows, until, withRig } from "../../../tests/support/crash-rig";
import { subjectOf } from "../../../tests/support/mail";

/* kill -9 of a real server process right after a commit; the rig and its steps: tests/support/crash-rig.ts. */

describe("a crash right after a commit", () => {
  it("sends every e-mail of approvals killed midway once: one Message-ID per outbox row, none left unsent", async () => {
    await withRig("crash_mail", async (rig) => {
      for (const delay of [0, 80]) await approvalKilledAt(rig, delay);
      // Whatever the kills left pending is sent by the restarted server, on its retries' schedule:
      // waited for until every outbox row is marked sent and has arrived, however slow the machine.
      const rows = await until("every e-mail sent", async () => {
        const now = await outboxRows(rig);
        const arrived = new Set(messageIds(rig));
        return now.length > 0 && now.every((r) => r.sent && arrived.has(r.id)) ? now : undefined;
      });
      const ids = messageIds(rig);
      expect(ids.every(Boolean)).toBe(true);
      // A kill between the SMTP server taking a message and our commit of "sent" (RFC 1047's
      // window) makes the retry deliver it again: the same message, with the same Message-ID, which
      // mail clients show once. Never a second message, and at most one such copy per kill.
      const copies = new Map<string, Set<string>>();
      for (const [i, id] of ids.entries()) {
        const m = rig.smtp.received[i];
        const what = `${m?.to.join(",")}\u0000${subjectOf(m?.raw ?? "")}`;
        copies.set(id as string, (copies.get(id as string) ?? new Set()).add(what));
      }
      expect([...copies.values()].every((bodies) => bodies.size === 1)).toBe(true);
      expect(ids.length - copies.size).toBeLessThanOrEqual(rig.kills());
      // Every message recorded was sent, and each arrived under its own id: nothing else arrived.
      expect(new Set(copies.keys())).toEqual(new Set(rows.map((r) => r.id)));
    });
  }, 1_200_000);
});
