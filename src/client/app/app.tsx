import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { withTexts } from "../lib/i18n";
import { createQueryClient } from "../lib/query";
import { AfterLoad } from "./after-load";
import { AuthProvider } from "./auth";
import { AppRouter } from "./router";
import { appTheme, cssVariablesResolver } from "./theme";

/* The toasts' container arrives after the page has loaded; a toast shown before waits in its store. */
const AppNotifications = lazy(
  withTexts(() => import("./notifications").then((m) => ({ default: m.AppNotifications }))),
);

export function App() {
  const [queryClient] = useState(createQueryClient);
  const { t } = useTranslation();
  const theme = useMemo(() => appTheme(t), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <AfterLoad>
        <Suspense fallback={null}>
          <AppNotifications />
        </Suspense>
      </AfterLoad>
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AppRouter />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
