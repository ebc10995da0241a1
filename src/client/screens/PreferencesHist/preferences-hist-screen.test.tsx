import { Notifications, notifications } from "@mantine/notifications";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import type { PreferenceVersion, SavedSearchView } from "../../../shared/contracts/preferences";
import { searchFilters } from "../../../shared/contracts/preferences";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { PreferencesHistScreen } from "./preferences-hist-screen";

const user = { id: "u1", name: "Bruna Lima", email: "bruna@exemplo.com.br" };
const h = ptBR.history;
const NEWEST = "7a1f7a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b";
const OLDER = "8b2f7a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b";
const RESTORED = "9c3f7a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b";
const filtros = searchFilters.parse({ cidades: ["Rio de Janeiro"], precoMax: 300000 });
const search = { nome: "Perto do trabalho", ativa: true, filtros };
const version = (id: string, action: string, changes: string[], createdAt: string): PreferenceVersion => ({
  id,
  createdAt,
  action,
  searches: [search],
  changes,
});
const before: PreferenceVersion[] = [
  version(NEWEST, "avisos", ["Novas ofertas: por e-mail na hora → desligado"], "2026-11-25T12:00:00.000Z"),
  version(OLDER, "criada", ["Criou a busca “Perto do trabalho”"], "2026-11-24T12:00:00.000Z"),
];

afterEach(() => {
  // The toasts are one store for the file: each test starts with none shown and none queued.
  notifications.clean();
  notifications.cleanQueue();
});

describe("/PreferencesHist", { timeout: 30_000 }, () => {
  it("restores an older version: asks the server for that version, says so, and shows the new version on top", async () => {
    let restored = false;
    const view: SavedSearchView = {
      id: "0d4f7a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b",
      ...search,
      correspondencias: 2,
      createdAt: "2026-11-25T13:00:00.000Z",
      updatedAt: "2026-11-25T13:00:00.000Z",
    };
    const { fetch } = renderScreen(
      <>
        <Notifications />
        <PreferencesHistScreen />
      </>,
      {
        path: "/PreferencesHist",
        user,
        api: {
          "GET /api/preferences/history": () =>
            restored
              ? [
                  version(
                    RESTORED,
                    "restaurada",
                    ["Novas ofertas: desligado → por e-mail na hora"],
                    "2026-11-25T13:00:00.000Z",
                  ),
                  ...before,
                ]
              : before,
          [`POST /api/preferences/history/${OLDER}/restore`]: () => {
            restored = true;
            return [view];
          },
        },
      },
    );
    const versions = await screen.findAllByTestId("version");
    expect(versions).toHaveLength(2);
    // The newest version is what one has now: nothing to restore there.
    expect(within(versions[0] as HTMLElement).queryByRole("button", { name: h.restore })).toBeNull();
    expect(versions[1]).toHaveTextContent(h.actions.criada);
    await userEvent.click(within(versions[1] as HTMLElement).getByRole("button", { name: h.restore }));

    expect(await screen.findByText(h.restored)).toBeInTheDocument();
    const restores = fetch.mock.calls.filter(([url]) => String(url).includes("/restore"));
    expect(restores).toHaveLength(1);
    expect(String(restores[0]?.[0])).toMatch(new RegExp(`/api/preferences/history/${OLDER}/restore$`));
    expect(restores[0]?.[1]?.method).toBe("POST");
    // The list is read again: the restore is now the newest version.
    await waitFor(() => expect(screen.getAllByTestId("version")).toHaveLength(3));
    const [top] = screen.getAllByTestId("version");
    expect(top).toHaveTextContent(h.actions.restaurada);
    expect(top).toHaveTextContent("Novas ofertas: desligado → por e-mail na hora");
  });

  it("says why when the server refuses the restore, and keeps the list as it was", async () => {
    renderScreen(
      <>
        <Notifications />
        <PreferencesHistScreen />
      </>,
      {
        path: "/PreferencesHist",
        user,
        api: {
          "GET /api/preferences/history": before,
          [`POST /api/preferences/history/${OLDER}/restore`]: {
            status: 404,
            body: { code: "not-found", message: ptBR.errors["not-found"] },
          },
        },
      },
    );
    const versions = await screen.findAllByTestId("version");
    await userEvent.click(within(versions[1] as HTMLElement).getByRole("button", { name: h.restore }));
    expect(await screen.findByText(ptBR.errors["not-found"])).toBeInTheDocument();
    expect(screen.queryByText(h.restored)).toBeNull();
    expect(screen.getAllByTestId("version")).toHaveLength(2);
  });
});
