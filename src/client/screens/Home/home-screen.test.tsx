import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { OfferCard } from "../../../shared/contracts/listings";
import { renderScreen } from "../../app/testing";
import { HomeScreen } from "./home-screen";

const user = { id: "u1", name: "Rafael Costa", email: "rafael@example.com" };
const api = {
  "/api/search": { items: [], nextCursor: null, total: 0 },
  "/api/proposals": [],
  "/api/contracts": [],
  "/api/conversations": { items: [], unread: 0 },
};

describe("the signed-in home", { timeout: 30_000 }, () => {
  it("says what the person can do now, not what will come some day", async () => {
    renderScreen(<HomeScreen />, { path: "/", user, api });
    const welcome = (await screen.findByRole("heading", { name: "Olá, Rafael!" }))
      .parentElement as HTMLElement;
    expect(welcome).not.toHaveTextContent(/Em breve/);
    expect(welcome).toHaveTextContent(/Procure abaixo um imóvel para alugar/);
    expect(within(welcome).getByRole("link", { name: "Anunciar imóvel" })).toHaveAttribute(
      "href",
      "/AdicionarUnidade",
    );
    expect(within(welcome).getByRole("link", { name: "Meus dados" })).toHaveAttribute("href", "/profile");
    expect(within(welcome).getByRole("link", { name: "Meus documentos" })).toHaveAttribute(
      "href",
      "/profile3",
    );
  });
});

describe("“Para você” on the signed-in home", { timeout: 30_000 }, () => {
  const OFFER = "3e5f7a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b";
  const card: OfferCard = {
    id: OFFER,
    tipo: "apartamento",
    bairro: "São Cristóvão",
    cidade: "Rio de Janeiro",
    uf: "RJ",
    quartos: 2,
    banheiros: 1,
    vagas: 0,
    areaM2: 60,
    mobiliado: false,
    aceitaPets: true,
    aluguel: 250000,
    total: 329000,
    capa: null,
    capaInfo: null,
    publishedAt: "2026-11-25T10:00:00.000Z",
  };

  it("shows the offers that fit one's saved searches, each a link to its offer", async () => {
    renderScreen(<HomeScreen />, {
      path: "/",
      user,
      api: { ...api, "GET /api/preferences/for-you": [card] },
    });
    const strip = await screen.findByTestId("for-you");
    expect(within(strip).getByRole("heading", { name: "Para você" })).toBeInTheDocument();
    const offer = within(strip).getByRole("link", { name: /Apartamento no bairro São Cristóvão/ });
    expect(offer).toHaveAttribute("href", `/AluguelOferta?id=${OFFER}`);
    expect(offer).toHaveTextContent("Rio de Janeiro – RJ · R$ 3.290,00");
    expect(within(strip).getByRole("link", { name: "Minhas buscas" })).toHaveAttribute(
      "href",
      "/preferences",
    );
  });
});

describe("the home's layout", { timeout: 30_000 }, () => {
  it("is the one the server decides for `/` (a flag, the person's choice or the default), and each /vN keeps its own", async () => {
    const layout = (v: string) => ({ layout: v, source: "choice", choice: v });
    renderScreen(<HomeScreen />, {
      path: "/",
      user,
      api: { ...api, "/api/privacy/home-layout": layout("v4") },
    });
    const chosen = await screen.findByRole("radiogroup", { name: "Visualização" });
    expect(within(chosen).getByRole("radio", { name: "Tabela" })).toBeChecked();
  });

  it("/v3 shows the cards whatever `/` shows", async () => {
    renderScreen(<HomeScreen />, {
      path: "/v3",
      user,
      api: { ...api, "/api/privacy/home-layout": { layout: "v4", source: "flag", choice: null } },
    });
    const chosen = await screen.findByRole("radiogroup", { name: "Visualização" });
    expect(within(chosen).getByRole("radio", { name: "Cartões" })).toBeChecked();
  });
});
