import { Anchor, Box, Container, Group } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PrivacyChoicesLink } from "../features/privacy/consent-banner";

/** The links every page has at its end: the privacy policy, the terms, checking a contract. */
export function Footer() {
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
          <Anchor component={Link} to="/Verificar" size="sm" c="dimmed">
            {t("verify.footerLink")}
          </Anchor>
          <PrivacyChoicesLink />
        </Group>
      </Container>
    </Box>
  );
}
