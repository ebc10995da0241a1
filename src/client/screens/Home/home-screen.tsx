import {
  Badge,
  Box,
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
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useAuth } from "../../app/auth";
import { LAYOUT_OF_VERSION, OfferSearch } from "../../features/listings/search";
import { homeLayoutQuery } from "../../features/privacy/api/privacy";

const FEATURES = [
  { key: "offers", Icon: IconHome },
  { key: "proposals", Icon: IconFileText },
  { key: "negotiation", Icon: IconClockHour4 },
  { key: "contract", Icon: IconSignature },
] as const;

// What only a signed-in person sees (the greeting, what awaits, "Para você", saving the search,
// the favourites' heart) is one chunk of its own: a visitor's first paint never carries it.
const signedIn = () => import("./signed-in-home");
const PrimaryAction = lazy(() => signedIn().then((m) => ({ default: m.PrimaryAction })));
const SignedInTop = lazy(() => signedIn().then((m) => ({ default: m.SignedInTop })));
const SignedInBelow = lazy(() => signedIn().then((m) => ({ default: m.SignedInBelow })));
const FavoriteAction = lazy(() => signedIn().then((m) => ({ default: m.FavoriteAction })));

/**
 * `/`, `/v1`–`/v4`: search first (issue 29). A visitor reads one line of what Chave is, then the
 * search and its results; what Chave does, and the ways in, follow them. A signed-in person sees
 * the greeting and what awaits them, compact, then the search.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const { state } = useAuth();
  const { pathname } = useLocation();
  // `/` draws its results once it knows their layout, so they never jump from one to another.
  const home = useQuery({ ...homeLayoutQuery(), enabled: pathname === "/" && state.status !== "unknown" });
  const waiting = pathname === "/" && (state.status === "unknown" || home.isPending);
  const user = state.status === "signed-in" ? state.user : null;
  return (
    <Container size="lg" py={{ base: "md", sm: 48 }}>
      <Stack gap="lg">
        {user ? (
          <Stack gap={4} data-testid="greeting">
            {/* The page's heading is drawn at once; the rest of the greeting comes with its chunk. */}
            <Group justify="space-between" wrap="nowrap" gap="xs" mih={30}>
              <Title order={1} fz={{ base: 20, sm: 28 }} lh={1.2}>
                {t("home.welcome", { name: user.name.split(" ")[0] })}
              </Title>
              <Suspense fallback={null}>
                <PrimaryAction />
              </Suspense>
            </Group>
            {/* Held at the links' height while the chunk arrives, so the search does not jump. */}
            <Suspense fallback={<Box mih={22} />}>
              <SignedInTop />
            </Suspense>
          </Stack>
        ) : (
          <Title order={1} fz={{ base: 22, sm: 40 }} lh={1.2}>
            {t("home.title")}
          </Title>
        )}
        {waiting ? (
          <Loader aria-label={t("app.loading")} mx="auto" />
        ) : (
          <OfferSearch
            homeLayout={home.data ? LAYOUT_OF_VERSION[home.data.layout] : "cards"}
            cardAction={
              user
                ? (offerId) => (
                    <Suspense fallback={null}>
                      <FavoriteAction offerId={offerId} />
                    </Suspense>
                  )
                : undefined
            }
          />
        )}
        {user && (
          <Suspense fallback={null}>
            <SignedInBelow />
          </Suspense>
        )}
        {!user && (
          <Stack gap="md" data-testid="about">
            <Badge variant="light" size="lg">
              {t("app.tagline")}
            </Badge>
            <Text size="lg" c="dimmed">
              {t("home.lead")}
            </Text>
            <Group gap="xs">
              <Button component={Link} to="/signup" size="sm">
                {t("home.ctaSignup")}
              </Button>
              <Button component={Link} to="/login" size="sm" variant="default">
                {t("home.ctaLogin")}
              </Button>
            </Group>
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
