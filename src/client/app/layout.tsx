import { Anchor, Button, Container, Group, Text } from "@mantine/core";
import { lazy, Suspense, useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { Link, Outlet, useLocation } from "react-router";
import { withTexts } from "../lib/i18n";
import { useLiveEvents } from "../lib/live";
import { releasePrerender } from "../lib/prerender";
import { AfterLoad } from "./after-load";
import { useAuth } from "./auth";
import { ScreenErrorBoundary } from "./error-boundary";
import "./layout.css";

const SignedInHeader = lazy(
  withTexts(() => import("./signed-in-header").then((m) => ({ default: m.SignedInHeader }))),
);
const ConsentBanner = lazy(
  withTexts(() => import("../features/privacy/consent-banner").then((m) => ({ default: m.ConsentBanner }))),
);
const Footer = lazy(withTexts(() => import("./footer").then((m) => ({ default: m.Footer }))));
// Not deferred: it must be there to stop PostHog the moment the answer becomes no.
const AnalyticsGate = lazy(() =>
  import("../features/privacy/analytics-gate").then((m) => ({ default: m.AnalyticsGate })),
);
const UploadsPanel = lazy(
  withTexts(() => import("../features/storage/uploads-panel").then((m) => ({ default: m.UploadsPanel }))),
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

/** A visitor's way in; a signed-in person's menu is its own chunk (signed-in-header). */
function VisitorLinks() {
  const { t } = useTranslation();
  const location = useLocation();
  const onAuthScreen = location.pathname.startsWith("/login") || location.pathname.startsWith("/signup");
  return onAuthScreen ? null : (
    <Group gap="xs" wrap="nowrap">
      <Button component={Link} to="/login" variant="subtle" size="sm">
        {t("nav.login")}
      </Button>
      {/* On a phone too: the home no longer puts its own two doors above the search (issue 29). */}
      <Button component={Link} to="/signup" size="sm">
        {t("nav.signup")}
      </Button>
    </Group>
  );
}

export function Layout() {
  const location = useLocation();
  const { state, refresh } = useAuth();
  const userId = state.status === "signed-in" ? state.user.id : null;
  useLiveEvents(userId, refresh);
  // Only the home and an offer have a server snapshot, released by their own screens; anywhere
  // else (a link followed before they were ready) it goes at once.
  useLayoutEffect(() => {
    if (location.pathname !== "/" && location.pathname !== "/AluguelOferta") releasePrerender();
  }, [location.pathname]);
  return (
    // A header and a main of our own: Mantine's AppShell (navbars, asides, resizing) is a tenth of
    // the first chunk, and this app uses its header alone (issue 18).
    <div className="app-shell">
      <SkipLink />
      <header className="app-header">
        <Container size="lg" h="100%">
          <Group h="100%" justify="space-between" wrap="nowrap">
            <Brand />
            {state.status === "signed-in" ? (
              <Suspense fallback={null}>
                <SignedInHeader user={state.user} />
              </Suspense>
            ) : (
              <VisitorLinks />
            )}
          </Group>
        </Container>
      </header>
      {/* The page's one main landmark; the skip link's target. */}
      {/* Short of a full screen by the footer's height, so a short page does not scroll just to show it. */}
      <main id="content" tabIndex={-1} className="app-main">
        <ScreenErrorBoundary resetKey={location.pathname}>
          <Outlet />
        </ScreenErrorBoundary>
      </main>
      {/* Below the first screen: it comes with the texts of the other screens, after the page. */}
      <AfterLoad>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </AfterLoad>
      {/* The banner and the analytics gate are chunks of their own, asked for beside the screen's
          (not after the page: the banner is the largest text a first visit shows, and a banner
          drawn late is a late paint; the gate must be there to stop PostHog at a withdrawal). */}
      <Suspense fallback={null}>
        <ConsentBanner />
        <AnalyticsGate />
      </Suspense>
      {/* Only a signed-in person can have uploads to resume: the upload manager (tus and its
          store) is its own chunk, never on a visitor's first paint. */}
      {userId && (
        <Suspense fallback={null}>
          <UploadsPanel userId={userId} />
        </Suspense>
      )}
    </div>
  );
}
