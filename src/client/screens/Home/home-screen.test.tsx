import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
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
