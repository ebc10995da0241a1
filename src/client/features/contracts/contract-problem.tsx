import { Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "../../components/page-header";

/**
 * The page's h1 when no contract can be shown (none named, nobody signed in to see it, a link or
 * contract that does not answer), above what went wrong: the screen is still "Contrato de locação".
 */
export function ContractProblem({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <PageHeader title={t("contract.heading")} />
      {children}
    </Stack>
  );
}
