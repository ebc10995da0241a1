import { Notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Link, Route, Routes } from "react-router";
import { describe, expect, it } from "vitest";
import { searchFilters } from "../../shared/contracts/preferences";
import ptBR from "../../shared/locales/pt-BR.json";
import { PreferencesHistScreen } from "../screens/PreferencesHist/preferences-hist-screen";
import { Preferences2Screen } from "../screens/preferences2/preferences2-screen";
import { renderScreen } from "./testing";

const user = { id: "u1", name: "Bruna Lima", email: "bruna@exemplo.com.br" };
const search = { nome: "Perto do trabalho", ativa: true, filtros: searchFilters.parse({}) };
const settingsWith = (match: string) => ({
  canais: { match, price_drop: "email", proposal: "email", contract: "email", message: "email" },
  horaResumo: 8,
});
const OLDER = "8b2f7a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b";

describe("/preferences2 after a version is restored in /PreferencesHist", () => {
  it("shows the restored choices, not the ones read before the restore", async () => {
    let restored = false;
    renderScreen(
      <>
        <Notifications />
        <Link to="/preferences2">avisos</Link>
        <Link to="/PreferencesHist">histórico</Link>
        <Routes>
          <Route path="/preferences2" element={<Preferences2Screen />} />
          <Route path="/PreferencesHist" element={<PreferencesHistScreen />} />
        </Routes>
      </>,
      {
        path: "/preferences2",
        user,
        api: {
          "GET /api/preferences/notifications": () => settingsWith(restored ? "off" : "email"),
          "GET /api/preferences/history": [
            {
              id: "7a1f7a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b",
              createdAt: "2026-11-25T12:00:00.000Z",
              action: "avisos",
              searches: [search],
              changes: [],
            },
            {
              id: OLDER,
              createdAt: "2026-11-24T12:00:00.000Z",
              action: "avisos",
              searches: [search],
              changes: [],
            },
          ],
          [`POST /api/preferences/history/${OLDER}/restore`]: () => {
            restored = true;
            return [];
          },
        },
      },
    );
    const before = await screen.findByRole("radiogroup", { name: ptBR.notify.kinds.match });
    expect(within(before).getByRole("radio", { name: ptBR.notify.channels.email })).toBeChecked();

    await userEvent.click(screen.getByRole("link", { name: "histórico" }));
    const versions = await screen.findAllByTestId("version");
    await userEvent.click(
      within(versions[1] as HTMLElement).getByRole("button", { name: ptBR.history.restore }),
    );
    await screen.findByText(ptBR.history.restored);

    await userEvent.click(screen.getByRole("link", { name: "avisos" }));
    const after = await screen.findByRole("radiogroup", { name: ptBR.notify.kinds.match });
    await waitFor(() =>
      expect(within(after).getByRole("radio", { name: ptBR.notify.channels.off })).toBeChecked(),
    );
  });
});
