import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../app/testing";
import { OFFER_ID, offerView } from "../../features/listings/offer-view.fixture";
import { AluguelOfertaScreen } from "./aluguel-oferta-screen";

describe("/AluguelOferta", { timeout: 30_000 }, () => {
  it("without an offer, sends a visitor to the search, not to Meus imóveis", async () => {
    renderScreen(<AluguelOfertaScreen />, { path: "/AluguelOferta" });
    const missing = await screen.findByTestId("offer-missing");
    expect(within(missing).getByRole("link", { name: "Procurar imóveis" })).toHaveAttribute("href", "/");
    expect(missing).not.toHaveTextContent("Meus imóveis");
    // The page still says what it is, in its one heading.
    expect(screen.getByRole("heading", { level: 1 })).toHaveTextContent("Oferta de aluguel");
  });

  it("without an offer, also tells a signed-in person where to create one", async () => {
    renderScreen(<AluguelOfertaScreen />, {
      path: "/AluguelOferta",
      user: { id: "u1", name: "Helena Souza", email: "helena@example.com" },
    });
    const missing = await screen.findByTestId("offer-missing");
    expect(within(missing).getByRole("link", { name: "Procurar imóveis" })).toBeInTheDocument();
    expect(within(missing).getByRole("link", { name: "Meus imóveis" })).toHaveAttribute(
      "href",
      "/AdicionarUnidade",
    );
  });

  it("tells a visitor on a rented offer that it is rented, instead of a missing button", async () => {
    renderScreen(<AluguelOfertaScreen />, {
      path: `/AluguelOferta?id=${OFFER_ID}`,
      api: { [`/api/offers/${OFFER_ID}`]: offerView({ status: "alugada" }) },
    });
    expect(await screen.findByTestId("offer-unavailable")).toHaveTextContent("Este imóvel já foi alugado.");
    expect(screen.queryByTestId("make-proposal")).not.toBeInTheDocument();
  });

  it("counts in words: no parking is 'sem vaga', one term month is '1 mês'", async () => {
    const offer = offerView({ prazoMeses: 1 });
    renderScreen(<AluguelOfertaScreen />, {
      path: `/AluguelOferta?id=${OFFER_ID}`,
      api: { [`/api/offers/${OFFER_ID}`]: offer },
    });
    expect(await screen.findByTestId("offer-title")).toHaveTextContent("Apartamento no bairro Cambuí");
    expect(screen.getByText("1 quarto · 68 m² · sem vaga")).toBeInTheDocument();
    expect(screen.getByText("Contrato de 1 mês, reajuste anual pelo IGP-M")).toBeInTheDocument();
    expect(screen.queryByText(/Rua Coronel Quirino/)).not.toBeInTheDocument();
  });
});
