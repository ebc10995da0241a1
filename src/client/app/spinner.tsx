import { Center, Loader } from "@mantine/core";
import { useTranslation } from "react-i18next";

/** The seed's loading state: one spinner centred on the whole viewport. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <Center
      pos="fixed"
      inset={0}
      style={{ zIndex: 1000 }}
      role="status"
      aria-live="polite"
      aria-label={t("app.loading")}
      data-testid="page-spinner"
    >
      <Loader size="lg" />
    </Center>
  );
}
