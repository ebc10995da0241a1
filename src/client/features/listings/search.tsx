import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { IconAdjustmentsHorizontal } from "@tabler/icons-react";
import { useInfiniteQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, startTransition, useEffect, useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import type { OfferCard, SearchParams, SearchResult } from "../../../shared/contracts/listings";
import { formatBRL } from "../../../shared/money";
import { PHOTO_SIZES } from "../../../shared/photos";
import { SEARCH_URL_KEYS, searchFromUrl } from "../../../shared/search-url";
import { FailurePanel } from "../../components/failure-panel";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { withTexts } from "../../lib/i18n";
import { releasePrerender } from "../../lib/prerender";
import { searchQuery } from "./api/search";
import { cardTitle, features, place } from "./describe";
import { LayoutSwitch } from "./layout-switch";
import { PlaceBox } from "./place-box";
import { placeLabel } from "./place-label";
import { UnitPhoto } from "./unit-photo";

const TableLayout = lazy(withTexts(() => import("./search-table").then((m) => ({ default: m.TableLayout }))));
const Filters = lazy(withTexts(() => import("./search-filters").then((m) => ({ default: m.Filters }))));
const FiltersDrawer = lazy(
  withTexts(() => import("./search-filters").then((m) => ({ default: m.FiltersDrawer }))),
);

/** Where the filters will be while their chunk arrives: their height on a desktop, so nothing moves. */
function FiltersPending({ inDrawer }: { inDrawer?: boolean }) {
  return (
    <Card withBorder padding="md" mih={inDrawer ? undefined : 232} aria-busy="true">
      <Loader size="sm" />
    </Card>
  );
}

/** The results drawn in the first render; the rest follow as a transition (see useFirstFew). */
const FIRST_RESULTS = 6;

/**
 * The first few results at once, all of them a moment later. A query's answer re-renders
 * synchronously (TanStack Query goes through useSyncExternalStore), so a page of results drawn in
 * one go is one long task on a phone (Lighthouse's blocking time, issue 18); the rest, drawn in a
 * transition, lets the browser breathe between cards.
 */
function useFirstFew<T>(items: T[]): T[] {
  const [all, setAll] = useState(false);
  const waiting = !all && items.length > FIRST_RESULTS;
  useEffect(() => {
    if (waiting) startTransition(() => setAll(true));
  }, [waiting]);
  return all ? items : items.slice(0, FIRST_RESULTS);
}

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

/** The URL with `change` made to it (the page's own search, never exactly as typed). */
function urlWith(url: URLSearchParams, change: (next: URLSearchParams) => void): string {
  const next = new URLSearchParams(url);
  next.delete("exato");
  change(next);
  return `?${next}`;
}

/** "Mostrando resultados para São Paulo – SP", and the way back to what was typed (decision 042). */
function Correction({ fix, url }: { fix: NonNullable<SearchResult["correcao"]>; url: URLSearchParams }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" data-testid="correction">
      {t("search.showingFor", { place: placeLabel(fix.lugar) })}{" "}
      <Anchor component={Link} to={urlWith(url, (n) => n.set("exato", "1"))}>
        {t("search.exactly", { typed: fix.digitado })}
      </Anchor>
    </Text>
  );
}

/** What a search that found nothing may try instead, each a link with how many it finds. */
function Alternatives({
  list,
  url,
}: {
  list: NonNullable<SearchResult["alternativas"]>;
  url: URLSearchParams;
}) {
  const { t } = useTranslation();
  if (list.length === 0) return null;
  return (
    <Stack gap={4} data-testid="alternatives">
      <Text size="sm">{t("search.alternatives")}</Text>
      {list.map(({ lugar, sem, ofertas }) => (
        <Anchor
          key={`${lugar ? placeLabel(lugar) : ""}${sem}`}
          component={Link}
          to={urlWith(url, (n) => {
            for (const key of sem) n.delete(key);
            if (lugar) {
              n.set("cidade", lugar.cidade);
              n.set("uf", lugar.uf);
              if (lugar.bairro) n.set("bairro", lugar.bairro);
              else n.delete("bairro");
            }
          })}
        >
          {lugar ? placeLabel(lugar) : t(`search.without.${sem[0]}`)} ·{" "}
          {t("search.offersCount", { count: ofertas })}
        </Anchor>
      ))}
    </Stack>
  );
}

/**
 * The search: filters from the URL, results in the route's layout, "load more" by cursor;
 * `cardAction` puts a control on each result (the screen's: the favourites' heart).
 * Over 150 lines on purpose: the URL is the one state (filters, layout, cursor) every part reads;
 * the filters, the result cards and the empty state are their own components.
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
  const params = searchFromUrl(url) as SearchParams;
  const results = useInfiniteQuery(searchQuery(params));
  const all = results.data?.pages.flatMap((p) => p.items) ?? [];
  const items = useFirstFew(all);
  const first = results.data?.pages[0];
  const total = first?.total ?? null;
  // On a phone the filters wait in a drawer, so the results start on the first screen.
  const phone = useMediaQuery("(max-width: 48em)", false, { getInitialValueInEffect: false }) ?? false;
  const [filtersOpen, filtersDrawer] = useDisclosure(false);
  const [filtersOpened, setFiltersOpened] = useState(false);
  // The place box says the city; the button counts the filters behind it.
  const active = SEARCH_URL_KEYS.filter((k) => !["sort", "exato", "cidade"].includes(k) && url.get(k)).length;
  // A filter the API refuses (a link with a minimum price above the maximum) is said, not retried.
  const refused = results.error instanceof ApiError && results.error.status === 400;
  // The server's snapshot of the first results (decision 025) gives way once these stand in its
  // place (or the search has failed, which the snapshot cannot say).
  useLayoutEffect(() => {
    if (!results.isPending) releasePrerender();
  }, [results.isPending]);
  return (
    <Stack gap="md">
      <PlaceBox />
      <Group justify="space-between" align="flex-end">
        <Text fw={700} size="xl" component="h2" m={0}>
          {t("search.title")}
        </Text>
        {/* On a phone, the filters' button beside the layouts: the results a line sooner. */}
        <Group gap="xs">
          <LayoutSwitch<Layout>
            label={t("search.layouts")}
            value={layout}
            onChange={(v) => void navigate(`${LAYOUT_PATHS[v]}${url.size > 0 ? `?${url}` : ""}`)}
            options={[
              { value: "cards", label: t("search.layoutCards") },
              { value: "list", label: t("search.layoutList") },
              { value: "grid", label: t("search.layoutGrid") },
              { value: "table", label: t("search.layoutTable") },
            ]}
          />
          {phone && (
            <Button
              variant="default"
              leftSection={<IconAdjustmentsHorizontal size={16} />}
              onClick={() => {
                setFiltersOpened(true);
                filtersDrawer.open();
              }}
              data-testid="filters-button"
            >
              {active > 0 ? `${t("search.filtersButton")} (${active})` : t("search.filtersButton")}
            </Button>
          )}
        </Group>
      </Group>
      {phone ? (
        <>
          {/* The drawer and its form are one chunk, fetched when first opened. */}
          {filtersOpened && (
            <Suspense fallback={<FiltersPending inDrawer />}>
              <FiltersDrawer opened={filtersOpen} onClose={filtersDrawer.close}>
                <Filters key={url.toString()} onApplied={filtersDrawer.close} />
              </FiltersDrawer>
            </Suspense>
          )}
        </>
      ) : (
        <Suspense fallback={<FiltersPending />}>
          <Filters key={url.toString()} />
        </Suspense>
      )}
      {first?.correcao && <Correction fix={first.correcao} url={url} />}
      {total !== null && (
        <Text fw={600} aria-live="polite" data-testid="result-count">
          {t("search.resultCount", { count: total })}
        </Text>
      )}
      {total === 0 && <Alternatives list={first?.alternativas ?? []} url={url} />}
      {results.isPending && <Loader />}
      {refused && (
        <FailurePanel color="yellow">
          {err.message(results.error)}{" "}
          <Button size="compact-sm" variant="light" onClick={() => void navigate(pathname)}>
            {t("search.clear")}
          </Button>
        </FailurePanel>
      )}
      {results.isError && !refused && (
        <FailurePanel>
          {t("search.failed")} {err.message(results.error)}{" "}
          <Button size="compact-sm" variant="light" onClick={() => void results.refetch()}>
            {t("search.retry")}
          </Button>
        </FailurePanel>
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
          {layout === "table" && (
            <Suspense fallback={<Loader />}>
              <TableLayout items={items} action={cardAction} />
            </Suspense>
          )}
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
