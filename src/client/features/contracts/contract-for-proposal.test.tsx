import { act, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "../../app/testing";
import { ContractForProposal } from "./contract-for-proposal";
import { contractView } from "./contract-view.fixture";

const user = { id: "u1", name: "Marta Alves", email: "marta@example.com" };
const PROPOSAL = "0b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e";

const written = contractView({ garantia: "seguro_fianca", proposalId: PROPOSAL });

afterEach(() => vi.useRealTimers());

describe("the contract of an approved proposal", () => {
  it("shows up even when the page read the list before the job wrote it and missed its live event", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reads = 0;
    renderScreen(<ContractForProposal proposalId={PROPOSAL} />, {
      user,
      // The first read comes before the contract exists; no live event follows.
      api: { "/api/contracts": () => (reads++ === 0 ? [] : [written]) },
    });
    expect(await screen.findByTestId("contract-preparing")).toHaveTextContent(
      "O contrato está sendo preparado",
    );
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    expect(await screen.findByTestId("open-contract")).toHaveAttribute(
      "href",
      `/Clicksign?contrato=${written.id}`,
    );
    // Once it shows, the list is not read again and again.
    const after = reads;
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(reads).toBe(after);
  });
});
