import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderScreen } from "../../app/testing";
import { OFFER_ID, offerView } from "../../features/listings/offer-view.fixture";
import { completeProfileOf } from "../../features/profile/profile-view.fixture";
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

  it("tells a visitor that an offer whose advertiser has not completed the contract's data takes no proposal yet", async () => {
    renderScreen(<AluguelOfertaScreen />, {
      path: `/AluguelOferta?id=${OFFER_ID}`,
      api: { [`/api/offers/${OFFER_ID}`]: offerView({ recebePropostas: false }) },
    });
    expect(await screen.findByTestId("offer-unavailable")).toHaveTextContent(
      "Esta oferta ainda não recebe propostas",
    );
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

  describe("publishing needs what the contract needs, said up front (decision 041)", () => {
    const draft = offerView({ status: "rascunho", isOwner: true });
    const withPhoto = offerView({
      status: "rascunho",
      isOwner: true,
      unidade: { ...draft.unidade, fotos: ["7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"] },
    });
    const owner = { id: "u1", name: "Imobiliária Horizonte", email: "contato@horizonte.example" };
    const noProfile = { personal: null, address: null, complete: false };

    it("a draft's owner without a profile reads what is missing and the way to it, not Publicar", async () => {
      renderScreen(<AluguelOfertaScreen />, {
        path: `/AluguelOferta?id=${OFFER_ID}`,
        user: owner,
        api: {
          [`/api/offers/${OFFER_ID}`]: offerView({ status: "rascunho", isOwner: true }),
          "/api/profile": noProfile,
        },
      });
      const needs = await screen.findByTestId("publish-needs");
      expect(needs).toHaveTextContent("Para publicar, o contrato precisa dos seus dados");
      expect(within(needs).getByRole("link", { name: "Completar meus dados" })).toHaveAttribute(
        "href",
        `/profile?next=${encodeURIComponent(`/AluguelOferta?id=${OFFER_ID}`)}`,
      );
      expect(screen.queryByRole("button", { name: "Publicar" })).not.toBeInTheDocument();
    });

    it("with half the profile, names the half missing and links to it", async () => {
      const half = { ...completeProfileOf(), address: null, complete: false };
      renderScreen(<AluguelOfertaScreen />, {
        path: `/AluguelOferta?unidade=${offerView().unidade.id}`,
        user: owner,
        api: { [`/api/units/${offerView().unidade.id}`]: offerView().unidade, "/api/profile": half },
      });
      const needs = await screen.findByTestId("publish-needs");
      expect(needs).toHaveTextContent("precisa do seu endereço e da sua renda");
      expect(within(needs).getByRole("link", { name: "Completar meus dados" })).toHaveAttribute(
        "href",
        expect.stringMatching(/^\/profile2\?next=/),
      );
    });

    it("with a complete profile, Publicar is there and nothing is asked", async () => {
      renderScreen(<AluguelOfertaScreen />, {
        path: `/AluguelOferta?id=${OFFER_ID}`,
        user: owner,
        api: {
          [`/api/offers/${OFFER_ID}`]: withPhoto,
          "/api/profile": completeProfileOf(),
        },
      });
      expect(await screen.findByRole("button", { name: "Publicar" })).toBeInTheDocument();
      expect(screen.queryByTestId("publish-needs")).not.toBeInTheDocument();
      expect(screen.queryByTestId("publish-needs-photo")).not.toBeInTheDocument();
    });

    it("a draft whose unit has no photo says so before Publicar, with the way to add one", async () => {
      renderScreen(<AluguelOfertaScreen />, {
        path: `/AluguelOferta?id=${OFFER_ID}`,
        user: owner,
        api: {
          [`/api/offers/${OFFER_ID}`]: offerView({ status: "rascunho", isOwner: true }),
          "/api/profile": completeProfileOf(),
        },
      });
      const needs = await screen.findByTestId("publish-needs-photo");
      expect(needs).toHaveTextContent("Adicione pelo menos uma foto ao imóvel antes de publicar.");
      expect(within(needs).getByRole("link", { name: "Adicionar fotos" })).toHaveAttribute(
        "href",
        `/AdicionarUnidade/${offerView().unidade.id}`,
      );
      expect(screen.queryByRole("button", { name: "Publicar" })).not.toBeInTheDocument();
    });
  });
});
