import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../components/render-in-app";
import { ProposalActions } from "./actions";
import { proposalViewOf } from "./proposal-view.fixture";

/** A proposal waiting for the landlord, who may approve, counter, ask for documents or reject. */
const waiting = proposalViewOf({ status: "enviada", turn: "landlord", role: "landlord" });

/** Every request the forms make; none may leave while a field is wrong. */
function watchRequests() {
  const fetch = vi.fn(
    async () => new Response("{}", { status: 200, headers: { "content-type": "application/json" } }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}

describe("the moves with fields, on the server's own rules", () => {
  it("asks for the reason to reject inside the dialog and sends nothing without it", async () => {
    const requests = watchRequests();
    renderInApp(<ProposalActions proposal={waiting} />);
    await userEvent.click(screen.getByRole("button", { name: "Recusar" }));
    const dialog = await screen.findByRole("dialog", { name: "Recusar a proposta" });
    await userEvent.type(within(dialog).getByLabelText("Motivo (quem propôs verá)"), "no");
    await userEvent.click(within(dialog).getByRole("button", { name: "Recusar" }));
    expect(
      await within(dialog).findByText("Explique o motivo (de 3 a 1.000 caracteres)."),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText("Motivo (quem propôs verá)")).toHaveAttribute(
      "aria-invalid",
      "true",
    );
    expect(requests).not.toHaveBeenCalled();
  });

  it("sends the reason once it is one", async () => {
    const requests = watchRequests();
    renderInApp(<ProposalActions proposal={waiting} />);
    await userEvent.click(screen.getByRole("button", { name: "Recusar" }));
    const dialog = await screen.findByRole("dialog", { name: "Recusar a proposta" });
    await userEvent.type(
      within(dialog).getByLabelText("Motivo (quem propôs verá)"),
      "O imóvel já foi alugado.",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: "Recusar" }));
    await waitFor(() => expect(requests).toHaveBeenCalledTimes(1));
    const [, init] = requests.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(String(init.body))).toEqual({ action: "reject", motivo: "O imóvel já foi alugado." });
  });

  it("asks which documents before asking the tenant for them", async () => {
    const requests = watchRequests();
    renderInApp(<ProposalActions proposal={waiting} />);
    await userEvent.click(screen.getByRole("button", { name: "Pedir documentos" }));
    const send = screen.getAllByRole("button", { name: "Pedir documentos" }).at(-1) as HTMLElement;
    await userEvent.click(send);
    expect(await screen.findByText("Escolha pelo menos um documento.")).toBeInTheDocument();
    expect(requests).not.toHaveBeenCalled();
  });
});
