import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { ContractView } from "../../../shared/contracts/contracts";
import type { ProposalView } from "../../../shared/contracts/proposals";
import { offerTitle } from "../../../shared/listing-names";
import { formatBRL } from "../../../shared/money";
import { contractsQuery } from "../../features/contracts/api/contracts";
import { unitsQuery } from "../../features/listings/api/units";
import { conversationsQuery } from "../../features/messages/api/messages";
import { forYouQuery } from "../../features/preferences/api/preferences";
import { FavoriteButton } from "../../features/preferences/favorite-button";
import { proposalsQuery } from "../../features/proposals/api/proposals";
import { leasesQuery } from "../../features/rent/api";

/*
 * What only a signed-in person sees on the home, in a chunk of its own (issue 29): a visitor's
 * first paint never carries it, which leaves the home's budget to the search.
 */

export type Task = { key: "review" | "proposals" | "contracts" | "messages"; count: number; to: string };

/** One thing's own screen when there is one; the history when there are several. */
const oneOrAll = <T,>(list: T[], one: (item: T) => string) =>
  list.length === 1 && list[0] !== undefined ? one(list[0]) : "/AluguelHistorico";

/**
 * What awaits the person, most pressing first: a contract to review and send (the landlord, after
 * approving: until she does, nobody can sign), proposals whose turn is theirs, contracts to sign,
 * unread messages.
 */
export function tasksOf(proposals: ProposalView[], contracts: ContractView[], unread: number): Task[] {
  const toReview = contracts.filter((c) => c.status === "rascunho" && c.role === "landlord");
  const toAnswer = proposals.filter((p) => p.turn === p.role);
  const toSign = contracts.filter((c) => c.status === "enviado" && c.mine === "pending");
  const tasks: Task[] = [
    { key: "review", count: toReview.length, to: oneOrAll(toReview, (c) => `/Clicksign?contrato=${c.id}`) },
    {
      key: "proposals",
      count: toAnswer.length,
      to: oneOrAll(toAnswer, (p) =>
        p.role === "landlord" ? `/AprovarProposta?id=${p.id}` : `/PropostaEnviada?id=${p.id}`,
      ),
    },
    { key: "contracts", count: toSign.length, to: oneOrAll(toSign, (c) => `/Clicksign?contrato=${c.id}`) },
    { key: "messages", count: unread, to: "/Message" },
  ];
  return tasks.filter((t) => t.count > 0);
}

/** What awaits the signed-in person, live: one line each, a link to where it is done. */
function Awaiting() {
  const { t } = useTranslation();
  const proposals = useQuery(proposalsQuery());
  const contracts = useQuery(contractsQuery());
  const inbox = useQuery(conversationsQuery());
  const tasks = tasksOf(proposals.data ?? [], contracts.data ?? [], inbox.data?.unread ?? 0);
  if (tasks.length === 0) return null;
  return (
    <nav aria-label={t("home.awaitingLabel")} data-testid="awaiting">
      <Stack gap={6}>
        {tasks.map((task) => (
          <Button
            key={task.key}
            component={Link}
            to={task.to}
            variant="light"
            color={task.key === "messages" ? "blue" : "orange"}
            size="sm"
            fullWidth
            justify="space-between"
            rightSection={<IconChevronRight size={16} aria-hidden />}
            // A task is said in full, on two lines if a phone needs them, never cut.
            h="auto"
            mih={36}
            py={6}
            styles={{ label: { whiteSpace: "normal", textAlign: "left", lineHeight: 1.3 } }}
            data-testid={`task-${task.key}`}
          >
            {t(`home.awaiting.${task.key}`, { count: task.count })}
          </Button>
        ))}
      </Stack>
    </nav>
  );
}

/**
 * The action that fits the person, beside the greeting: someone with units goes to them; someone
 * without is not pushed to advertise (see Links).
 */
export function PrimaryAction() {
  const { t } = useTranslation();
  const units = useQuery(unitsQuery());
  if (!units.data?.length) return null;
  return (
    <Button component={Link} to="/AdicionarUnidade" size="xs" variant="filled">
      {t("nav.units")}
    </Button>
  );
}

/** One's data and documents; "Anunciar imóvel" a quiet link for someone with no units. */
function Links() {
  const { t } = useTranslation();
  const units = useQuery(unitsQuery());
  return (
    <Group gap="md" data-testid="greeting-links">
      <Anchor component={Link} to="/profile" size="sm">
        {t("nav.profile")}
      </Anchor>
      <Anchor component={Link} to="/profile3" size="sm">
        {t("nav.documents")}
      </Anchor>
      {units.isSuccess && units.data.length === 0 && (
        <Anchor component={Link} to="/AdicionarUnidade" size="sm" c="dimmed">
          {t("search.myUnits")}
        </Anchor>
      )}
    </Group>
  );
}

const shortDate = (day: string) => day.split("-").reverse().slice(0, 2).join("/");

/**
 * One's signed leases first (issue 32): for each, what is late or the next charge, one tap from
 * its page — a tenant who has just signed finds the lease here, not a list of other flats.
 */
function MyLeases() {
  const { t } = useTranslation();
  const leases = useQuery(leasesQuery());
  const items = leases.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <nav aria-label={t("home.leasesLabel")} data-testid="my-leases">
      <Stack gap={6}>
        {items.map((l) => {
          const next = l.proxima;
          const line =
            l.emAtraso > 0
              ? t("home.lease.late", { valor: formatBRL(l.emAtraso) })
              : next
                ? t(l.papel === "locatario" ? "home.lease.nextTenant" : "home.lease.nextLandlord", {
                    valor: formatBRL(next.devidoHoje),
                    data: shortDate(next.vencimento),
                  })
                : t("home.lease.upToDate");
          return (
            <Button
              key={l.id}
              component={Link}
              to={next && l.papel === "locatario" ? `/Cobranca?id=${next.id}` : `/Locacao?id=${l.id}`}
              variant="light"
              color={l.emAtraso > 0 ? "red" : "teal"}
              size="sm"
              fullWidth
              justify="space-between"
              rightSection={<IconChevronRight size={16} aria-hidden />}
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: "normal", textAlign: "left", lineHeight: 1.3 } }}
              data-testid="my-lease"
            >
              {t(l.papel === "locatario" ? "home.lease.tenant" : "home.lease.landlord", {
                endereco: l.endereco.split(",")[0],
              })}
              {" · "}
              {line}
            </Button>
          );
        })}
      </Stack>
    </nav>
  );
}

/** Under the greeting: the links, one's leases and what awaits, compact, so the place box stays on the first screen. */
export function SignedInTop() {
  return (
    <Stack gap="sm">
      <Links />
      <MyLeases />
      <Awaiting />
    </Stack>
  );
}

/** "Para você": the newest offers that fit one's saved searches (none: nothing shown). */
function ForYou() {
  const { t } = useTranslation();
  const offers = useQuery(forYouQuery());
  if (!offers.data?.length) return null;
  return (
    <Stack gap="xs" data-testid="for-you">
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t("home.forYou")}
        </Title>
        <Anchor component={Link} to="/preferences" size="sm">
          {t("home.forYouManage")}
        </Anchor>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        {offers.data.map((o) => (
          <Card key={o.id} withBorder padding="sm" component={Link} to={`/AluguelOferta?id=${o.id}`}>
            <Text fw={600} size="sm">
              {offerTitle(o.tipo, o.bairro)}
            </Text>
            <Text size="xs" c="dimmed">
              {o.cidade} – {o.uf} · {formatBRL(o.total)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** "Salvar esta busca": the filters on screen become a saved search, with alerts, in /preferences. */
function SaveThisSearch() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const filters = new URLSearchParams(params);
  filters.delete("sort");
  filters.delete("cursor");
  filters.set("salvar", "1");
  return (
    <Group justify="center">
      <Button
        component={Link}
        to={`/preferences?${filters.toString()}`}
        variant="light"
        data-testid="save-search"
      >
        {t("home.saveSearch")}
      </Button>
    </Group>
  );
}

/** Below the results: saving this search, then the offers one's saved searches found. */
export function SignedInBelow() {
  return (
    <Stack gap="xl">
      <SaveThisSearch />
      <ForYou />
    </Stack>
  );
}

/** The favourites' heart on each result. */
export function FavoriteAction({ offerId }: { offerId: string }) {
  return <FavoriteButton offerId={offerId} size="md" />;
}
