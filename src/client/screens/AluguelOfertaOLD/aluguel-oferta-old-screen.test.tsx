import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../app/testing";
import { OFFER_ID, offerView } from "../../features/listings/offer-view.fixture";
import { AluguelOfertaOldScreen } from "./aluguel-oferta-old-screen";

const path = `/AluguelOfertaOLD?id=${OFFER_ID}`;

describe("/AluguelOfertaOLD", { timeout: 30_000 }, () => {
  it("does not show the street to a visitor, as /AluguelOferta does not", async () => {
    renderScreen(<AluguelOfertaOldScreen />, { path, api: { [`/api/offers/${OFFER_ID}`]: offerView() } });
    expect(await screen.findByTestId("offer-old")).toBeInTheDocument();
    expect(screen.queryByText(/Rua Coronel Quirino/)).not.toBeInTheDocument();
    expect(screen.queryByRole("rowheader", { name: "Endereço" })).not.toBeInTheDocument();
  });

  it("shows the owner the full address", async () => {
    const offer = offerView({ isOwner: true });
    offer.unidade = { ...offer.unidade, numero: "120", complemento: "apto 41", cep: "13025000" };
    renderScreen(<AluguelOfertaOldScreen />, {
      path,
      user: { id: "o1", name: "Helena Souza", email: "helena@example.com" },
      api: { [`/api/offers/${OFFER_ID}`]: offer },
    });
    expect(await screen.findByText("Rua Coronel Quirino, 120 – apto 41")).toBeInTheDocument();
  });

  it("says the term and the deposit in months, and yes or no, in words", async () => {
    renderScreen(<AluguelOfertaOldScreen />, { path, api: { [`/api/offers/${OFFER_ID}`]: offerView() } });
    const term = await screen.findByRole("rowheader", { name: "Prazo do contrato" });
    expect(term.nextElementSibling).toHaveTextContent(/^30 meses$/);
    const deposit = screen.getByRole("rowheader", { name: "Caução" });
    expect(deposit.nextElementSibling).toHaveTextContent(/^1 mês \(R\$\s2\.500,00\)$/);
    expect(
      screen.getByRole("rowheader", { name: "Aceita animais de estimação" }).nextElementSibling,
    ).toHaveTextContent("Sim");
    expect(screen.getByTestId("offer-title")).toHaveTextContent("Apartamento no bairro Cambuí");
  });
});
