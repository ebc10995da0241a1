import { screen, waitFor } from "@testing-library/react";
import { useRoutes } from "react-router";
import { describe, expect, it } from "vitest";
import { completeProfileOf } from "../features/profile/profile-view.fixture";
import { buildRoutes } from "./router";
import { renderScreen } from "./testing";

const built = buildRoutes();
/** The screens' routes without the layout around them (its header opens the live events). */
const screens = built[0]?.children ?? [];
function Routes() {
  return useRoutes(screens);
}
const user = { id: "u1", name: "Marta Souza", email: "marta@example.com" };

describe("the client's routes", { timeout: 30_000 }, () => {
  it("serves /Empresas to a signed-in person (issue 34), case-sensitively as the seed's paths", async () => {
    const paths = screens.map((r) => [r.path, r.caseSensitive]);
    expect(paths).toContainEqual(["/Empresas", true]);
    renderScreen(<Routes />, {
      path: "/Empresas",
      user,
      api: { "GET /api/companies": { empresas: [] }, "GET /api/profile": completeProfileOf() },
    });
    expect(await screen.findByRole("heading", { level: 1, name: "Minhas empresas" })).toBeInTheDocument();
  });

  it("sends a visitor of /Empresas to sign in first, and back", async () => {
    renderScreen(<Routes />, { path: "/Empresas" });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/login?next=%2FEmpresas"));
  });
});
