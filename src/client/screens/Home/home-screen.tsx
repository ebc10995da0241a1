import {
  Anchor,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconClockHour4, IconFileText, IconHome, IconSignature } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearchParams } from "react-router";
import { offerTitle } from "../../../shared/listing-names";
import { formatBRL } from "../../../shared/money";
import { useAuth } from "../../app/auth";
import { contractsQuery } from "../../features/contracts/api/contracts";
import { LAYOUT_OF_VERSION, OfferSearch } from "../../features/listings/search";
import { conversationsQuery } from "../../features/messages/api/messages";
import { forYouQuery } from "../../features/preferences/api/preferences";
import { FavoriteButton } from "../../features/preferences/favorite-button";
import { homeLayoutQuery } from "../../features/privacy/api/privacy";
import { proposalsQuery } from "../../features/proposals/api/proposals";

const FEATURES = [
  { key: "offers", Icon: IconHome },
  { key: "proposals", Icon: IconFileText },
  { key: "negotiation", Icon: IconClockHour4 },
  { key: "contract", Icon: IconSignature },
] as const;

/** What awaits the signed-in user, live: proposals to answer, contracts to sign, unread messages. */
function Awaiting() {
  const { t } = useTranslation();
  const proposals = useQuery(proposalsQuery());
  const contracts = useQuery(contractsQuery());
  const inbox = useQuery(conversationsQuery());
  const toAnswer = (proposals.data ?? []).filter((p) => p.turn === p.role);
  const toSign = (contracts.data ?? []).filter((c) => c.status === "enviado" && c.mine === "pending");
  const unread = inbox.data?.unread ?? 0;
  const items = [
    {
      key: "proposals",
      count: toAnswer.length,
      to:
        toAnswer.length === 1 && toAnswer[0]
          ? toAnswer[0].role === "landlord"
            ? `/AprovarProposta?id=${toAnswer[0].id}`
            : `/PropostaEnviada?id=${toAnswer[0].id}`
          : "/AluguelHistorico",
    },
    {
      key: "contracts",
      count: toSign.length,
      to: toSign.length === 1 && toSign[0] ? `/Clicksign?contrato=${toSign[0].id}` : "/AluguelHistorico",
    },
    { key: "messages", count: unread, to: "/Message" },
  ].filter((i) => i.count > 0);
  if (items.length === 0) return null;
  return (
    <Group gap="xs" data-testid="awaiting">
      {items.map((i) => (
        <Button key={i.key} component={Link} to={i.to} variant="light" color="orange" size="xs">
          {t(`home.awaiting.${i.key}`, { count: i.count })}
        </Button>
      ))}
    </Group>
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

/**
 * `/`, `/v1`–`/v4`: the offer search, in the layout the route names; signed-out visitors see what
 * Chave does above it.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const { state } = useAuth();
  const { pathname } = useLocation();
  // `/` draws its results once it knows their layout, so they never jump from one to another.
  const home = useQuery({ ...homeLayoutQuery(), enabled: pathname === "/" && state.status !== "unknown" });
  const waiting = pathname === "/" && (state.status === "unknown" || home.isPending);
  return (
    <Container size="lg" py={{ base: "lg", sm: 48 }}>
      <Stack gap="xl">
        {state.status === "signed-in" ? (
          <Card withBorder padding="lg">
            <Stack gap="xs">
              <Title order={1} size="h2">
                {t("home.welcome", { name: state.user.name.split(" ")[0] })}
              </Title>
              <Text c="dimmed">{t("home.welcomeLead")}</Text>
              <Awaiting />
              <Group gap="xs">
                <Button component={Link} to="/AdicionarUnidade" variant="light">
                  {t("search.myUnits")}
                </Button>
                <Button component={Link} to="/profile" variant="default">
                  {t("nav.profile")}
                </Button>
                <Button component={Link} to="/profile3" variant="default">
                  {t("nav.documents")}
                </Button>
              </Group>
            </Stack>
          </Card>
        ) : (
          // A visitor comes to search: the title and the two doors, then the results; what Chave is
          // and does follows them, so on a phone the first offers are on the first screen.
          <Stack gap="sm" maw={760}>
            <Title order={1} fz={{ base: 24, sm: 40 }} lh={1.15}>
              {t("home.title")}
            </Title>
            <Group gap="xs">
              <Button component={Link} to="/signup" size="sm">
                {t("home.ctaSignup")}
              </Button>
              <Button component={Link} to="/login" size="sm" variant="default">
                {t("home.ctaLogin")}
              </Button>
            </Group>
          </Stack>
        )}
        {state.status === "signed-in" && <ForYou />}
        {waiting ? (
          <Loader aria-label={t("app.loading")} mx="auto" />
        ) : (
          <OfferSearch
            homeLayout={home.data ? LAYOUT_OF_VERSION[home.data.layout] : "cards"}
            cardAction={
              state.status === "signed-in"
                ? (offerId) => <FavoriteButton offerId={offerId} size="md" />
                : undefined
            }
          />
        )}
        {state.status === "signed-in" && <SaveThisSearch />}
        {state.status !== "signed-in" && (
          <Stack gap="md" data-testid="about">
            <Badge variant="light" size="lg">
              {t("app.tagline")}
            </Badge>
            <Text size="lg" c="dimmed">
              {t("home.lead")}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="md">
              {FEATURES.map((f) => (
                <Card key={f.key} withBorder padding="lg">
                  <Stack gap="xs">
                    <ThemeIcon size="lg" variant="light" aria-hidden>
                      <f.Icon size={20} stroke={1.8} />
                    </ThemeIcon>
                    <Title order={2} size="h4">
                      {t(`home.features.${f.key}Title`)}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {t(`home.features.${f.key}Text`)}
                    </Text>
                  </Stack>
                </Card>
              ))}
            </SimpleGrid>
            <Text size="sm" c="dimmed" ta="center">
              {t("home.selfHosted")}
            </Text>
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
