import {
  ActionIcon,
  Anchor,
  AppShell,
  Avatar,
  Box,
  Button,
  Container,
  Group,
  Menu,
  Text,
  UnstyledButton,
} from "@mantine/core";
import { IconMessageCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { CountIndicator } from "../components/count-indicator";
import { conversationsQuery } from "../features/messages/api/messages";
import { NoticeBell } from "../features/preferences/notice-bell";
import { AnalyticsGate } from "../features/privacy/analytics-gate";
import { ConsentBanner, PrivacyChoicesLink } from "../features/privacy/consent-banner";
import { useLiveEvents } from "../lib/live";
import { useAuth } from "./auth";
import { ScreenErrorBoundary } from "./error-boundary";
import "./layout.css";

const UploadsPanel = lazy(() =>
  import("../features/storage/uploads-panel").then((m) => ({ default: m.UploadsPanel })),
);

/** The first stop of the Tab key: past the header, straight to the screen. Shown only when focused. */
function SkipLink() {
  const { t } = useTranslation();
  return (
    <a href="#content" className="skip-link">
      {t("app.skipToContent")}
    </a>
  );
}

/** The logo: its name says where it leads and starts with what it shows ("Chave"). */
function Brand() {
  const { t } = useTranslation();
  return (
    <Anchor
      component={Link}
      to="/"
      underline="never"
      c="inherit"
      aria-label={t("nav.home", { app: t("app.name") })}
    >
      <Group gap={8} wrap="nowrap">
        <img src="/favicon.svg" alt="" width={28} height={28} />
        <Text fw={700} size="lg">
          {t("app.name")}
        </Text>
      </Group>
    </Anchor>
  );
}

/** The conversations link with the unread count, live. */
function MessagesLink() {
  const { t } = useTranslation();
  const inbox = useQuery(conversationsQuery());
  const unread = inbox.data?.unread ?? 0;
  const label = unread > 0 ? t("messages.unreadLabel", { count: unread }) : t("nav.messages");
  return (
    <CountIndicator count={unread} testId="unread-count">
      <ActionIcon component={Link} to="/Message" variant="subtle" size="lg" aria-label={label} title={label}>
        <IconMessageCircle size={22} />
      </ActionIcon>
    </CountIndicator>
  );
}

function AccountMenu() {
  const { t } = useTranslation();
  const { state } = useAuth();
  const location = useLocation();
  if (state.status !== "signed-in") {
    const onAuthScreen = location.pathname.startsWith("/login") || location.pathname.startsWith("/signup");
    return onAuthScreen ? null : (
      <Group gap="xs" wrap="nowrap">
        <Button component={Link} to="/login" variant="subtle" size="sm">
          {t("nav.login")}
        </Button>
        <Button component={Link} to="/signup" size="sm" visibleFrom="xs">
          {t("nav.signup")}
        </Button>
      </Group>
    );
  }
  const initials = state.user.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* Named with what it shows (the initials, and the name on a wider screen) and what it is. */}
        <UnstyledButton
          aria-label={t("nav.menuOf", { initials, name: state.user.name })}
          data-testid="account-menu"
        >
          <Group gap={8} wrap="nowrap">
            <Avatar color="blue" radius="xl" size="sm">
              {initials}
            </Avatar>
            {/* A space (not drawn in the flex row) so the text reads "CM Caio…", not "CMCaio…". */}{" "}
            <Text size="sm" visibleFrom="xs" maw={160} truncate>
              {state.user.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{state.user.email}</Menu.Label>
        <Menu.Item component={Link} to="/PropostaEnviada">
          {t("nav.proposals")}
        </Menu.Item>
        <Menu.Item component={Link} to="/AprovarProposta">
          {t("nav.inbox")}
        </Menu.Item>
        <Menu.Item component={Link} to="/AluguelHistorico">
          {t("nav.history")}
        </Menu.Item>
        <Menu.Item component={Link} to="/Message">
          {t("nav.messages")}
        </Menu.Item>
        <Menu.Item component={Link} to="/preferences">
          {t("nav.preferences")}
        </Menu.Item>
        <Menu.Item component={Link} to="/preferences/favoritos">
          {t("nav.favorites")}
        </Menu.Item>
        <Menu.Item component={Link} to="/preferences2">
          {t("nav.notify")}
        </Menu.Item>
        <Menu.Item component={Link} to="/PreferencesHist">
          {t("nav.preferencesHist")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile">
          {t("nav.profile")}
        </Menu.Item>
        <Menu.Item component={Link} to="/AdicionarUnidade">
          {t("nav.units")}
        </Menu.Item>
        <Menu.Item component={Link} to="/profile3">
          {t("nav.documents")}
        </Menu.Item>
        <Menu.Item component={Link} to="/Config">
          {t("nav.config")}
        </Menu.Item>
        <Menu.Item component={Link} to="/logoff" color="red">
          {t("nav.logoff")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The links every page has at its end: the privacy policy and the terms. */
function Footer() {
  const { t } = useTranslation();
  return (
    <Box component="footer" py="md" className="app-footer">
      <Container size="lg">
        <Group gap="md" justify="center">
          <Anchor component={Link} to="/privacidade" size="sm" c="dimmed">
            {t("privacy.policyTitle")}
          </Anchor>
          <Anchor component={Link} to="/termos" size="sm" c="dimmed">
            {t("privacy.termsTitle")}
          </Anchor>
          <PrivacyChoicesLink />
        </Group>
      </Container>
    </Box>
  );
}

export function Layout() {
  const location = useLocation();
  const { state } = useAuth();
  const userId = state.status === "signed-in" ? state.user.id : null;
  useLiveEvents(userId);
  return (
    <AppShell header={{ height: 60 }} padding={0}>
      <SkipLink />
      <AppShell.Header>
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand />
            <Group gap="sm" wrap="nowrap">
              {userId && <NoticeBell />}
              {userId && <MessagesLink />}
              <AccountMenu />
            </Group>
          </Group>
        </Container>
      </AppShell.Header>
      {/* The page's one main landmark (AppShell.Main is a <main>); the skip link's target. */}
      {/* Short of a full screen by the footer's height, so a short page does not scroll just to show it. */}
      <AppShell.Main id="content" tabIndex={-1} className="app-main">
        <ScreenErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ScreenErrorBoundary>
      </AppShell.Main>
      <Footer />
      <ConsentBanner />
      <AnalyticsGate />
      {/* Only a signed-in person can have uploads to resume: the upload manager (tus and its
          store) is its own chunk, never on a visitor's first paint. */}
      {userId && (
        <Suspense fallback={null}>
          <UploadsPanel userId={userId} />
        </Suspense>
      )}
    </AppShell>
  );
}
