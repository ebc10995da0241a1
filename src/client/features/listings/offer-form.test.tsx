import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderUi } from "../../lib/testing";
import { OfferForm } from "./offer-form";

const errors = ptBR.errors;
const rent = () => screen.getByRole("textbox", { name: ptBR.offer.fields.aluguel });

function renderForm(onSave = vi.fn(async () => undefined)) {
  renderUi(<OfferForm onSave={onSave} />);
  return onSave;
}

// A whole form in jsdom is slow on a busy machine; these wait for its checks, not for a server.
describe("OfferForm", { timeout: 30_000 }, () => {
  it("asks for the rent and for at least one guarantee, and saves nothing", async () => {
    const onSave = renderForm();
    await userEvent.click(screen.getByRole("checkbox", { name: ptBR.listings.guarantees.seguro_fianca }));
    await userEvent.click(screen.getByRole("button", { name: ptBR.offer.save }));
    expect(await screen.findByText(errors["invalid-rent"])).toBeInTheDocument();
    expect(screen.getByText(errors["guarantee-required"])).toBeInTheDocument();
    expect(rent()).toHaveAttribute("aria-invalid", "true");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses a rent under R$ 1,00", async () => {
    renderForm();
    await userEvent.type(rent(), "0,50");
    await userEvent.click(screen.getByRole("button", { name: ptBR.offer.save }));
    expect(await screen.findByText(errors["invalid-rent"])).toBeInTheDocument();
  });

  it("sends the reais typed as centavos, and shows the package", async () => {
    const onSave = renderForm();
    await userEvent.type(rent(), "2500");
    expect(screen.getByTestId("pacote")).toHaveTextContent("R$ 2.500,00");
    await userEvent.click(screen.getByRole("button", { name: ptBR.offer.save }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ aluguel: 250_000, condominio: 0, garantias: ["seguro_fianca"] }),
    );
  });
});
