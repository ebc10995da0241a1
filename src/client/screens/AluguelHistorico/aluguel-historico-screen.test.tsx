import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../app/testing";
import { proposalViewOf } from "../../features/proposals/proposal-view.fixture";
import { AluguelHistoricoScreen } from "./aluguel-historico-screen";

const user = { id: "u1", name: "Ana Souza", email: "ana@example.com" };
const signed = proposalViewOf({ id: "11111111-1111-4111-8111-111111111111", status: "aprovada", turn: null });
const waiting = proposalViewOf({
  id: "22222222-2222-4222-8222-222222222222",
  status: "enviada",
  turn: "landlord",
  role: "landlord",
});
/** The contracts list as the API gives it; the history reads only which proposal and its step. */
const contract = { id: "c0ffee00-0000-4000-8000-000000000001", proposalId: signed.id, status: "assinado" };

function renderHistory() {
  return renderScreen(<AluguelHistoricoScreen />, {
    path: "/AluguelHistorico",
    user,
    api: { "GET /api/proposals": [signed, waiting], "GET /api/contracts": [contract] },
  });
}

describe("/AluguelHistorico", { timeout: 30_000 }, () => {
  it("says the contract's step once the approved proposal has a contract, not 'Aprovada'", async () => {
    renderHistory();
    const [first, second] = await screen.findAllByTestId("history-item");
    expect(within(first as HTMLElement).getByTestId("proposal-status")).toHaveTextContent(
      "Contrato assinado",
    );
    expect(within(second as HTMLElement).getByTestId("proposal-status")).toHaveTextContent(
      "Com a parte locadora",
    );
  });

  it("shows the way to the contract on the card, without opening anything", async () => {
    renderHistory();
    const [first, second] = await screen.findAllByTestId("history-item");
    const link = within(first as HTMLElement).getByRole("link", { name: "Ver contrato" });
    expect(link).toHaveAttribute("href", `/Clicksign?contrato=${contract.id}`);
    expect(
      within(second as HTMLElement).queryByRole("link", { name: "Ver contrato" }),
    ).not.toBeInTheDocument();
    // The proposal itself is one tap away too, as the party it belongs to.
    expect(within(second as HTMLElement).getByRole("link", { name: "Abrir" })).toHaveAttribute(
      "href",
      `/AprovarProposta?id=${waiting.id}`,
    );
  });

  it("filters by role, named short enough to fit a phone's width", async () => {
    renderHistory();
    await screen.findAllByTestId("history-item");
    const roles = screen.getByRole("radiogroup", { name: "Papel" });
    await userEvent.click(within(roles).getByLabelText("Parte locadora"));
    expect(screen.getAllByTestId("history-item")).toHaveLength(1);
    expect(screen.getByTestId("location")).toHaveTextContent("/AluguelHistorico?papel=landlord");
  });
});
