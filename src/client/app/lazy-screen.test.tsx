import { MantineProvider } from "@mantine/core";
import { act, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../../tests/support/console";
import { CHUNK_TIMEOUT_MS, LazyScreen, type ScreenLoader } from "./lazy-screen";

const Hello = () => <p>Tela carregada</p>;

function renderLazy(loader: ScreenLoader, timeoutMs?: number) {
  return render(
    <MantineProvider>
      <LazyScreen loader={loader} timeoutMs={timeoutMs} />
    </MantineProvider>,
  );
}

describe("LazyScreen", () => {
  it("shows the full-page spinner, then the screen", async () => {
    let resolve: (c: typeof Hello) => void = () => undefined;
    const loader: ScreenLoader = () => new Promise((r) => (resolve = r));
    renderLazy(loader);
    expect(screen.getByTestId("page-spinner")).toBeInTheDocument();
    await act(async () => resolve(Hello));
    expect(screen.getByText("Tela carregada")).toBeInTheDocument();
    expect(screen.queryByTestId("page-spinner")).not.toBeInTheDocument();
  });

  it("shows an error with a retry when the chunk fails, and loads on retry", async () => {
    expectConsoleError(/screen chunk failed to load/);
    let calls = 0;
    const loader: ScreenLoader = async () => {
      calls += 1;
      if (calls === 1) throw new TypeError("Failed to fetch dynamically imported module");
      return Hello;
    };
    renderLazy(loader);
    expect(await screen.findByText("Não foi possível carregar esta tela")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Tentar de novo" }));
    expect(await screen.findByText("Tela carregada")).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it("gives up after the seed's 120 s and says the screen took too long", async () => {
    expect(CHUNK_TIMEOUT_MS).toBe(120_000);
    vi.useFakeTimers();
    try {
      renderLazy(() => new Promise(() => undefined));
      await act(async () => {
        vi.advanceTimersByTime(CHUNK_TIMEOUT_MS - 1);
      });
      expect(screen.getByTestId("page-spinner")).toBeInTheDocument();
      await act(async () => {
        vi.advanceTimersByTime(1);
      });
      expect(screen.getByText(/demorou demais para carregar/)).toBeInTheDocument();
    } finally {
      vi.useRealTimers();
    }
  });
});
