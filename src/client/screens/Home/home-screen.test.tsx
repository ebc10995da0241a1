import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderScreen } from "../../app/testing";
import { HomeScreen } from "./home-screen";

afterEach(() => vi.unstubAllGlobals());

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
