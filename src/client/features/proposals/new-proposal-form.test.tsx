import { fireEvent, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { addMonths, brazilDate } from "../../../shared/contracts/proposals";
import { renderInApp } from "../../components/render-in-app";
import { NewProposalForm } from "./new-proposal-form";

const OFFER_ID = "6f1f3c1e-8a53-4f4b-9a43-1b2c3d4e5f60";
const today = brazilDate(new Date());
const offer = (garantias: string[]) => ({
  aluguel: 250_000,
  garantias,
  prazoMeses: 30,
  caucaoMeses: 2,
  disponivelEm: addMonths(today, 1),
});

function renderForm(garantias: string[]) {
  const onSent = vi.fn();
  renderInApp(<NewProposalForm offerId={OFFER_ID} offer={offer(garantias)} onSent={onSent} />);
  return onSent;
}

const send = () => userEvent.click(screen.getByRole("button", { name: "Enviar proposta" }));
const invalid = () => [...document.querySelectorAll('[aria-invalid="true"]')];

describe("the new-proposal form", () => {
  it("shows the asking rent under the rent one offers, with the range the rules allow", () => {
    renderForm(["caucao"]);
    expect(screen.getByLabelText("Aluguel proposto (R$)")).toHaveAccessibleDescription(
      "anunciado: R$ 2.500,00 · Entre R$ 1.250,00 e R$ 3.750,00 (50% a 150% do anunciado)",
    );
  });

  it("says a rent out of the offer's range under the rent only, not under the valid terms", async () => {
    const onSent = renderForm(["caucao"]);
    await userEvent.type(screen.getByLabelText("Sua renda mensal (R$)"), "9000");
    const rent = screen.getByLabelText("Aluguel proposto (R$)");
    await userEvent.clear(rent);
    await userEvent.type(rent, "1");
    await send();
    expect(
      await screen.findByText("O aluguel proposto deve ficar entre 50% e 150% do aluguel anunciado."),
    ).toBeInTheDocument();
    expect(invalid()).toEqual([rent]);
    // The page moves to the first error (on a phone it may be above the fold).
    await waitFor(() => expect(rent).toHaveFocus());
    expect(onSent).not.toHaveBeenCalled();
  });

  it("says a term out of range instead of correcting it, and the household's missing fields", async () => {
    renderForm(["caucao"]);
    const term = screen.getByLabelText("Prazo (meses)");
    await userEvent.clear(term);
    await userEvent.type(term, "1");
    await userEvent.clear(screen.getByLabelText("Moradores"));
    await send();
    expect(await screen.findByText(/O prazo deve ser de 12 a 120 meses/)).toBeInTheDocument();
    expect(screen.getByText("Moradores: de 1 a 20 pessoas.")).toBeInTheDocument();
    expect(screen.getByText("Informe a renda mensal em reais, zero ou mais.")).toBeInTheDocument();
    expect(term).toHaveValue("1");
  });

  it.each([
    ["Aluguel proposto (R$)", "O aluguel proposto deve ficar entre 50% e 150% do aluguel anunciado."],
    ["Prazo (meses)", /O prazo deve ser de 12 a 120 meses/],
    ["Data de entrada", "Informe uma data válida."],
  ])("says an empty %s under it alone, with that term's own rule", async (label, message) => {
    renderForm(["caucao"]);
    await userEvent.type(screen.getByLabelText("Sua renda mensal (R$)"), "9000");
    const field = screen.getByLabelText(label);
    // A date field empties at once (a phone's picker, the keyboard's delete on a segment).
    fireEvent.change(field, { target: { value: "" } });
    await send();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(invalid(), "only the empty term is marked").toEqual([field]);
    await waitFor(() => expect(field).toHaveFocus());
  });

  it("asks for the guarantor's name, CPF, e-mail, relationship and marital status when the guarantee is fiador", async () => {
    renderForm(["fiador"]);
    await userEvent.type(screen.getByLabelText("Sua renda mensal (R$)"), "9000");
    await userEvent.type(screen.getByLabelText("CPF da pessoa fiadora"), "111.111.111-11");
    await send();
    expect(await screen.findByText("Informe o nome completo, com nome e sobrenome.")).toBeInTheDocument();
    expect(screen.getByText(/CPF inválido: confira os números/)).toBeInTheDocument();
    expect(screen.getByText("Informe um e-mail válido.")).toBeInTheDocument();
    expect(screen.getByText(/Informe a relação da pessoa fiadora com você/)).toBeInTheDocument();
    expect(screen.getByText("Escolha o estado civil.")).toBeInTheDocument();
    expect(invalid()).toHaveLength(5);
  });
});
