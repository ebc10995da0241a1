import { Anchor, Box, Button, Checkbox, Group, Paper, Stack, Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { useAuth } from "../../app/auth";
import { privacyInfoQuery, useConsent } from "./api/privacy";

/**
 * Asked once, on the first visit (LGPD art. 8): Aceitar, Recusar or Personalizar, refusing as easy
 * as accepting, no box ticked beforehand. Only where this installation has analytics to ask about.
 */
export function ConsentBanner() {
  const { t } = useTranslation();
  const info = useQuery(privacyInfoQuery());
  const consent = useConsent();
  const [custom, setCustom] = useState(false);
  const [analytics, setAnalytics] = useState(false);
  const { ref, height } = useElementSize();
  if (!info.data?.analytics || consent.analytics !== null) return null;
  return (
    <>
      {/* As tall as the banner, so the end of the page (its footer) can scroll out from under it. */}
      <Box aria-hidden h={height + 48} />
      <Paper
        ref={ref}
        component="section"
        aria-labelledby="consent-title"
        withBorder
        shadow="md"
        radius="md"
        p="md"
        className="consent-banner"
        data-testid="consent-banner"
      >
        <Stack gap="sm">
          <Text id="consent-title" fw={700}>
            {t("privacy.banner.title")}
          </Text>
          <Text size="sm">
            {t("privacy.banner.text")}{" "}
            <Anchor component={Link} to="/privacidade">
              {t("privacy.banner.policy")}
            </Anchor>
          </Text>
          {custom && (
            <Checkbox
              label={t("privacy.analyticsLabel")}
              description={t("privacy.analyticsLead")}
              checked={analytics}
              onChange={(e) => setAnalytics(e.currentTarget.checked)}
            />
          )}
          <Group gap="xs" grow>
            {custom ? (
              <Button onClick={() => consent.decide(analytics)} loading={consent.saving}>
                {t("privacy.banner.save")}
              </Button>
            ) : (
              <>
                <Button onClick={() => consent.decide(true)} loading={consent.saving}>
                  {t("privacy.banner.accept")}
                </Button>
                <Button onClick={() => consent.decide(false)} loading={consent.saving}>
                  {t("privacy.banner.refuse")}
                </Button>
                <Button variant="default" onClick={() => setCustom(true)}>
                  {t("privacy.banner.customize")}
                </Button>
              </>
            )}
          </Group>
        </Stack>
      </Paper>
    </>
  );
}

/**
 * The footer's way back to the choice: a visitor gets the banner again, a signed-in person the
 * privacy card of /Config. Only where there is analytics to choose about.
 */
export function PrivacyChoicesLink() {
  const { t } = useTranslation();
  const info = useQuery(privacyInfoQuery());
  const consent = useConsent();
  const { state } = useAuth();
  if (!info.data?.analytics) return null;
  return state.status === "signed-in" ? (
    <Anchor component={Link} to="/Config#privacidade" size="sm" c="dimmed">
      {t("privacy.choices")}
    </Anchor>
  ) : (
    <Anchor component="button" type="button" size="sm" c="dimmed" onClick={() => consent.reopen()}>
      {t("privacy.choices")}
    </Anchor>
  );
}
