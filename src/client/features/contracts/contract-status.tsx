import { Alert, Anchor, Badge, Button, Group, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../components/page-header";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { contractQuery } from "./api/contracts";
import { CancelContract, SignNow } from "./contract-moves";
import { ContractProblem } from "./contract-problem";
import { Review } from "./contract-review";
import { ContractSigners } from "./contract-signers";
import { ContractTrail } from "./contract-trail";
import { LeaseDocuments } from "./lease-documents";

/** A contract for its parties: status per signer, the PDF, the audit trail; the landlord reviews and sends. */
export function ContractStatus({ contractId }: { contractId: string }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const contract = useQuery(contractQuery(contractId));
  if (contract.isPending) return <Loader />;
  if (contract.data === undefined)
    return (
      <ContractProblem>
        <Alert color="red">
          {contract.error instanceof ApiError && contract.error.status === 404
            ? t("contract.notFound")
            : err.of(contract.error)}
        </Alert>
      </ContractProblem>
    );
  const c = contract.data;
  const pdf = c.sealedDocumentId ?? c.documentId;
  return (
    <Stack gap="md" data-testid="contract-status">
      <Group justify="space-between" align="flex-start">
        <PageHeader title={t("contract.title", { numero: c.numero })} lead={c.titulo} />
        <Badge
          variant="light"
          color={
            c.status === "assinado" || c.status === "selando"
              ? "teal"
              : c.status === "enviado"
                ? "blue"
                : c.status === "rascunho"
                  ? "gray"
                  : "red"
          }
          data-testid="contract-state"
        >
          {t(`contract.status.${c.status}`)}
        </Badge>
      </Group>
      {pdf && (
        <Anchor component={Link} to={`/ViewDocument?id=${pdf}`}>
          {c.sealedDocumentId ? t("contract.viewSealed") : t("contract.viewPdf")}
        </Anchor>
      )}
      {c.status === "selando" && (
        <Alert color="teal" data-testid="contract-sealing">
          <Group gap="xs" wrap="nowrap">
            <Loader size="xs" />
            <Text size="sm">{t("contract.sealingNow")}</Text>
          </Group>
        </Alert>
      )}
      {c.status === "enviado" &&
        c.mine === "pending" &&
        (c.provider === "builtin" ? (
          <SignNow contract={c} />
        ) : (
          <Alert color="orange" title={t("contract.signNow")} data-testid="sign-at-provider">
            {t("contract.signAtProvider")}
          </Alert>
        ))}
      {c.status === "enviado" && c.provider !== "builtin" && c.mine !== "pending" && (
        <Text size="sm" c="dimmed">
          {t("contract.viaProvider")}
        </Text>
      )}
      {c.status === "rascunho" && (c.role === "landlord" || c.role === "tenant") && <Review contract={c} />}
      {c.kind === "locacao" && c.status === "assinado" && (c.role === "landlord" || c.role === "tenant") && (
        <Button component={Link} to={`/Locacao?id=${c.id}`} variant="light" data-testid="contract-lease">
          {t("contract.leaseHome")}
        </Button>
      )}
      {(c.role === "landlord" || c.role === "tenant") &&
        c.status !== "cancelado" &&
        c.status !== "recusado" &&
        (c.kind === "locacao" || c.kind === "vistoria" ? (
          <Anchor
            component={Link}
            to={`/Vistoria?contrato=${c.parentId ?? c.id}`}
            data-testid="contract-inspections"
          >
            {c.kind === "locacao" ? t("contract.inspections") : t("contract.inspectionsOfLease")}
          </Anchor>
        ) : (
          c.parentId && (
            <Anchor
              component={Link}
              to={`/Locacao?id=${c.parentId}`}
              data-testid="contract-lease-of-document"
            >
              {t("contract.leaseOfDocument")}
            </Anchor>
          )
        ))}
      {c.kind === "locacao" && <LeaseDocuments leaseId={c.id} />}
      <ContractSigners contract={c} />
      {c.podeCancelar && <CancelContract contract={c} />}
      <ContractTrail events={c.events} />
    </Stack>
  );
}
