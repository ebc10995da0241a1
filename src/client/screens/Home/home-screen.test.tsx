import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { OfferCard } from "../../../shared/contracts/listings";
import { renderScreen } from "../../app/testing";
import { CONTRACT_ID, contractView } from "../../features/contracts/contract-view.fixture";
import { HomeScreen } from "./home-screen";

const user = { id: "u1", name: "Rafael Costa", email: "rafael@example.com" };
const api = {
  "/api/search": { items: [], nextCursor: null, total: 0 },
  "/api/proposals": [],
  "/api/contracts": [],
  "/api/messages": { conversations: [], unread: 0 },
};

/**
 * The signed-in part of the home is a chunk of its own: its first import can take a while when
 * the suite runs three files at once on two cores (5 s was once not enough); the tests allow 30 s.
 */
const LOADED = { timeout: 20_000 };

const contract = contractView;

describe("the signed-in home", { timeout: 30_000 }, () => {
  it("greets in one line and leads to one's data and documents, then the search", async () => {
    renderScreen(<HomeScreen />, { path: "/", user, api });
    const greeting = await screen.findByTestId("greeting", {}, LOADED);
    expect(within(greeting).getByRole("heading", { name: "Olá, Rafael!" })).toBeInTheDocument();
    expect(greeting).not.toHaveTextContent(/Em breve|Procure abaixo/);
    expect(await within(greeting).findByRole("link", { name: "Meus dados" }, LOADED)).toHaveAttribute(
      "href",
      "/profile",
    );
    expect(within(greeting).getByRole("link", { name: "Meus documentos" })).toHaveAttribute(
      "href",
      "/profile3",
    );
    expect(await screen.findByTestId("result-count")).toBeInTheDocument();
  });

  it("does not push a tenant with no units to advertise: “Anunciar imóvel” is a quiet link, not a button", async () => {
    renderScreen(<HomeScreen />, { path: "/", user, api: { ...api, "/api/units": [] } });
    const advertise = await screen.findByRole("link", { name: "Anunciar imóvel" }, LOADED);
    expect(advertise).toHaveAttribute("href", "/AdicionarUnidade");
    expect(advertise).not.toHaveClass("mantine-Button-root");
    expect(screen.queryByRole("link", { name: "Meus imóveis" })).not.toBeInTheDocument();
  });

  it("gives a landlord with units “Meus imóveis” as the action, and no call to advertise", async () => {
    renderScreen(<HomeScreen />, {
      path: "/",
      user,
      api: { ...api, "/api/units": [{ id: "u1" }] },
    });
    const units = await screen.findByRole("link", { name: "Meus imóveis" }, LOADED);
    expect(units).toHaveAttribute("href", "/AdicionarUnidade");
    expect(units).toHaveClass("mantine-Button-root");
    expect(screen.queryByRole("link", { name: "Anunciar imóvel" })).not.toBeInTheDocument();
  });
});

describe("what awaits on the home", { timeout: 30_000 }, () => {
  it("tells the landlord that the contract waits for her review, and leads to it", async () => {
    renderScreen(<HomeScreen />, {
      path: "/",
      user,
      api: { ...api, "/api/contracts": [contract({ role: "landlord", status: "rascunho" })] },
    });
    const strip = await screen.findByRole("navigation", { name: "O que espera por você" }, LOADED);
    expect(
      await within(strip).findByRole("link", { name: "Revise e envie o contrato para assinatura" }),
    ).toHaveAttribute("href", `/Clicksign?contrato=${CONTRACT_ID}`);
  });

  it("does not ask the tenant to review the contract the landlord is reviewing; a contract to sign is the tenant's task", async () => {
    renderScreen(<HomeScreen />, {
      path: "/",
      user,
      api: {
        ...api,
        "/api/contracts": [
          contract({ role: "tenant", status: "rascunho" }),
          contract({ id: "c2", role: "tenant", status: "enviado", mine: "pending" }),
        ],
      },
    });
    const strip = await screen.findByTestId("awaiting", {}, LOADED);
    expect(within(strip).getByRole("link", { name: "1 contrato para assinar" })).toHaveAttribute(
      "href",
      "/Clicksign?contrato=c2",
    );
    expect(strip).not.toHaveTextContent(/Revise/);
  });

  it("puts the tasks before the search and several of a kind lead to the history", async () => {
    renderScreen(<HomeScreen />, {
      path: "/",
      user,
      api: {
        ...api,
        "/api/contracts": [contract({}), contract({ id: "c2" })],
        "/api/messages": { conversations: [], unread: 3 },
      },
    });
    const review = await screen.findByRole(
      "link",
      { name: "Revise e envie 2 contratos para assinatura" },
      LOADED,
    );
    expect(review).toHaveAttribute("href", "/AluguelHistorico");
    expect(await screen.findByRole("link", { name: "3 mensagens não lidas" }, LOADED)).toHaveAttribute(
      "href",
      "/Message",
    );
    const count = await screen.findByTestId("result-count", {}, LOADED);
    // The strip comes first in the page's order.
    expect(review.compareDocumentPosition(count) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});

describe("one's leases on the signed-in home (issue 32)", { timeout: 30_000 }, () => {
  const LEASE = "5a0e7c2e-1b4d-4e6f-8a9b-0c1d2e3f4a5b";
  const CHARGE = "6b1f8d3f-2c5e-4f70-9bac-1d2e3f4a5b6c";
  const summary = (over: Record<string, unknown>) => ({
    id: LEASE,
    numero: "2026-ABC123",
    papel: "locatario",
    endereco: "Rua das Flores, 100, apto 12, Rio de Janeiro – RJ",
    outraParte: "Marta Souza",
    aluguelAtual: 450000,
    emAtraso: 0,
    proxima: {
      id: CHARGE,
      competencia: "2026-12",
      inicio: "2026-12-10",
      fim: "2026-12-31",
      vencimento: "2027-01-11",
      valor: 417855,
      status: "aberta",
      atrasada: false,
      devidoHoje: 417855,
      pagoEm: null,
      reciboId: null,
    },
    ...over,
  });

  it("leads a tenant who has just signed to the month's charge, before the tasks and the search", async () => {
    renderScreen(<HomeScreen />, {
      path: "/",
      user,
      api: { ...api, "/api/leases": { items: [summary({})] } },
    });
    const leases = await screen.findByRole("navigation", { name: "Suas locações" }, LOADED);
    const link = within(leases).getByRole("link");
    expect(link).toHaveTextContent("Sua locação em Rua das Flores · pagar R$ 4.178,55 até 11/01");
    expect(link).toHaveAttribute("href", `/Cobranca?id=${CHARGE}`);
    const count = await screen.findByTestId("result-count", {}, LOADED);
    expect(link.compareDocumentPosition(count) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("tells a landlord what is late and leads to the lease", async () => {
    renderScreen(<HomeScreen />, {
      path: "/",
      user,
      api: { ...api, "/api/leases": { items: [summary({ papel: "locador", emAtraso: 461_421 })] } },
    });
    const link = within(await screen.findByTestId("my-leases", {}, LOADED)).getByRole("link");
    expect(link).toHaveTextContent("Seu imóvel alugado em Rua das Flores · em atraso: R$ 4.614,21");
    expect(link).toHaveAttribute("href", `/Locacao?id=${LEASE}`);
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
