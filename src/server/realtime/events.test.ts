import { describe, expect, it } from "vitest";
import { apiPaths } from "../../shared/api-paths";
import { rentPaths } from "./events";

/*
 * The client refreshes a cached read when an event names its path, with or without a query string
 * (client/lib/query.ts readsPath). /Locacao reads the yearly statement with ?ano=: a payment or an
 * adjustment must name the statement's path, or the year's totals stay as they were.
 */
describe("what a change to a lease's money makes stale", () => {
  const lease = "c0ffee00-0000-4000-8000-000000000001";
  const charge = "5b1f7c3e-2a4d-4e6f-8a9b-0c1d2e3f4a5b";

  it("names the lease, the list, the charge and every year's statement", () => {
    const paths = rentPaths(lease, [charge]);
    expect(paths).toEqual(
      expect.arrayContaining([
        apiPaths.rent.lease(lease),
        apiPaths.rent.leases,
        apiPaths.rent.charge(charge),
        apiPaths.rent.statement(lease),
        apiPaths.rent.notices(lease),
      ]),
    );
    for (const ano of [2026, 2027])
      expect(apiPaths.rent.statement(lease, ano).startsWith(`${apiPaths.rent.statement(lease)}?`)).toBe(true);
  });
});
