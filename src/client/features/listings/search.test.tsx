import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { SearchResult } from "../../../shared/contracts/listings";
import { renderScreen } from "../../app/testing";
import { offerCard } from "./offer-view.fixture";
import { OfferSearch } from "./search";

const card = offerCard();
const api = { "/api/search": { items: [card], nextCursor: null, total: 1 } satisfies SearchResult };

describe("the search's words", { timeout: 30_000 }, () => {
  it("says 'sem vaga' and the bairro as a bairro on a card", async () => {
    renderScreen(<OfferSearch />, { path: "/", api });
    const result = await screen.findByTestId("result", {}, { timeout: 5000 });
    expect(result).toHaveTextContent("Apartamento no bairro Centro");
    expect(result).toHaveTextContent("1 quarto · 40 m² · sem vaga");
    expect(result).not.toHaveTextContent("0 vaga");
  });
});

describe("a page of results", { timeout: 30_000 }, () => {
  it("shows every result of the page, the first few at once and the rest right after", async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({
      ...card,
      id: `7b0e6c2a-4f1d-4b8e-9a3c-${String(i).padStart(12, "0")}`,
      bairro: `Bairro ${i + 1}`,
    }));
    renderScreen(<OfferSearch />, {
      path: "/",
      api: { "/api/search": { items: many, nextCursor: null, total: 20 } satisfies SearchResult },
    });
    await screen.findAllByTestId("result", {}, { timeout: 5000 });
    await waitFor(() => expect(screen.getAllByTestId("result")).toHaveLength(20));
    expect(screen.getAllByTestId("result")[19]).toHaveTextContent("Bairro 20");
  });
});

describe("/v2, the photo grid", { timeout: 30_000 }, () => {
  it("puts the price on the photo, apart from the caption", async () => {
    renderScreen(<OfferSearch />, { path: "/v2", api });
    const photo = await screen.findByTestId("grid-photo", {}, { timeout: 5000 });
    expect(within(photo).getByText(/R\$\s1\.800,00/)).toBeInTheDocument();
    const caption = screen.getByTestId("grid-caption");
    expect(photo.contains(caption)).toBe(false);
    expect(caption).not.toHaveTextContent("R$");
  });
});

describe("/v4, the table", { timeout: 30_000 }, () => {
  const header = (name: string) => screen.getByRole("columnheader", { name: new RegExp(`^${name}`) });

  it("puts aria-sort on the column header, never on its button", async () => {
    renderScreen(<OfferSearch />, { path: "/v4", api });
    await screen.findByRole("table", {}, { timeout: 5000 });
    expect(header("Publicado")).toHaveAttribute("aria-sort", "descending");
    expect(header("Total")).toHaveAttribute("aria-sort", "none");
    for (const button of within(screen.getByRole("table")).getAllByRole("button"))
      expect(button).not.toHaveAttribute("aria-sort");
  });

  it("sorts Total one way and then the other", async () => {
    renderScreen(<OfferSearch />, { path: "/v4", api });
    await screen.findByRole("table", {}, { timeout: 5000 });
    await userEvent.click(screen.getByRole("button", { name: "Ordenar por Total em ordem crescente" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/v4?sort=preco");
    expect(header("Total")).toHaveAttribute("aria-sort", "ascending");
    await userEvent.click(screen.getByRole("button", { name: "Ordenar por Total em ordem decrescente" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/v4?sort=preco_desc");
    expect(header("Total")).toHaveAttribute("aria-sort", "descending");
    await userEvent.click(screen.getByRole("button", { name: "Ordenar por Total em ordem crescente" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/v4?sort=preco");
  });

  it("sorts Publicado oldest first and back to newest first, and says so on its header", async () => {
    renderScreen(<OfferSearch />, { path: "/v4?sort=preco", api });
    await screen.findByRole("table", {}, { timeout: 5000 });
    expect(header("Publicado")).toHaveAttribute("aria-sort", "none");
    await userEvent.click(screen.getByRole("button", { name: "Ordenar por Publicado em ordem crescente" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/v4?sort=antigos");
    expect(header("Publicado")).toHaveAttribute("aria-sort", "ascending");
    await userEvent.click(screen.getByRole("button", { name: "Ordenar por Publicado em ordem decrescente" }));
    expect(screen.getByTestId("location")).toHaveTextContent("/v4?sort=recentes");
    expect(header("Publicado")).toHaveAttribute("aria-sort", "descending");
    expect(header("Total")).toHaveAttribute("aria-sort", "none");
  });

  it.each([
    ["Aluguel", "aluguel"],
    ["Quartos", "quartos"],
    ["Área", "area"],
  ])("sorts %s one way and then the other, and says so on its header only", async (column, sort) => {
    renderScreen(<OfferSearch />, { path: "/v4", api });
    await screen.findByRole("table", {}, { timeout: 5000 });
    const others = ["Aluguel", "Quartos", "Área", "Total", "Publicado"].filter((c) => c !== column);
    expect(header(column)).toHaveAttribute("aria-sort", "none");
    await userEvent.click(screen.getByRole("button", { name: `Ordenar por ${column} em ordem crescente` }));
    expect(screen.getByTestId("location")).toHaveTextContent(`/v4?sort=${sort}`);
    expect(header(column)).toHaveAttribute("aria-sort", "ascending");
    for (const other of others) expect(header(other)).toHaveAttribute("aria-sort", "none");
    await userEvent.click(screen.getByRole("button", { name: `Ordenar por ${column} em ordem decrescente` }));
    expect(screen.getByTestId("location")).toHaveTextContent(`/v4?sort=${sort}_desc`);
    expect(header(column)).toHaveAttribute("aria-sort", "descending");
    for (const other of others) expect(header(other)).toHaveAttribute("aria-sort", "none");
    await userEvent.click(screen.getByRole("button", { name: `Ordenar por ${column} em ordem crescente` }));
    expect(screen.getByTestId("location")).toHaveTextContent(`/v4?sort=${sort}`);
    expect(screen.getByTestId("location")).not.toHaveTextContent(`/v4?sort=${sort}_desc`);
    expect(header(column)).toHaveAttribute("aria-sort", "ascending");
  });

  it("opens sorted by a column from a shared link, and the filters keep that sort", async () => {
    const { fetch } = renderScreen(<OfferSearch />, { path: "/v4?sort=area_desc", api });
    await screen.findByRole("table", {}, { timeout: 5000 });
    expect(header("Área")).toHaveAttribute("aria-sort", "descending");
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain("/api/search?sort=area_desc");
    // The filters' list offers the sorts it has words for; applying a filter keeps the column's.
    await userEvent.type(screen.getByRole("textbox", { name: "Bairro" }), "Centro");
    await userEvent.click(
      within(screen.getByRole("form", { name: "Filtros" })).getByRole("button", { name: "Buscar" }),
    );
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent("/v4?bairro=Centro&sort=area_desc"),
    );
  });
});

/** A phone's screen for the media queries (Mantine reads matchMedia). */
function asPhone() {
  const real = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    matches: query.includes("max-width"),
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = real;
  };
}

describe("the search a visitor arrives to", { timeout: 30_000 }, () => {
  it("says how many offers it found", async () => {
    renderScreen(<OfferSearch />, {
      path: "/",
      api: { "/api/search": { ...api["/api/search"], total: 37 } },
    });
    expect(await screen.findByTestId("result-count", {}, { timeout: 5000 })).toHaveTextContent(
      "37 imóveis encontrados",
    );
  });

  it("on a phone, keeps the filters in a drawer so the results come first", async () => {
    const restore = asPhone();
    try {
      renderScreen(<OfferSearch />, { path: "/?cidade=Campinas&precoMax=3000", api });
      await screen.findByTestId("result", {}, { timeout: 5000 });
      expect(screen.queryByRole("form", { name: "Filtros" })).not.toBeInTheDocument();
      // One box for the place, the other filters behind the button (which counts them).
      expect(screen.getByRole("search", { name: "Onde você quer morar?" })).toBeInTheDocument();
      expect(screen.getByTestId("filters-button")).toHaveTextContent("Filtros (1)");
      await userEvent.click(screen.getByTestId("filters-button"));
      const drawer = await screen.findByRole("dialog", { name: "Filtrar imóveis" });
      expect(within(drawer).getByRole("form", { name: "Filtros" })).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it("suggests the places with offers as one types in the place box, and a choice searches it", async () => {
    const { fetch } = renderScreen(<OfferSearch />, {
      path: "/?precoMax=3000",
      api: {
        ...api,
        "/api/search/places": {
          items: [
            { cidade: "Rio de Janeiro", uf: "RJ", bairro: null, ofertas: 12 },
            { cidade: "Rio de Janeiro", uf: "RJ", bairro: "Botafogo", ofertas: 3 },
          ],
        },
      },
    });
    const box = await screen.findByRole("combobox", { name: "Onde você quer morar?" }, { timeout: 5000 });
    await userEvent.type(box, "rio");
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url))).toContain("/api/search/places?q=rio"),
    );
    // Each suggestion says how many offers are there.
    await waitFor(() =>
      expect(screen.getAllByRole("option", { hidden: true }).map((o) => o.textContent)).toEqual(
        expect.arrayContaining(["Botafogo, Rio de Janeiro – RJ · 3 ofertas"]),
      ),
    );
    // The second suggestion, chosen from the keyboard: the bairro, searched at once.
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent(
        "/?precoMax=3000&cidade=Rio+de+Janeiro&uf=RJ&bairro=Botafogo",
      ),
    );
    expect(box).toHaveValue("Botafogo, Rio de Janeiro – RJ");
  });

  it("searches what was typed in the place box with Buscar, as the city, in place of the one before", async () => {
    renderScreen(<OfferSearch />, { path: "/?cidade=Santos&uf=SP&bairro=Gonzaga&exato=1&quartos=2", api });
    const box = await screen.findByRole("combobox", { name: "Onde você quer morar?" }, { timeout: 5000 });
    expect(box).toHaveValue("Gonzaga, Santos – SP");
    await userEvent.clear(box);
    await userEvent.type(box, "Sao Paolo");
    await userEvent.click(screen.getByTestId("place-search"));
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent("/?quartos=2&cidade=Sao+Paolo"),
    );
  });

  it("says which place it searched for a slip, with a link to search exactly what was typed", async () => {
    const { fetch } = renderScreen(<OfferSearch />, {
      path: "/?cidade=Sao+Paolo",
      api: {
        "/api/search": {
          ...api["/api/search"],
          correcao: { digitado: "Sao Paolo", lugar: { cidade: "São Paulo", uf: "SP", bairro: null } },
          alternativas: [],
        } satisfies SearchResult,
      },
    });
    expect(await screen.findByTestId("correction", {}, { timeout: 5000 })).toHaveTextContent(
      "Mostrando resultados para São Paulo – SP.",
    );
    await screen.findByTestId("result");
    await userEvent.click(screen.getByRole("link", { name: "Buscar exatamente por “Sao Paolo”" }));
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent("/?cidade=Sao+Paolo&exato=1"),
    );
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => String(url))).toContain("/api/search?cidade=Sao+Paolo&exato=1"),
    );
  });

  it("offers the closest searches that find something when nothing was found, each a link", async () => {
    renderScreen(<OfferSearch />, {
      path: "/?cidade=Sao+Paolo&exato=1&precoMax=900",
      api: {
        "/api/search": {
          items: [],
          nextCursor: null,
          total: 0,
          correcao: null,
          alternativas: [
            { lugar: { cidade: "São Paulo", uf: "SP", bairro: null }, sem: [], ofertas: 22 },
            { lugar: null, sem: ["precoMax"], ofertas: 4 },
          ],
        } satisfies SearchResult,
      },
    });
    const offered = await screen.findByTestId("alternatives", {}, { timeout: 5000 });
    expect(screen.getByTestId("result-count")).toHaveTextContent("Nenhum imóvel encontrado");
    expect(
      within(offered)
        .getAllByRole("link")
        .map((a) => [a.textContent, a.getAttribute("href")]),
    ).toEqual([
      ["São Paulo – SP · 22 ofertas", "/?cidade=S%C3%A3o+Paulo&precoMax=900&uf=SP"],
      ["Sem total máximo · 4 ofertas", "/?cidade=Sao+Paolo"],
    ]);
  });

  it("says why a link's filters are refused (a minimum above the maximum) instead of offering to retry", async () => {
    renderScreen(<OfferSearch />, {
      path: "/?precoMin=5000&precoMax=1000",
      api: {
        "/api/search": {
          status: 400,
          body: {
            code: "invalid-argument",
            message: "O preço mínimo não pode passar do máximo.",
            issues: [{ path: "precoMax", message: "O preço mínimo não pode passar do máximo." }],
          },
        },
      },
    });
    expect(await screen.findByRole("alert", {}, { timeout: 5000 })).toHaveTextContent(
      "O preço mínimo não pode passar do máximo.",
    );
    expect(screen.queryByRole("button", { name: "Tentar de novo" })).not.toBeInTheDocument();
  });
});

describe("a minimum price above the maximum, typed in the filters", { timeout: 30_000 }, () => {
  it("is said under the maximum's field, the search is not sent and nothing offers to retry", async () => {
    const restore = asPhone();
    try {
      const { fetch } = renderScreen(<OfferSearch />, { path: "/", api });
      await screen.findByTestId("result", {}, { timeout: 5000 });
      const searches = () =>
        fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith("/api/search?"));
      const before = searches().length;
      await userEvent.click(screen.getByTestId("filters-button"));
      const drawer = await screen.findByRole("dialog", { name: "Filtrar imóveis" });
      await userEvent.type(within(drawer).getByRole("textbox", { name: "Total mínimo (R$)" }), "5000");
      const max = within(drawer).getByRole("textbox", { name: "Total máximo (R$)" });
      await userEvent.type(max, "1000");
      await userEvent.click(within(drawer).getByRole("button", { name: "Buscar" }));

      await waitFor(() => expect(max).toHaveAttribute("aria-invalid", "true"));
      expect(max).toHaveAccessibleDescription("O preço mínimo não pode ser maior que o máximo.");
      // The drawer stays open on the message; the address and the results stay as they were.
      expect(screen.getByRole("dialog", { name: "Filtrar imóveis" })).toBeInTheDocument();
      expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/);
      expect(
        searches()
          .slice(before)
          .filter((u) => u.includes("precoMin")),
      ).toEqual([]);
      expect(screen.queryByText(/A busca falhou/)).not.toBeInTheDocument();
      expect(screen.queryByRole("button", { name: "Tentar de novo" })).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

describe("a screen's action on each result (the favourites' heart)", () => {
  it.each(["/", "/v1", "/v2", "/v4"])(
    "sits beside the result's link in %s, never inside it",
    async (path) => {
      renderScreen(
        <OfferSearch
          cardAction={(id) => (
            <button type="button" data-testid="card-action">
              {`Guardar ${id}`}
            </button>
          )}
        />,
        { path, api },
      );
      const action = await screen.findByTestId("card-action");
      expect(action).toHaveTextContent(`Guardar ${card.id}`);
      expect(action.closest("a")).toBeNull();
    },
  );
});
