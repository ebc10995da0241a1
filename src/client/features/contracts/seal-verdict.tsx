import { Alert, Button, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { DocumentVerification } from "../../../shared/contracts/contracts";
import { SealDetailsView, sealTime } from "./seal-details";

/**
 * The server's check of a sealed contract: valid and intact, or which of the two failed (in
 * words, never the verifier's own English), then what the seal is made of.
 */
export function SealVerdict({ verdict }: { verdict: Extract<DocumentVerification, { sealed: true }> }) {
  const { t, i18n } = useTranslation();
  const ok = verdict.intact && verdict.signatureValid;
  return (
    <Alert color={ok ? "teal" : "red"} data-testid="seal-verdict">
      <Stack gap="sm">
        <Text size="sm">
          {ok
            ? t("viewer.sealOk", {
                numero: verdict.numero,
                signer: verdict.signer ?? "",
                date: verdict.signedAt ? sealTime(verdict.signedAt, i18n.language) : "",
              })
            : verdict.signatureValid
              ? t("viewer.sealChanged", { numero: verdict.numero })
              : t("viewer.sealBad", { numero: verdict.numero })}
        </Text>
        <SealDetailsView details={verdict} />
        <Button
          component={Link}
          to="/Verificar"
          variant="subtle"
          size="compact-sm"
          w="fit-content"
          data-testid="verify-another"
        >
          {t("verify.another")}
        </Button>
      </Stack>
    </Alert>
  );
}
