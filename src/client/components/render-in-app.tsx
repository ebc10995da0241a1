import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router";
import { createQueryClient } from "../lib/query";
import { renderUi } from "../lib/testing";

/*
 * For component tests of pieces that read and write through the data layer: `renderUi` (Mantine)
 * with the app's read cache and a router. jsdom also lacks a canvas context (the signature pad)
 * and scrolling an element into view (revealFirstError): inert stand-ins here.
 */
function fillJsdomGaps() {
  HTMLCanvasElement.prototype.getContext = (() => null) as never;
  Element.prototype.scrollIntoView ??= () => undefined;
}

const silent = { debug: () => undefined, error: () => undefined };

export function renderInApp(ui: ReactNode, queryClient = createQueryClient(silent)) {
  fillJsdomGaps();
  return {
    queryClient,
    ...renderUi(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter>{ui}</MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}
