import { MantineProvider } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { act, render, screen, waitFor } from "@testing-library/react";
import i18next from "i18next";
import { afterEach, describe, expect, it } from "vitest";
import { renderUi } from "../lib/testing";
import { AppNotifications } from "./notifications";
import { appTheme } from "./theme";

const realMatchMedia = window.matchMedia;
afterEach(() => {
  window.matchMedia = realMatchMedia;
  act(() => notifications.clean());
});

function screenWidth(px: number) {
  window.matchMedia = ((query: string) => {
    const max = /max-width:\s*([\d.]+)em/.exec(query)?.[1];
    return { ...realMatchMedia(query), media: query, matches: max !== undefined && px <= Number(max) * 16 };
  }) as typeof window.matchMedia;
}

function show(n: number) {
  act(() => {
    for (let i = 1; i <= n; i++) notifications.show({ message: `Aviso ${i}`, autoClose: false });
  });
}

describe("the toasts", () => {
  it("stack at the bottom of a phone, below the page's headings, three at most", async () => {
    screenWidth(390);
    renderUi(<AppNotifications />);
    show(5);
    await waitFor(() => expect(screen.getAllByText(/^Aviso \d$/)).toHaveLength(3));
    const toast = screen.getByText("Aviso 1");
    expect(toast.closest("[data-position]")).toHaveAttribute("data-position", "bottom-center");
  });

  it("go to the top right of a wide screen, not over the centre of the headings", async () => {
    screenWidth(1280);
    renderUi(<AppNotifications />);
    show(1);
    const toast = await screen.findByText("Aviso 1");
    expect(toast.closest("[data-position]")).toHaveAttribute("data-position", "top-right");
  });

  it("name their close button, which shows only an ✕ (the app's theme)", async () => {
    screenWidth(390);
    render(
      <MantineProvider theme={appTheme(i18next.t)}>
        <AppNotifications />
      </MantineProvider>,
    );
    show(1);
    await screen.findByText("Aviso 1");
    expect(screen.getByRole("button", { name: "Fechar" })).toBeInTheDocument();
  });
});
