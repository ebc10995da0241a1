import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { initI18n } from "./lib/i18n";
import { startLogging } from "./lib/logger";
import { releasePrerender } from "./lib/prerender";

startLogging(import.meta.env.MODE, __BUILD_DATE__);

const root = document.getElementById("root");
const SNAPSHOT_LIMIT_MS = 15_000;
// Portuguese is ready at once; a person who chose English waits for its chunk, not a flash of pt-BR.
void initI18n().then(() => {
  if (!root) return;
  // As a transition, the first render yields to the browser every few milliseconds instead of
  // holding the main thread for the whole tree: a phone stays responsive while the app starts
  // (Lighthouse's blocking time, issue 18).
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // The screens release the server's snapshot (decision 025) when theirs stands in its place; should
  // one never do (a request hanging), the app shows anyway.
  setTimeout(releasePrerender, SNAPSHOT_LIMIT_MS);
});
