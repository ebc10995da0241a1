import { MantineProvider } from "@mantine/core";
import { render } from "@testing-library/react";
import type { ReactNode } from "react";

// jsdom has no FontFaceSet; Mantine's autosizing Textarea listens to it.
if (!("fonts" in document))
  Object.defineProperty(document, "fonts", {
    value: { addEventListener: () => undefined, removeEventListener: () => undefined },
  });

/** Renders a component test's subject the way the app does (Mantine around it). */
export function renderUi(ui: ReactNode) {
  return render(<MantineProvider>{ui}</MantineProvider>);
}
