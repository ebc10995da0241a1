import { Anchor, Container, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { privacyInfoQuery } from "./api/privacy";

interface Part {
  title: string;
  body: string;
}

/** A public legal page (/privacidade, /termos): its sections, the version in force, the contact. */
export function LegalPage({ kind }: { kind: "policy" | "terms" }) {
  const { t, i18n } = useTranslation();
  const info = useQuery(privacyInfoQuery());
  const parts = t(`privacy.${kind}`, { returnObjects: true }) as Part[];
  const other: ReactNode =
    kind === "policy" ? (
      <Anchor component={Link} to="/termos">
        {t("privacy.termsTitle")}
      </Anchor>
    ) : (
      <Anchor component={Link} to="/privacidade">
        {t("privacy.policyTitle")}
      </Anchor>
    );
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <PageHeader
          title={t(kind === "policy" ? "privacy.policyTitle" : "privacy.termsTitle")}
          lead={t(kind === "policy" ? "privacy.policyLead" : "privacy.termsLead")}
        />
        {info.data && (
          <Text size="sm" c="dimmed">
            {t("privacy.version", {
              version: new Intl.DateTimeFormat(i18n.language, { dateStyle: "long", timeZone: "UTC" }).format(
                new Date(`${info.data.policyVersion}T00:00:00Z`),
              ),
            })}
          </Text>
        )}
        {parts.map((p) => (
          <section key={p.title}>
            <Title order={2} size="h4" mb={4}>
              {p.title}
            </Title>
            <Text>{p.body}</Text>
          </section>
        ))}
        {kind === "policy" && info.data && (
          <section>
            <Title order={2} size="h4" mb={4}>
              {t("privacy.retentionTitle")}
            </Title>
            <Text>{t("privacy.retention", { years: info.data.contractRetentionYears })}</Text>
            <Text mt="sm" data-testid="privacy-contact">
              {info.data.contact ? (
                <>
                  {t("privacy.contactLead")}{" "}
                  {info.data.contact.includes("@") ? (
                    <Anchor href={`mailto:${info.data.contact}`}>{info.data.contact}</Anchor>
                  ) : (
                    info.data.contact
                  )}
                </>
              ) : (
                t("privacy.noContact")
              )}
            </Text>
          </section>
        )}
        <Text size="sm">{other}</Text>
      </Stack>
    </Container>
  );
}
