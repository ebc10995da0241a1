import { Anchor, Card, Group, Stack, Switch, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useErrorText } from "../../lib/error-text";
import { privacyInfoQuery, useConsent } from "./api/privacy";

/**
 * /Config's privacy card: the analytics answer in force, changed at any time (withdrawing stops
 * collection at once), and the policy and terms.
 */
export function PrivacySettings() {
  const { t, i18n } = useTranslation();
  const err = useErrorText();
  const info = useQuery(privacyInfoQuery());
  const consent = useConsent();
  const { hash } = useLocation();
  const card = useRef<HTMLDivElement>(null);
  // The footer's "Suas escolhas de privacidade" leads here.
  useEffect(() => {
    if (hash === "#privacidade") card.current?.scrollIntoView({ block: "start" });
  }, [hash]);
  const when = consent.decidedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" }).format(
        new Date(consent.decidedAt),
      )
    : null;
  const change = async (analytics: boolean) => {
    try {
      await consent.decide(analytics);
      notifications.show({
        color: "teal",
        message: analytics ? t("privacy.config.on") : t("privacy.config.off"),
      });
    } catch (e) {
      notifications.show({ color: "red", message: err.message(e) });
    }
  };
  return (
    <Card withBorder padding="lg" data-testid="privacy-settings" id="privacidade" ref={card}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("privacy.config.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("privacy.config.lead")}
        </Text>
        {info.data?.analytics ? (
          <Switch
            label={t("privacy.analyticsLabel")}
            description={when ? t("privacy.config.decided", { when }) : t("privacy.config.notDecided")}
            checked={consent.analytics === true}
            disabled={consent.analytics === undefined || consent.saving}
            onChange={(e) => change(e.currentTarget.checked)}
          />
        ) : (
          <Text size="sm">{t("privacy.config.noAnalytics")}</Text>
        )}
        <Group gap="md">
          <Anchor component={Link} to="/privacidade" size="sm">
            {t("privacy.policyTitle")}
          </Anchor>
          <Anchor component={Link} to="/termos" size="sm">
            {t("privacy.termsTitle")}
          </Anchor>
        </Group>
      </Stack>
    </Card>
  );
}
