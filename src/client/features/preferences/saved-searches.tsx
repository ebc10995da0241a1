import { Alert, Anchor, Badge, Button, Card, Group, Loader, Stack, Switch, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  homeUrlOf,
  type SavedSearchView,
  type SearchFilters,
  type SearchFiltersInput,
  searchFilters,
} from "../../../shared/contracts/preferences";
import { formatBRL } from "../../../shared/money";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useErrorText } from "../../lib/error-text";
import { savedSearchesQuery, useDeleteSearch, useSaveSearch } from "./api/preferences";
import { SearchForm, searchFormValues } from "./search-form";

/** One saved search: its name, what it asks for, how many offers fit it now, what one may do. */
function SearchCard({ s }: { s: SavedSearchView }) {
  const { t } = useTranslation();
  // "Itaúna, Centro · até R$ 4.000,00 · 2+ quartos": enough to tell two searches apart.
  const summaryOf = (f: SearchFilters) =>
    [
      [...f.cidades, ...f.bairros].join(", ") || f.ufs.join(", ") || t("preferences.anyPlace"),
      f.precoMax !== null ? t("preferences.upTo", { price: formatBRL(f.precoMax) }) : null,
      f.precoMin !== null ? t("preferences.from", { price: formatBRL(f.precoMin) }) : null,
      f.quartosMin
        ? `${f.quartosMin}+ ${t("preferences.fields.quartosMin").split(" ")[0]?.toLowerCase()}`
        : null,
      f.tipos.length ? f.tipos.map((x) => t(`listings.types.${x}`)).join(", ") : null,
    ]
      .filter(Boolean)
      .join(" · ");
  const err = useErrorText();
  const save = useSaveSearch();
  const remove = useDeleteSearch();
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const filtros = searchFilters.parse(s.filtros);
  if (editing)
    return (
      <Card withBorder padding="md" data-testid="saved-search">
        <SearchForm
          initial={searchFormValues(s)}
          submitLabel={t("preferences.saveChanges")}
          onCancel={() => setEditing(false)}
          onSave={async (input) => {
            await save.mutateAsync({ id: s.id, input });
            notifications.show({ color: "teal", message: t("preferences.saved", { name: input.nome }) });
            setEditing(false);
          }}
        />
      </Card>
    );
  return (
    <Card withBorder padding="md" data-testid="saved-search" data-paused={s.ativa ? "no" : "yes"}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: "anywhere" }}>
              {s.nome}
            </Text>
            <Text size="sm" data-testid="search-summary" style={{ overflowWrap: "anywhere" }}>
              {summaryOf(filtros)}
            </Text>
            <Text size="sm" c="dimmed" data-testid="match-count">
              {t("preferences.matches", { count: s.correspondencias })}
            </Text>
          </div>
          {!s.ativa && (
            <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
              {t("preferences.paused")}
            </Badge>
          )}
        </Group>
        <Switch
          label={t("preferences.alerts")}
          checked={s.ativa}
          disabled={save.isPending}
          onChange={(e) => {
            const ativa = e.currentTarget.checked;
            save.mutate(
              { id: s.id, input: { nome: s.nome, filtros, ativa } },
              {
                onSuccess: () =>
                  notifications.show({
                    color: "teal",
                    message: t(ativa ? "preferences.resumedToast" : "preferences.pausedToast", {
                      name: s.nome,
                    }),
                  }),
                onError: (e) => notifications.show({ color: "red", message: err.message(e) }),
              },
            );
          }}
        />
        <Group gap="xs" wrap="wrap">
          <Button component={Link} to={homeUrlOf(filtros)} size="xs" variant="light">
            {t("preferences.open")}
          </Button>
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            {t("preferences.edit")}
          </Button>
          <Button size="xs" variant="subtle" color="red" onClick={() => setDeleting(true)}>
            {t("preferences.delete")}
          </Button>
        </Group>
      </Stack>
      <ConfirmDialog
        opened={deleting}
        onClose={() => setDeleting(false)}
        title={t("preferences.deleteTitle", { name: s.nome })}
        confirmLabel={t("preferences.delete")}
        confirmColor="red"
        pending={remove.isPending}
        error={remove.error ? err.message(remove.error) : null}
        onConfirm={() =>
          remove.mutate(s.id, {
            onSuccess: () => {
              setDeleting(false);
              notifications.show({ color: "teal", message: t("preferences.deleted", { name: s.nome }) });
            },
          })
        }
      >
        <Text size="sm">{t("preferences.deleteLead")}</Text>
      </ConfirmDialog>
    </Card>
  );
}

/**
 * One's saved searches, and a new one (started from the home search's filters when `start` is
 * given: "Salvar esta busca").
 */
export function SavedSearches({ start }: { start?: SearchFiltersInput | null }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const searches = useQuery(savedSearchesQuery());
  const save = useSaveSearch();
  const [adding, setAdding] = useState(Boolean(start));
  return (
    <Stack gap="md">
      {searches.isPending && <Loader />}
      {searches.isError && <Alert color="red">{err.of(searches.error)}</Alert>}
      {adding ? (
        <Card withBorder padding="md" data-testid="new-search">
          <Text fw={700} mb="xs">
            {t("preferences.newTitle")}
          </Text>
          <SearchForm
            initial={searchFormValues(start ? { nome: "", ativa: true, filtros: start } : undefined)}
            submitLabel={t("preferences.create")}
            onCancel={() => setAdding(false)}
            onSave={async (input) => {
              await save.mutateAsync({ input });
              notifications.show({ color: "teal", message: t("preferences.saved", { name: input.nome }) });
              setAdding(false);
            }}
          />
        </Card>
      ) : (
        <Group>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>
            {t("preferences.new")}
          </Button>
          <Anchor component={Link} to="/preferences2" size="sm">
            {t("nav.notify")}
          </Anchor>
          <Anchor component={Link} to="/PreferencesHist" size="sm">
            {t("preferences.historyLink")}
          </Anchor>
        </Group>
      )}
      {searches.data?.length === 0 && !adding && <Text c="dimmed">{t("preferences.none")}</Text>}
      {searches.data?.map((s) => (
        <SearchCard key={s.id} s={s} />
      ))}
    </Stack>
  );
}
