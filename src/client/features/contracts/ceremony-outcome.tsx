import { Alert, Button, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { CeremonyView } from "../../../shared/contracts/contracts";
import { PageHeader } from "../../components/page-header";
import { ContractSummary } from "./contract-summary";
import { openFresh } from "./fresh-link";

/** How the ceremony ended for this signer. */
export type CeremonyDoneState = "signed" | "sealing" | "all" | "refused";

/**
 * The ceremony just ended. The personal link ends with the signature: the parties follow the
 * contract in their account, everyone else gets the sealed file by e-mail.
 */
export function CeremonyDone({
  done,
  contractId,
  role,
}: {
  done: CeremonyDoneState;
  contractId: string;
  role: CeremonyView["signatario"]["role"] | undefined;
}) {
  const { t } = useTranslation();
  const party = role === "locador" || role === "locatario";
  return (
    <Stack gap="sm">
      <PageHeader title={t("contract.heading")} />
      <Alert color={done === "refused" ? "gray" : "teal"} data-testid="ceremony-done">
        {done === "all"
          ? t("contract.allSigned")
          : done === "sealing"
            ? t("contract.sealing")
            : done === "signed"
              ? t("contract.signed")
              : t("contract.refused")}
      </Alert>
      {party && done !== "refused" && (
        <Button
          component={Link}
          to={`/Clicksign?contrato=${contractId}`}
          variant="light"
          data-testid="follow-contract"
        >
          {t("contract.follow")}
        </Button>
      )}
    </Stack>
  );
}

/**
 * A signer who signed and opens her link again: when, and the contract to keep (`freshDocumentUrl`
 * reads the view again for a link that has not expired).
 */
export function AlreadySigned({
  view: v,
  signed,
  freshDocumentUrl,
}: {
  view: CeremonyView;
  signed: NonNullable<CeremonyView["assinado"]>;
  freshDocumentUrl: () => Promise<string | null>;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md" data-testid="ceremony-signed">
      <PageHeader
        title={`${t("contract.heading")} · ${t("contract.title", { numero: v.contrato.numero })}`}
      />
      <Alert color="teal" data-testid="already-signed">
        <Text size="md" fw={600}>
          {t("contract.alreadySigned", {
            date: t("contract.summary.deadlineValue", {
              when: new Date(signed.em).toLocaleString(i18n.language, {
                dateStyle: "long",
                timeStyle: "short",
                timeZone: "America/Sao_Paulo",
              }),
            }),
          })}
        </Text>
        <Text size="sm" mt={4}>
          {signed.selado ? t("contract.alreadySignedSealed") : t("contract.alreadySignedWaiting")}
        </Text>
        {signed.documentUrl && (
          <Button
            component="a"
            href={signed.documentUrl}
            onClick={(e: React.MouseEvent) =>
              signed.documentUrl && openFresh(e, signed.documentUrl, freshDocumentUrl, { newTab: false })
            }
            mt="sm"
            leftSection={<IconDownload size={18} />}
            data-testid="signed-download"
          >
            {signed.selado ? t("contract.downloadSealed") : t("contract.downloadCurrent")}
          </Button>
        )}
      </Alert>
      <ContractSummary view={v} signed />
    </Stack>
  );
}
