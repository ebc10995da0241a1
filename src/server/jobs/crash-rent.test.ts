import { describe, expect, it } from "vitest";
import { lastSignatureKilledAt, paymentKilledAt, until, withRig } from "../../../tests/support/crash-rig";
import { brazilDate } from "../../shared/contracts/proposals";
import type { LeaseView } from "../../shared/contracts/rent";

/* kill -9 of a real server process right after a commit; the rig and its steps: tests/support/crash-rig.ts. */

describe("a crash right after a commit", () => {
  it('charges a lease sealed after a kill once a month, and pays a "recebi" killed at 0, 60 and 150 ms once with one receipt', async () => {
    await withRig("crash_rent", async (rig) => {
      // Entering today, so that a payment made today is not before the lease.
      const { lease, landlord, tenant } = await lastSignatureKilledAt(rig, 40, {
        dataEntrada: brazilDate(new Date()),
      });
      const charges = await until("the lease's charges", async () => {
        const view = (await rig.call("GET", `/api/leases/${lease.id}`, tenant.cookie)).json<LeaseView>();
        return view.cobrancas.length >= 3 ? view.cobrancas : undefined;
      });
      const months = charges.map((c) => c.competencia);
      expect(new Set(months).size).toBe(months.length);
      for (const delay of [0, 60, 150]) await paymentKilledAt(rig, lease.id, { landlord, tenant }, delay);
      const receipts = (await rig.call("GET", `/api/leases/${lease.id}`, tenant.cookie))
        .json<LeaseView>()
        .cobrancas.filter((c) => c.reciboId);
      expect(new Set(receipts.map((c) => c.reciboId)).size).toBe(3);
    });
  }, 900_000);
});
