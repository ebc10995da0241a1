import { Notifications, notifications } from "@mantine/notifications";
import { onlineManager } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../../../tests/support/console";
import type { ProposalView } from "../../../shared/contracts/proposals";
import { renderInApp } from "../../components/render-in-app";
import { ProposalActions } from "./actions";
import { proposalViewOf } from "./proposal-view.fixture";

/** The API answers every move with `answer` (the proposal as it now is, or a refusal). */
function answerMoves(answer: { status: number; body: unknown }) {
  const fetch = vi.fn(
    async () =>
      new Response(JSON.stringify(answer.body), {
        status: answer.status,
        headers: { "content-type": "application/json" },
      }),
  );
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
afterEach(() => {
  // The stubbed fetch is put back by Vitest before the next test (unstubGlobals), after unmounting.
  // The toasts are one store for the file: each test starts with none shown and none queued.
  notifications.clean();
  notifications.cleanQueue();
});

function renderActions(proposal: ProposalView, next: Partial<ProposalView> = {}) {
  answerMoves({ status: 200, body: proposalViewOf({ ...proposal, ...next }) });
  renderInApp(
    <>
      <Notifications />
      <ProposalActions proposal={proposal} />
    </>,
  );
}

/** Waiting for the landlord (Lucia) on Ana's proposal. */
const landlordsTurn = proposalViewOf({ status: "enviada", turn: "landlord", role: "landlord" });
/** Waiting for the tenant (Ana) after Lucia's counter-offer. */
const tenantsTurn = proposalViewOf({});

describe("the toast after a move says what happened, and to whom", () => {
  it("approving: the contract is being prepared", async () => {
    renderActions(landlordsTurn, { status: "aprovada", turn: null });
    await userEvent.click(screen.getByRole("button", { name: "Aprovar" }));
    const dialog = await screen.findByRole("dialog", { name: "Aprovar esta proposta?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Aprovar" }));
    expect(
      await screen.findByText("Proposta aprovada. O contrato está sendo preparado."),
    ).toBeInTheDocument();
    expect(screen.queryByText("Feito.")).not.toBeInTheDocument();
  });

  it("the landlord's counter-offer goes to the tenant by name", async () => {
    renderActions(landlordsTurn, { status: "contraproposta", turn: "tenant" });
    await userEvent.click(screen.getByRole("button", { name: "Contrapropor" }));
    await userEvent.click(screen.getByRole("button", { name: "Enviar contraproposta" }));
    expect(await screen.findByText("Contraproposta enviada a Ana.")).toBeInTheDocument();
  });

  it("asking for documents names the tenant", async () => {
    renderActions(landlordsTurn, { status: "documentos_solicitados", turn: "tenant" });
    await userEvent.click(screen.getByRole("button", { name: "Pedir documentos" }));
    await userEvent.click(screen.getByLabelText("Comprovante de renda"));
    await userEvent.click(screen.getAllByRole("button", { name: "Pedir documentos" }).at(-1) as HTMLElement);
    expect(await screen.findByText("Documentos pedidos a Ana.")).toBeInTheDocument();
  });

  it("the tenant accepting the counter-offer: the contract is being prepared", async () => {
    renderActions(tenantsTurn, { status: "aprovada", turn: null });
    await userEvent.click(screen.getByRole("button", { name: "Aceitar contraproposta" }));
    // Accepting is the deal: the dialog says so before anything is sent.
    const dialog = await screen.findByRole("dialog", { name: "Aceitar a contraproposta?" });
    expect(dialog).toHaveTextContent("a proposta fica aprovada com estes termos");
    await userEvent.click(within(dialog).getByRole("button", { name: "Aceitar contraproposta" }));
    expect(
      await screen.findByText("Contraproposta aceita. O contrato está sendo preparado."),
    ).toBeInTheDocument();
  });

  it("the tenant declining the counter-offer: the landlord is told", async () => {
    renderActions(tenantsTurn, { status: "recusada", turn: null });
    await userEvent.click(screen.getByRole("button", { name: "Recusar" }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.type(within(dialog).getByRole("textbox"), "Prefiro outro imóvel.");
    await userEvent.click(within(dialog).getByRole("button", { name: "Recusar" }));
    expect(await screen.findByText("Contraproposta recusada. Avisamos Lucia.")).toBeInTheDocument();
  });

  it("withdrawing: the landlord is told", async () => {
    renderActions(tenantsTurn, { status: "retirada", turn: null });
    await userEvent.click(screen.getByRole("button", { name: "Retirar proposta" }));
    const dialog = await screen.findByRole("dialog", { name: "Retirar a proposta?" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Retirar proposta" }));
    expect(await screen.findByText("Proposta retirada. Avisamos Lucia.")).toBeInTheDocument();
  });
});

describe("a counter-offer the server refuses", () => {
  it("is said under the term it names, and the page moves there", async () => {
    answerMoves({
      status: 400,
      body: {
        code: "rent-out-of-range",
        message: "O aluguel proposto deve ficar entre 50% e 150% do aluguel anunciado.",
        issues: [
          {
            path: "termos.aluguel",
            message: "O aluguel proposto deve ficar entre 50% e 150% do aluguel anunciado.",
          },
        ],
      },
    });
    renderInApp(<ProposalActions proposal={landlordsTurn} />);
    await userEvent.click(screen.getByRole("button", { name: "Contrapropor" }));
    await userEvent.click(screen.getByRole("button", { name: "Enviar contraproposta" }));
    const rent = screen.getByLabelText("Aluguel proposto (R$)");
    await waitFor(() => expect(rent).toHaveFocus());
    expect(rent).toHaveAttribute("aria-invalid", "true");
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);
  });

  it("names no field: the page moves to its message", async () => {
    answerMoves({
      status: 409,
      body: { code: "not-your-turn", message: "Agora é a vez da outra parte." },
    });
    renderInApp(<ProposalActions proposal={landlordsTurn} />);
    await userEvent.click(screen.getByRole("button", { name: "Contrapropor" }));
    await userEvent.click(screen.getByRole("button", { name: "Enviar contraproposta" }));
    const refusal = await screen.findByRole("alert");
    expect(refusal).toHaveTextContent("Agora é a vez da outra parte.");
    await waitFor(() => expect(refusal).toHaveFocus());
  });
});

describe("the moves that conclude, offered only when the server takes them (decision 041)", () => {
  it("a landlord without the profile a contract needs sees the way to complete it, not Aprovar", async () => {
    const fetch = answerMoves({ status: 200, body: landlordsTurn });
    renderInApp(
      <ProposalActions
        proposal={{ ...landlordsTurn, dadosCompletos: { inquilino: true, locador: false } }}
      />,
    );
    expect(screen.queryByRole("button", { name: "Aprovar" })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Contrapropor" })).not.toBeInTheDocument();
    const notice = screen.getByTestId("cannot-close");
    expect(notice).toHaveTextContent("complete seus dados pessoais e seu endereço e renda");
    expect(within(notice).getByRole("link", { name: "Completar meus dados" })).toHaveAttribute(
      "href",
      expect.stringMatching(/^\/profile\?next=/),
    );
    // What does not conclude stays: she may still refuse or ask for documents.
    expect(screen.getByRole("button", { name: "Recusar" })).toBeInTheDocument();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("a tenant reads that the advertiser must complete the contract's data, with no Aceitar to press", () => {
    answerMoves({ status: 200, body: tenantsTurn });
    renderInApp(
      <ProposalActions proposal={{ ...tenantsTurn, dadosCompletos: { inquilino: true, locador: false } }} />,
    );
    expect(screen.queryByRole("button", { name: "Aceitar" })).not.toBeInTheDocument();
    expect(screen.getByTestId("cannot-close")).toHaveTextContent(
      "Quem anunciou ainda precisa completar os dados que o contrato pede",
    );
  });

  it("with both profiles complete, Aprovar is there", () => {
    answerMoves({ status: 200, body: landlordsTurn });
    renderInApp(<ProposalActions proposal={landlordsTurn} />);
    expect(screen.getByRole("button", { name: "Aprovar" })).toBeInTheDocument();
    expect(screen.queryByTestId("cannot-close")).not.toBeInTheDocument();
  });
});

describe("a move while offline", () => {
  it("says there is no connection instead of spinning, and the move can be sent again", async () => {
    expectConsoleError(/POST \/api\/proposals\/.+\/actions failed/);
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    onlineManager.setOnline(false);
    try {
      renderInApp(<ProposalActions proposal={landlordsTurn} />);
      await userEvent.click(screen.getByRole("button", { name: "Aprovar" }));
      const dialog = await screen.findByRole("dialog", { name: "Aprovar esta proposta?" });
      await userEvent.click(within(dialog).getByRole("button", { name: "Aprovar" }));
      expect(await within(dialog).findByText(/Sem conexão com o servidor/)).toBeInTheDocument();
      expect(within(dialog).getByRole("button", { name: "Aprovar" })).toBeEnabled();
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
