import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { RouterProvider } from "react-router";
import { createQueryClient } from "../lib/query";
import { AuthProvider } from "./auth";
import { AppNotifications } from "./notifications";
import { createAppRouter } from "./router";
import { appTheme, cssVariablesResolver } from "./theme";

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createAppRouter);
  const { t } = useTranslation();
  const theme = useMemo(() => appTheme(t), [t]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="auto">
      <AppNotifications />
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
