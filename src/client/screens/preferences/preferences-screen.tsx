import { Container, Stack, Tabs } from "@mantine/core";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { filtersFromHomeUrl } from "../../../shared/contracts/preferences";
import { PageHeader } from "../../components/page-header";
import { FavoritesList } from "../../features/preferences/favorites-list";
import { SavedSearches } from "../../features/preferences/saved-searches";

/**
 * /preferences: what I am looking for (saved searches; `?salvar=1` with the home search's filters
 * starts a new one from them), and /preferences/favoritos: the offers I keep.
 */
export function PreferencesScreen() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const tab = pathname.startsWith("/preferences/favoritos") ? "favoritos" : "buscas";
  const start = useMemo(
    () => (params.get("salvar") ? filtersFromHomeUrl((k) => params.get(k)) : null),
    [params],
  );
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <PageHeader
          title={t("preferences.title")}
          lead={t(tab === "favoritos" ? "preferences.leadFavorites" : "preferences.lead")}
        />
        <Tabs
          value={tab}
          onChange={(v) => void navigate(v === "favoritos" ? "/preferences/favoritos" : "/preferences")}
        >
          <Tabs.List>
            <Tabs.Tab value="buscas">{t("preferences.tabSearches")}</Tabs.Tab>
            <Tabs.Tab value="favoritos">{t("preferences.tabFavorites")}</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {tab === "favoritos" ? <FavoritesList /> : <SavedSearches start={start} />}
      </Stack>
    </Container>
  );
}
