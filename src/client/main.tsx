import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/app";
import { initI18n } from "./lib/i18n";
import { startLogging } from "./lib/logger";

startLogging(import.meta.env.MODE, __BUILD_DATE__);

const root = document.getElementById("root");
// Portuguese is ready at once; a person who chose English waits for its chunk, not a flash of pt-BR.
void initI18n().then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
