import {
  Badge,
  Button,
  Card,
  Container,
  Group,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from "@mantine/core";
import { IconClockHour4, IconFileText, IconHome, IconSignature } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuth } from "../../app/auth";
import { OfferSearch } from "../../features/listings/search";

const FEATURES = [
  { key: "offers", Icon: IconHome },
  { key: "proposals", Icon: IconFileText },
  { key: "negotiation", Icon: IconClockHour4 },
  { key: "contract", Icon: IconSignature },
] as const;

/**
 * `/`, `/v1`–`/v4`: the offer search, in the layout the route names; signed-out visitors see what
 * Chave does above it.
 */
export function HomeScreen() {
  const { t } = useTranslation();
  const { state } = useAuth();
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
              <Group>
                <Button component={Link} to="/AdicionarUnidade" variant="light">
                  {t("search.myUnits")}
                </Button>
                <Button component={Link} to="/Config" variant="default">
                  {t("home.goConfig")}
                </Button>
              </Group>
            </Stack>
          </Card>
        ) : (
          <Stack gap="md" maw={760}>
            <Badge variant="light" size="lg">
              {t("app.tagline")}
            </Badge>
            <Title order={1} fz={{ base: 28, sm: 40 }} lh={1.15}>
              {t("home.title")}
            </Title>
            <Text size="lg" c="dimmed">
              {t("home.lead")}
            </Text>
            <Group>
              <Button component={Link} to="/signup" size="md">
                {t("home.ctaSignup")}
              </Button>
              <Button component={Link} to="/login" size="md" variant="default">
                {t("home.ctaLogin")}
              </Button>
            </Group>
          </Stack>
        )}
        {state.status !== "signed-in" && (
          <>
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
          </>
        )}
        <OfferSearch />
      </Stack>
    </Container>
  );
}
