import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Checkbox,
  Drawer,
  Group,
  Loader,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import {
  IconAdjustmentsHorizontal,
  IconArrowDown,
  IconArrowsSort,
  IconArrowUp,
  IconSearch,
} from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import {
  type OfferCard,
  type SearchParams,
  type SearchSort,
  searchQuery as searchContract,
  UFS,
  UNIT_TYPES,
} from "../../../shared/contracts/listings";
import { formatBRL } from "../../../shared/money";
import { PHOTO_SIZES } from "../../../shared/photos";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { reaisToCentavos } from "../../lib/money";
import { searchQuery } from "./api/search";
import { cardTitle, features, place } from "./describe";
import { PlaceInput } from "./place-input";
import { UnitPhoto } from "./unit-photo";

export type Layout = "cards" | "list" | "grid" | "table";
export const LAYOUT_PATHS: Record<Layout, string> = { cards: "/v3", list: "/v1", grid: "/v2", table: "/v4" };
/** The seed's layout routes: /v1 list, /v2 grid, /v3 cards, /v4 table (`/` shows the person's). */
export const LAYOUT_OF_VERSION: Record<"v1" | "v2" | "v3" | "v4", Layout> = {
  v1: "list",
  v2: "grid",
  v3: "cards",
  v4: "table",
};

export function layoutOf(pathname: string): Layout {
  if (pathname.startsWith("/v1")) return "list";
  if (pathname.startsWith("/v2")) return "grid";
  if (pathname.startsWith("/v4")) return "table";
  return "cards";
}

const FILTER_KEYS = [
  "uf",
  "cidade",
  "bairro",
  "precoMin",
  "precoMax",
  "quartos",
  "tipo",
  "pets",
  "mobiliado",
  "q",
  "sort",
] as const;

/** The URL's filters (prices in reais, as people share them) as the API's query (centavos). */
export function apiParams(url: URLSearchParams): SearchParams {
  const out: Record<string, string | number> = {};
  for (const key of FILTER_KEYS) {
    const value = url.get(key);
    if (value === null || value === "") continue;
    out[key] = key === "precoMin" || key === "precoMax" ? reaisToCentavos(Number(value)) : value;
  }
  return out as SearchParams;
}

type FilterValues = Record<(typeof FILTER_KEYS)[number], string>;

/**
 * The label of each sort in the filters' list, or null for one the filters do not offer (the
 * table's columns sort by those, and say so on their headers). Newest first, the default, leads.
 */
const SORT_LABELS: Record<SearchSort, string | null> = {
  recentes: "search.sortRecent",
  preco: "search.sortPrice",
  preco_desc: "search.sortPriceDesc",
  antigos: "search.sortOldest",
  aluguel: "search.sortRent",
  aluguel_desc: "search.sortRentDesc",
  quartos: "search.sortBedrooms",
  quartos_desc: "search.sortBedroomsDesc",
  area: "search.sortArea",
  area_desc: "search.sortAreaDesc",
};
/** The sorts the filters list: the ones with a label ("" is the default, newest first). */
const FILTER_SORTS = (Object.entries(SORT_LABELS) as [SearchSort, string | null][]).flatMap(
  ([sort, label]) => (label ? [{ value: sort === "recentes" ? "" : sort, label }] : []),
);

/** The filters as the URL carries them: the ones given, in reais. */
function filterUrl(values: FilterValues): URLSearchParams {
  const next = new URLSearchParams();
  for (const [k, v] of Object.entries(values)) if (v) next.set(k, v);
  return next;
}

/** Checks the filters with the API's own search contract, after turning reais into centavos. */
const filterResolver = (values: FilterValues, context: unknown, options: never) =>
  (
    zodResolver(searchContract) as unknown as (
      v: unknown,
      c: unknown,
      o: never,
    ) => Promise<{ values: unknown; errors: Record<string, unknown> }>
  )(apiParams(filterUrl(values)), context, options).then((r) =>
    Object.keys(r.errors).length > 0 ? { values: {}, errors: r.errors } : { values, errors: {} },
  );

/** The search's filters; `onApplied` runs after a search is applied (the phone's drawer closes). */
function Filters({ onApplied }: { onApplied?: () => void }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [url, setUrl] = useSearchParams();
  const form = useForm<FilterValues>({
    resolver: filterResolver as never,
    defaultValues: Object.fromEntries(FILTER_KEYS.map((k) => [k, url.get(k) ?? ""])) as FilterValues,
  });
  const draft = form.watch();
  const set = (key: keyof FilterValues, value: string | null | undefined) => form.setValue(key, value ?? "");
  const fieldError = (key: keyof FilterValues) =>
    err.field(form.formState.errors[key]?.message as string | undefined);
  const apply = form.handleSubmit((values) => {
    setUrl(filterUrl(values));
    onApplied?.();
  });
  function clear() {
    form.reset(Object.fromEntries(FILTER_KEYS.map((k) => [k, ""])) as FilterValues);
    setUrl(new URLSearchParams());
  }
  const any = { value: "", label: t("search.any") };
  return (
    <Card
      withBorder
      padding="md"
      component="form"
      onSubmit={(e) => void apply(e)}
      aria-label={t("search.filters")}
    >
      <Stack gap="sm">
        <TextInput
          label={t("search.q")}
          value={draft.q}
          onChange={(e) => set("q", e.currentTarget.value)}
          error={fieldError("q")}
          leftSection={<IconSearch size={16} />}
          maxLength={100}
        />
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Select
            label={t("search.uf")}
            data={[any, ...UFS.map((u) => ({ value: u, label: u }))]}
            value={draft.uf}
            onChange={(v) => set("uf", v)}
            searchable
          />
          <PlaceInput
            label={t("search.cidade")}
            value={draft.cidade}
            uf={draft.uf}
            onChange={(typed) => set("cidade", typed)}
            onPick={(p) => {
              // A suggestion is a place that has offers: its city, UF and, for a bairro, the bairro.
              set("cidade", p.cidade);
              set("uf", p.uf);
              set("bairro", p.bairro ?? "");
            }}
            error={fieldError("cidade")}
          />
          <TextInput
            label={t("search.bairro")}
            value={draft.bairro}
            onChange={(e) => set("bairro", e.currentTarget.value)}
            error={fieldError("bairro")}
          />
          <Select
            label={t("search.tipo")}
            data={[any, ...UNIT_TYPES.map((v) => ({ value: v, label: t(`listings.types.${v}`) }))]}
            value={draft.tipo}
            onChange={(v) => set("tipo", v)}
          />
          <NumberInput
            label={t("search.precoMin")}
            value={draft.precoMin}
            onChange={(v) => set("precoMin", String(v))}
            error={fieldError("precoMin")}
            min={0}
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
          />
          <NumberInput
            label={t("search.precoMax")}
            value={draft.precoMax}
            onChange={(v) => set("precoMax", String(v))}
            error={fieldError("precoMax")}
            min={0}
            thousandSeparator="."
            decimalSeparator=","
            allowDecimal={false}
          />
          <Select
            label={t("search.quartos")}
            data={[any, ...["1", "2", "3", "4"].map((n) => ({ value: n, label: `${n}+` }))]}
            value={draft.quartos}
            onChange={(v) => set("quartos", v)}
          />
          <Select
            label={t("search.mobiliado")}
            data={[
              any,
              { value: "true", label: t("search.furnishedOnly") },
              { value: "false", label: t("search.unfurnishedOnly") },
            ]}
            value={draft.mobiliado}
            onChange={(v) => set("mobiliado", v)}
          />
        </SimpleGrid>
        <Group justify="space-between" align="flex-end">
          <Group align="flex-end">
            <Checkbox
              label={t("search.pets")}
              checked={draft.pets === "true"}
              onChange={(e) => set("pets", e.currentTarget.checked ? "true" : "")}
            />
            <Select
              label={t("search.sort")}
              data={FILTER_SORTS.map((s) => ({ value: s.value, label: t(s.label) }))}
              value={draft.sort}
              onChange={(v) => set("sort", v)}
              w={170}
            />
          </Group>
          <Group>
            <Button variant="subtle" onClick={clear}>
              {t("search.clear")}
            </Button>
            <Button type="submit" leftSection={<IconSearch size={16} />}>
              {t("search.apply")}
            </Button>
          </Group>
        </Group>
      </Stack>
    </Card>
  );
}

/**
 * What a screen puts on each result beside its link (the favourites' heart, for someone signed
 * in): a sibling of the link, never inside it, as a control inside a link is neither valid HTML nor
 * reachable apart from it.
 */
export type CardAction = (offerId: string) => ReactNode;

/** The action over a card's photo corner. */
function Corner({ children }: { children: ReactNode }) {
  return (
    <Box pos="absolute" top={8} right={8} style={{ zIndex: 1 }}>
      {children}
    </Box>
  );
}

/** `priority`: the first result, likely the largest thing on the first screen (its LCP). */
function CardItem({
  o,
  action,
  priority = false,
}: {
  o: OfferCard;
  action?: CardAction | undefined;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box pos="relative">
      {action && <Corner>{action(o.id)}</Corner>}
      <Card
        withBorder
        padding={0}
        component={Link}
        to={`/AluguelOferta?id=${o.id}`}
        data-testid="result"
        style={{ color: "inherit", textDecoration: "none" }}
      >
        <UnitPhoto
          id={o.capa}
          info={o.capaInfo}
          sizes={PHOTO_SIZES.card}
          priority={priority}
          alt={cardTitle(t, o)}
          h={170}
          radius="0"
        />
        <Stack gap={2} p="sm">
          <Text fw={700} size="lg">
            {formatBRL(o.total)}
            <Text span size="xs" c="dimmed" fw={400}>
              {" "}
              {t("listings.total").toLowerCase()}
              {t("listings.perMonth")}
            </Text>
          </Text>
          <Text size="xs" c="dimmed">
            {t("listings.rent")} {formatBRL(o.aluguel)}
          </Text>
          <Text fw={600} size="sm">
            {cardTitle(t, o)}
          </Text>
          <Text size="sm" c="dimmed">
            {place(t, o)}
          </Text>
          <Text size="xs">{features(t, o)}</Text>
          <Group gap={4}>
            {o.mobiliado && (
              <Badge size="xs" variant="light">
                {t("listings.furnished")}
              </Badge>
            )}
            {o.aceitaPets && (
              <Badge size="xs" variant="light" color="teal">
                {t("listings.pets")}
              </Badge>
            )}
          </Group>
        </Stack>
      </Card>
    </Box>
  );
}

function ListItem({ o, action }: { o: OfferCard; action?: CardAction | undefined }) {
  const { t } = useTranslation();
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      py={6}
      style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}
      data-testid="result"
    >
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Anchor component={Link} to={`/AluguelOferta?id=${o.id}`} fw={600} size="sm">
          {cardTitle(t, o)}
        </Anchor>
        {/* It wraps: cut with "…" on a phone, it lost the bedrooms and parking it exists to show. */}
        <Text size="xs" c="dimmed">
          {place(t, o)} · {features(t, o)}
        </Text>
      </Stack>
      <Group gap="xs" wrap="nowrap">
        <Text fw={700} size="sm" style={{ whiteSpace: "nowrap" }}>
          {formatBRL(o.total)}
        </Text>
        {action?.(o.id)}
      </Group>
    </Group>
  );
}

function GridItem({
  o,
  action,
  priority = false,
}: {
  o: OfferCard;
  action?: CardAction | undefined;
  priority?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Box pos="relative">
      {action && <Corner>{action(o.id)}</Corner>}
      <UnstyledButton
        component={Link}
        to={`/AluguelOferta?id=${o.id}`}
        data-testid="result"
        style={{ display: "block" }}
      >
        {/* The price sits on the photo, never over the caption below it. */}
        <Box pos="relative" data-testid="grid-photo">
          <UnitPhoto
            id={o.capa}
            info={o.capaInfo}
            sizes={PHOTO_SIZES.grid}
            priority={priority}
            alt=""
            h={160}
            radius="md"
          />
          <Badge pos="absolute" bottom={8} left={8} size="lg" variant="white" c="black">
            {formatBRL(o.total)}
          </Badge>
        </Box>
        {/* Two short lines (each may wrap once), so that half a phone's width still shows the bairro. */}
        <Box mt={4} data-testid="grid-caption">
          <Text size="xs" fw={600} lineClamp={2}>
            {t(`listings.types.${o.tipo}`)} · {o.bairro}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {o.cidade} – {o.uf}
          </Text>
        </Box>
      </UnstyledButton>
    </Box>
  );
}

/**
 * A sortable column's header: the `<th>` carries `aria-sort`, its button sorts one way and then
 * the other. A column whose other direction the search API lacks names only the one it has.
 */
function SortableTh({ label, asc, desc }: { label: string; asc?: SearchSort; desc?: SearchSort }) {
  const { t } = useTranslation();
  const [url, setUrl] = useSearchParams();
  const current = (url.get("sort") || "recentes") as SearchSort;
  const direction = current === asc ? "ascending" : current === desc ? "descending" : "none";
  // Unsorted: the column's first direction; sorted: the other one, when there is one.
  const next =
    direction === "ascending" ? (desc ?? asc) : direction === "descending" ? (asc ?? desc) : (asc ?? desc);
  const Icon =
    direction === "ascending" ? IconArrowUp : direction === "descending" ? IconArrowDown : IconArrowsSort;
  const heading = (
    <Group gap={4} wrap="nowrap">
      {label}
      <Icon size={14} aria-hidden />
    </Group>
  );
  return (
    <Table.Th aria-sort={direction}>
      {next && next !== current ? (
        <UnstyledButton
          onClick={() => {
            const p = new URLSearchParams(url);
            p.set("sort", next);
            setUrl(p);
          }}
          aria-label={t(next === asc ? "search.sortAsc" : "search.sortDesc", { column: label })}
          fw={700}
          fz="sm"
        >
          {heading}
        </UnstyledButton>
      ) : (
        <Box fw={700} fz="sm">
          {heading}
        </Box>
      )}
    </Table.Th>
  );
}

/** Amounts, areas and dates on one line each: "R$ 1.340,00" broken in two reads badly. */
const NOWRAP = { whiteSpace: "nowrap" } as const;

function TableLayout({ items, action }: { items: OfferCard[]; action?: CardAction | undefined }) {
  const { t, i18n } = useTranslation();
  const c = (k: string) => t(`search.columns.${k}`);
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{c("imovel")}</Table.Th>
            <Table.Th>{c("local")}</Table.Th>
            <SortableTh label={c("quartos")} asc="quartos" desc="quartos_desc" />
            <SortableTh label={c("area")} asc="area" desc="area_desc" />
            <SortableTh label={c("aluguel")} asc="aluguel" desc="aluguel_desc" />
            <SortableTh label={c("total")} asc="preco" desc="preco_desc" />
            <SortableTh label={c("publicado")} asc="antigos" desc="recentes" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((o) => (
            <Table.Tr key={o.id} data-testid="result">
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  {action?.(o.id)}
                  <Anchor component={Link} to={`/AluguelOferta?id=${o.id}`} size="sm">
                    {t(`listings.types.${o.tipo}`)}
                  </Anchor>
                </Group>
              </Table.Td>
              <Table.Td>{place(t, o)}</Table.Td>
              <Table.Td>{o.quartos}</Table.Td>
              <Table.Td style={NOWRAP}>{o.areaM2} m²</Table.Td>
              <Table.Td style={NOWRAP}>{formatBRL(o.aluguel)}</Table.Td>
              <Table.Td fw={600} style={NOWRAP}>
                {formatBRL(o.total)}
              </Table.Td>
              <Table.Td style={NOWRAP}>{new Date(o.publishedAt).toLocaleDateString(i18n.language)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/**
 * The search: filters from the URL, results in the route's layout, "load more" by cursor;
 * `cardAction` puts a control on each result (the screen's: the favourites' heart).
 */
export function OfferSearch({
  cardAction,
  homeLayout = "cards",
}: {
  cardAction?: CardAction | undefined;
  /** What `/` shows (a flag, the person's choice or the operator's default). */
  homeLayout?: Layout;
} = {}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [url] = useSearchParams();
  const layout = pathname === "/" ? homeLayout : layoutOf(pathname);
  const params = apiParams(url);
  const results = useInfiniteQuery(searchQuery(params));
  const items = results.data?.pages.flatMap((p) => p.items) ?? [];
  const total = results.data?.pages[0]?.total ?? null;
  // On a phone the filters wait in a drawer, so the results start on the first screen.
  const phone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false }) ?? false;
  const [filtersOpen, filtersDrawer] = useDisclosure(false);
  const active = FILTER_KEYS.filter((k) => k !== "sort" && url.get(k)).length;
  // A filter the API refuses (a link with a minimum price above the maximum) is said, not retried.
  const refused = results.error instanceof ApiError && results.error.status === 400;
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Text fw={700} size="xl" component="h2" m={0}>
          {t("search.title")}
        </Text>
        <SegmentedControl
          aria-label={t("search.layouts")}
          value={layout}
          onChange={(v) => void navigate(`${LAYOUT_PATHS[v as Layout]}${url.size > 0 ? `?${url}` : ""}`)}
          data={[
            { value: "cards", label: t("search.layoutCards") },
            { value: "list", label: t("search.layoutList") },
            { value: "grid", label: t("search.layoutGrid") },
            { value: "table", label: t("search.layoutTable") },
          ]}
          size="xs"
        />
      </Group>
      {phone ? (
        <>
          <Group justify="space-between">
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              onClick={filtersDrawer.open}
              data-testid="filters-button"
            >
              {active > 0 ? `${t("search.filtersButton")} (${active})` : t("search.filtersButton")}
            </Button>
          </Group>
          <Drawer
            opened={filtersOpen}
            onClose={filtersDrawer.close}
            title={t("search.filtersTitle")}
            position="bottom"
            size="90%"
          >
            <Filters key={url.toString()} onApplied={filtersDrawer.close} />
          </Drawer>
        </>
      ) : (
        <Filters key={url.toString()} />
      )}
      {total !== null && (
        <Text fw={600} aria-live="polite" data-testid="result-count">
          {t("search.resultCount", { count: total })}
        </Text>
      )}
      {results.isPending && <Loader />}
      {refused && (
        <Alert color="yellow" role="alert">
          {err.message(results.error)}{" "}
          <Button size="compact-sm" variant="light" onClick={() => void navigate(pathname)}>
            {t("search.clear")}
          </Button>
        </Alert>
      )}
      {results.isError && !refused && (
        <Alert color="red" role="alert">
          {t("search.failed")} {err.message(results.error)}{" "}
          <Button size="compact-sm" variant="light" onClick={() => void results.refetch()}>
            {t("search.retry")}
          </Button>
        </Alert>
      )}
      {results.isSuccess && items.length === 0 && total === null && (
        <Text c="dimmed">{t("search.empty")}</Text>
      )}
      {items.length > 0 && (
        <div data-testid={`results-${layout}`}>
          {layout === "cards" && (
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md">
              {items.map((o, i) => (
                <CardItem key={o.id} o={o} action={cardAction} priority={i === 0} />
              ))}
            </SimpleGrid>
          )}
          {layout === "list" && (
            <Stack gap={0}>
              {items.map((o) => (
                <ListItem key={o.id} o={o} action={cardAction} />
              ))}
            </Stack>
          )}
          {layout === "grid" && (
            <SimpleGrid cols={{ base: 2, sm: 3, md: 4 }} spacing="sm">
              {items.map((o, i) => (
                <GridItem key={o.id} o={o} action={cardAction} priority={i === 0} />
              ))}
            </SimpleGrid>
          )}
          {layout === "table" && <TableLayout items={items} action={cardAction} />}
        </div>
      )}
      {results.hasNextPage && (
        <Group justify="center">
          <Button
            variant="default"
            onClick={() => void results.fetchNextPage()}
            loading={results.isFetchingNextPage}
          >
            {t("search.more")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
