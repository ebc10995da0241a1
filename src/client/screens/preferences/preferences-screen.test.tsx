import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SavedSearchView } from "../../../shared/contracts/preferences";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { PreferencesScreen } from "./preferences-screen";

const user = { id: "u1", name: "Bruna Lima", email: "bruna@exemplo.com.br" };
const f = ptBR.preferences.fields;
const saved: SavedSearchView = {
  id: "5c1f7a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b",
  nome: "Perto do trabalho",
  filtros: {
    ufs: ["RJ"],
    cidades: ["Rio de Janeiro"],
    bairros: ["Botafogo"],
    precoMin: null,
    precoMax: 300000,
    quartosMin: 2,
    banheirosMin: null,
    vagasMin: null,
    areaMin: null,
    tipos: [],
    pets: false,
    mobiliado: null,
    entradaDe: null,
    entradaAte: null,
    palavras: "",
  },
  ativa: true,
  correspondencias: 3,
  createdAt: "2026-11-25T10:00:00.000Z",
  updatedAt: "2026-11-25T10:00:00.000Z",
};

describe("/preferences", { timeout: 30_000 }, () => {
  it("lists each saved search with how many offers fit it now, and opens it in the home search", async () => {
    renderScreen(<PreferencesScreen />, {
      path: "/preferences",
      user,
      api: { "/api/preferences/searches": [saved] },
    });
    const card = await screen.findByTestId("saved-search");
    expect(card).toHaveTextContent("Perto do trabalho");
    expect(within(card).getByTestId("match-count")).toHaveTextContent("3 ofertas publicadas combinam agora");
    // What it asks for, to tell two searches apart without opening them.
    expect(within(card).getByTestId("search-summary")).toHaveTextContent(
      "Rio de Janeiro, Botafogo · até R$ 3.000,00 · 2+ quartos",
    );
    expect(within(card).getByRole("link", { name: ptBR.preferences.open })).toHaveAttribute(
      "href",
      "/?uf=RJ&cidade=Rio+de+Janeiro&bairro=Botafogo&precoMax=3000&quartos=2",
    );
  });

  it("starts a new search from the home search's filters (Salvar esta busca) and sends them in centavos", async () => {
    const posted: unknown[] = [];
    renderScreen(<PreferencesScreen />, {
      path: "/preferences?salvar=1&cidade=Niter%C3%B3i&precoMax=2500&quartos=2&pets=true",
      user,
      api: {
        "GET /api/preferences/searches": [],
        "POST /api/preferences/searches": (body: unknown) => {
          posted.push(body);
          return { status: 201, body: saved };
        },
      },
    });
    const form = await screen.findByTestId("new-search");
    expect(within(form).getByLabelText(f.precoMax)).toHaveValue("R$ 2.500");
    expect(within(form).getByRole("checkbox", { name: f.pets })).toBeChecked();
    await userEvent.type(within(form).getByRole("textbox", { name: f.nome }), "Niterói barato");
    await userEvent.click(within(form).getByRole("button", { name: ptBR.preferences.create }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({
      nome: "Niterói barato",
      filtros: { cidades: ["Niterói"], precoMax: 250000, quartosMin: 2, pets: true },
    });
  });

  it("says a minimum above the maximum under the field, and a search needs a name", async () => {
    renderScreen(<PreferencesScreen />, {
      path: "/preferences",
      user,
      api: { "/api/preferences/searches": [] },
    });
    await userEvent.click(await screen.findByRole("button", { name: ptBR.preferences.new }));
    const form = screen.getByTestId("new-search");
    await userEvent.type(within(form).getByLabelText(f.precoMin), "3000");
    await userEvent.type(within(form).getByLabelText(f.precoMax), "2000");
    await userEvent.click(within(form).getByRole("button", { name: ptBR.preferences.create }));
    expect(await within(form).findByText(ptBR.errors["invalid-price-range"])).toBeInTheDocument();
    expect(within(form).getByText(ptBR.errors["invalid-search-name"])).toBeInTheDocument();
    expect(within(form).getByLabelText(f.precoMax)).toHaveAttribute("aria-invalid", "true");
  });
});
