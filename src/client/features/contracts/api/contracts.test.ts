import type { Query } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import type { ContractView } from "../../../../shared/contracts/contracts";
import { contractQuery, SEALING_RECHECK_MS } from "./contracts";

type ContractRead = Query<ContractView, Error, ContractView, string[]>;
const withStatus = (status: ContractView["status"] | undefined) =>
  ({ state: { data: status ? { status } : undefined } }) as unknown as ContractRead;

describe("a contract's read", () => {
  it("is read again while the seal job runs, so a missed live event cannot leave it on Selando", () => {
    const every = contractQuery("c1").refetchInterval;
    if (typeof every !== "function") throw new Error("refetchInterval should depend on the contract");
    expect(every(withStatus("selando"))).toBe(SEALING_RECHECK_MS);
    for (const status of ["rascunho", "enviado", "assinado", "cancelado"] as const)
      expect(every(withStatus(status))).toBe(false);
    expect(every(withStatus(undefined))).toBe(false);
  });
});
