import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../components/render-in-app";
import { ProposalDetail } from "./proposal-detail";
import { proposalViewOf } from "./proposal-view.fixture";

describe("the proposal's total and income ratio", () => {
  // Asking R$ 2.500 with R$ 500 of condomínio, IPTU and seguro (pacote R$ 3.000); R$ 2.000 offered.
  const proposal = proposalViewOf({
    termos: { ...proposalViewOf().termos, aluguel: 200_000 },
    renda: 750_000,
    rendaTotal: 750_000,
    razaoRenda: 3,
  });

  it("shows the tenant the total for the rent being offered, and the ratio on that total", () => {
    renderInApp(<ProposalDetail proposal={proposal} />);
    const total = screen.getByTestId("total-at-rent");
    expect(total).toHaveTextContent("R$ 2.500,00 por mês");
    expect(total).toHaveTextContent("Aluguel R$ 2.000,00 + condomínio, IPTU e seguro incêndio R$ 500,00");
    expect(screen.queryByText("R$ 3.000,00")).not.toBeInTheDocument();
    // R$ 7.500 over R$ 2.500: 3×, the same numbers as the card.
    expect(screen.getByTestId("income-ratio")).toHaveTextContent("Renda ÷ pacote: 3× · Saudável");
  });

  it("shows the asking rent beside the offered one", () => {
    renderInApp(<ProposalDetail proposal={proposal} />);
    const rent = within(screen.getByTestId("terms")).getByTestId("rent");
    expect(rent).toHaveTextContent("Aluguel proposto: R$ 2.000,00 (anunciado: R$ 2.500,00)");
  });
});

describe("the proposal's term, in months", () => {
  // The landlord countered 30 months and 1 month of caução with 36 months and 2.
  const proposal = proposalViewOf({
    termos: { ...proposalViewOf().termos, prazoMeses: 36, caucaoMeses: 2 },
    events: [
      {
        id: "e1",
        type: "contraproposta",
        actor: "landlord",
        changes: { prazoMeses: [30, 36], caucaoMeses: [1, 2] },
        detail: null,
        createdAt: new Date().toISOString(),
      },
    ],
  });

  it("reads the term as 'Prazo: 36 meses' in the terms, never '(meses)'", () => {
    renderInApp(<ProposalDetail proposal={proposal} />);
    const terms = screen.getByTestId("terms");
    expect(terms).toHaveTextContent("Prazo: 36 meses · Garantia: Caução (2 meses)");
    expect(terms.textContent).not.toMatch(/\(meses\)/);
  });

  it("gives the term and the caução their unit in the timeline's changes", () => {
    renderInApp(<ProposalDetail proposal={proposal} />);
    const timeline = screen.getByTestId("timeline");
    expect(timeline).toHaveTextContent("Prazo: 30 meses 36 meses");
    expect(timeline).toHaveTextContent("Caução: 1 mês 2 meses");
    expect(within(timeline).getByText("30 meses").tagName).toBe("S");
    expect(timeline.textContent).not.toMatch(/\(meses\)/);
  });
});

describe("the proposal's header once its contract moves on", () => {
  it("says the contract's step ('Assinado'), not 'Aprovada', after the contract is signed", async () => {
    const proposal = proposalViewOf({ status: "aprovada", turn: null });
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify([{ id: "c1", proposalId: proposal.id, status: "assinado" }]), {
            status: 200,
            headers: { "content-type": "application/json" },
          }),
      ),
    );
    renderInApp(<ProposalDetail proposal={proposal} />);
    const badge = screen.getByTestId("proposal-status");
    await waitFor(() => expect(badge).toHaveTextContent("Contrato assinado"));
    expect(badge).not.toHaveTextContent("Aprovada");
  });
});

describe("a proposal made in a company's name (issue 34)", () => {
  const empresa = {
    razaoSocial: "Alfa Comércio de Imóveis Ltda.",
    nomeFantasia: "Alfa Imóveis",
    cnpj: "12.ABC.345/01DE-35",
  };
  const words = "Em nome de Alfa Comércio de Imóveis Ltda. · CNPJ 12.ABC.345/01DE-35";

  it("shows the landlord the company beside the tenant's name", () => {
    renderInApp(
      <ProposalDetail proposal={proposalViewOf({ role: "landlord", inquilino: { nome: "Ana", empresa } })} />,
    );
    expect(screen.getByTestId("tenant-name")).toHaveTextContent("Ana");
    expect(screen.getByTestId("tenant-company")).toHaveTextContent(words);
  });

  it("shows the tenant whose name the proposal is in", () => {
    renderInApp(
      <ProposalDetail proposal={proposalViewOf({ role: "tenant", inquilino: { nome: "Ana", empresa } })} />,
    );
    expect(screen.getByTestId("tenant-company")).toHaveTextContent(words);
  });

  it("says nothing of a company for a proposal in one's own name", () => {
    renderInApp(<ProposalDetail proposal={proposalViewOf({ role: "landlord" })} />);
    expect(screen.getByTestId("tenant-name")).toHaveTextContent("Ana");
    expect(screen.queryByTestId("tenant-company")).not.toBeInTheDocument();
  });
});
