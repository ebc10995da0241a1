import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderInApp } from "../../components/render-in-app";
import { ProposalActions } from "./actions";
import { proposalViewOf } from "./proposal-view.fixture";

const proposal = proposalViewOf;

const invalid = () => [...document.querySelectorAll('[aria-invalid="true"]')];

describe("the counter-offer form", () => {
  it("says a term out of range under the term only, and moves to it", async () => {
    renderInApp(<ProposalActions proposal={proposal({})} />);
    await userEvent.click(screen.getByRole("button", { name: "Contrapropor" }));
    const term = screen.getByLabelText("Prazo (meses)");
    await userEvent.clear(term);
    await userEvent.type(term, "1");
    await userEvent.click(screen.getByRole("button", { name: "Enviar contraproposta" }));
    expect(await screen.findByText(/O prazo deve ser de 12 a 120 meses/)).toBeInTheDocument();
    expect(invalid()).toEqual([term]);
    await waitFor(() => expect(term).toHaveFocus());
  });

  it("says a caução above 3 months", async () => {
    renderInApp(<ProposalActions proposal={proposal({})} />);
    await userEvent.click(screen.getByRole("button", { name: "Contrapropor" }));
    const deposit = screen.getByLabelText("Caução (meses de aluguel)");
    await userEvent.clear(deposit);
    await userEvent.type(deposit, "4");
    await userEvent.click(screen.getByRole("button", { name: "Enviar contraproposta" }));
    expect(
      await screen.findByText("A caução não pode passar de 3 meses de aluguel (Lei 8.245, art. 38)."),
    ).toBeInTheDocument();
    expect(invalid()).toEqual([deposit]);
  });

  it("asks the tenant for the new guarantor the landlord asked for, field by field", async () => {
    renderInApp(
      <ProposalActions
        proposal={proposal({ termos: { ...proposal({}).termos, garantia: "fiador", caucaoMeses: null } })}
      />,
    );
    await userEvent.click(screen.getByRole("button", { name: "Indicar nova pessoa fiadora" }));
    await userEvent.type(screen.getByLabelText("CPF da pessoa fiadora"), "123");
    await userEvent.click(screen.getByRole("button", { name: "Enviar nova pessoa fiadora" }));
    expect(await screen.findByText("Informe o nome completo, com nome e sobrenome.")).toBeInTheDocument();
    expect(screen.getByText(/CPF inválido: confira os números/)).toBeInTheDocument();
    expect(screen.getByText("Informe um e-mail válido.")).toBeInTheDocument();
    expect(screen.getByText(/Informe a relação da pessoa fiadora com você/)).toBeInTheDocument();
    // The terms were fine: nothing is said under them.
    expect(screen.getByLabelText("Aluguel proposto (R$)")).not.toHaveAttribute("aria-invalid", "true");
  });

  it("never shows the landlord guarantor fields: she can only ask for another", async () => {
    renderInApp(
      <ProposalActions
        proposal={proposal({
          status: "enviada",
          turn: "landlord",
          role: "landlord",
          termos: { ...proposal({}).termos, garantia: "fiador", caucaoMeses: null },
          fiador: { nome: "Rita Souza", cpf: "52998224725", email: "rita@example.com", parentesco: "mãe" },
        })}
      />,
    );
    expect(screen.getByRole("button", { name: "Pedir outra pessoa fiadora" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Contrapropor" }));
    expect(screen.queryByTestId("guarantor-fields")).not.toBeInTheDocument();
  });
});
