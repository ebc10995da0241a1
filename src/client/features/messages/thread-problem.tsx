import { Alert, Anchor, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";

/** A conversation that cannot be shown (no such proposal, not one's own, a failed read), and the way back. */
export function ThreadProblem({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack>
      <Alert color="red">{children ?? t("messages.notFound")}</Alert>
      <Anchor component={Link} to="/Message">
        {t("messages.back")}
      </Anchor>
    </Stack>
  );
}
