import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { NoticeList } from "../../../shared/contracts/preferences";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { NoticeBell } from "./notice-bell";

const user = { id: "u1", name: "Bruna Lima", email: "bruna@exemplo.com.br" };
const notice = (id: string, readAt: string | null) => ({
  id,
  kind: "match" as const,
  title: "Nova oferta para “Perto do trabalho”",
  body: "Apartamento no bairro Botafogo, Rio de Janeiro – RJ: R$ 5.990,00 por mês.",
  path: `/AluguelOferta?id=${id}`,
  createdAt: "2026-11-25T10:00:00.000Z",
  readAt,
});
const A = "5c1f7a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b";
const B = "6d2f7a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b";

describe("the bell", { timeout: 30_000 }, () => {
  it("shows the unread count, lists the notices, and opening one reads it and goes to its screen", async () => {
    const list: NoticeList = { items: [notice(A, null), notice(B, "2026-11-25T11:00:00.000Z")], unread: 1 };
    const fetch = renderScreen(<NoticeBell />, {
      path: "/",
      user,
      api: {
        "GET /api/notifications": list,
        [`POST /api/notifications/${A}/read`]: null,
      },
    }).fetch;
    const bell = await screen.findByRole("button", { name: "Avisos: 1 não lido" });
    await userEvent.click(bell);
    const items = await screen.findAllByTestId("notice");
    expect(items.map((i) => i.dataset.read)).toEqual(["no", "yes"]);
    expect(items[0]).toHaveTextContent("Apartamento no bairro Botafogo");
    await userEvent.click(items[0] as HTMLElement);
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(`/AluguelOferta?id=${A}`));
    expect(
      fetch.mock.calls.some(
        ([url, init]) => String(url).endsWith(`/api/notifications/${A}/read`) && init?.method === "POST",
      ),
    ).toBe(true);
  });

  it("marks all as read, and says so when there is nothing yet", async () => {
    const fetch = renderScreen(<NoticeBell />, {
      path: "/",
      user,
      api: {
        "GET /api/notifications": { items: [notice(A, null)], unread: 1 },
        "POST /api/notifications/read-all": null,
      },
    }).fetch;
    await userEvent.click(await screen.findByRole("button", { name: "Avisos: 1 não lido" }));
    const dropdown = await screen.findByTestId("notice-list");
    await userEvent.click(await within(dropdown).findByText(ptBR.notices.readAll));
    await waitFor(() =>
      expect(fetch.mock.calls.some(([url]) => String(url).endsWith("/api/notifications/read-all"))).toBe(
        true,
      ),
    );
  });

  it("says what a notice is for when there is none", async () => {
    renderScreen(<NoticeBell />, {
      path: "/",
      user,
      api: { "GET /api/notifications": { items: [], unread: 0 } },
    });
    await userEvent.click(await screen.findByRole("button", { name: ptBR.notices.title }));
    expect(await screen.findByText(ptBR.notices.empty)).toBeInTheDocument();
  });
});
