import { Alert, Card, Loader, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { genderContext } from "../../../shared/gender";
import { PageHeader } from "../../components/page-header";
import { PdfView } from "../../components/pdf-view";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { ceremonyQuery } from "./api/signing";
import { AlreadySigned, CeremonyDone, type CeremonyDoneState } from "./ceremony-outcome";
import { ContractProblem } from "./contract-problem";
import { ContractSummary } from "./contract-summary";
import { SigningForm } from "./signing-form";

/** The signing ceremony through a personal link: read, confirm by e-mailed code, sign or refuse. */
export function Ceremony({ contractId, token }: { contractId: string; token: string }) {
  const { t, i18n } = useTranslation();
  const err = useErrorText();
  const view = useQuery(ceremonyQuery(contractId, token));
  // A phone draws the PDF at its width, about 6 px text: it reads the summary and opens the PDF
  // whole instead (decision 044). A wider screen shows both.
  const wide = useMediaQuery("(min-width: 48em)", false, { getInitialValueInEffect: false });
  const [done, setDone] = useState<CeremonyDoneState | null>(null);

  if (done) return <CeremonyDone done={done} contractId={contractId} role={view.data?.signatario.role} />;
  if (view.isPending) return <Loader />;
  if (view.data === undefined)
    return (
      <ContractProblem>
        <Alert color="red" data-testid="ceremony-error">
          {view.error instanceof ApiError && view.error.code === "invalid-signing-link"
            ? t("contract.invalidLink")
            : err.of(view.error)}
        </Alert>
      </ContractProblem>
    );
  const v = view.data;
  if (v.assinado)
    return (
      <AlreadySigned
        view={v}
        signed={v.assinado}
        freshDocumentUrl={() => view.refetch().then((r) => r.data?.assinado?.documentUrl ?? null)}
      />
    );
  return (
    <Stack gap="md" data-testid="ceremony">
      <div>
        <PageHeader
          title={`${t("contract.signTitle")} · ${t("contract.title", { numero: v.contrato.numero })}`}
          lead={t("contract.signLead")}
        />
        <Text size="sm" mt={4} fw={500}>
          {t("contract.you", {
            papel: t(`contract.summary.roleName.${v.signatario.role}`, {
              context: genderContext(v.signatario.genero),
            }).toLocaleLowerCase(i18n.language),
            nome: v.signatario.nome,
          })}
        </Text>
      </div>
      <ContractSummary
        view={v}
        freshDocumentUrl={() => view.refetch().then((r) => r.data?.contrato.documentUrl ?? null)}
      />
      {v.contrato.documentUrl && (
        <Card withBorder padding="sm">
          {wide && <PdfView url={v.contrato.documentUrl} />}
          {/* 64 hex digits are one word wider than a phone: they break anywhere. */}
          <Text
            size="xs"
            c="dimmed"
            ff="monospace"
            mt="xs"
            style={{ wordBreak: "break-all" }}
            data-testid="ceremony-hash"
          >
            {t("contract.hash", { hash: v.contrato.sha256 })}
          </Text>
        </Card>
      )}
      {v.signatario.blocked && (
        <Alert color="red" data-testid="signer-blocked">
          {t("errors.signer-blocked")} {t("contract.blockedNext")}
        </Alert>
      )}
      {!v.turn && !v.signatario.blocked && <Alert color="yellow">{t("contract.notYourTurn")}</Alert>}
      <SigningForm
        contractId={contractId}
        token={token}
        canAct={v.turn && !v.signatario.blocked}
        onBlocked={() => void view.refetch()}
        onDone={setDone}
      />
    </Stack>
  );
}
