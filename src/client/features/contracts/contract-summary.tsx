import { Button, Card, Stack, Text, Title } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import type { CeremonyView } from "../../../shared/contracts/contracts";
import { genderContext } from "../../../shared/gender";
import { formatBRL } from "../../../shared/money";
import { openFresh } from "./fresh-link";

/** "2026-12-01" → "01/12/2026" (a calendar day: no time zone moves it). */
function day(iso: string, locale: string): string {
  const [y, m, d] = iso.slice(0, 10).split("-").map(Number);
  return new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)).toLocaleDateString(locale, { timeZone: "UTC" });
}

function Row({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <div data-testid={testId}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="md">{children}</Text>
    </div>
  );
}

/**
 * The contract's first page in normal text (decision 044): on a phone the PDF drawn to the
 * screen's width reads at about 6 px, so the signer reads who, where, how much, for how long and
 * her own role here, with the full PDF one tap away.
 */
export function ContractSummary({
  view,
  signed = false,
  freshDocumentUrl,
}: {
  view: CeremonyView;
  signed?: boolean;
  /** Reads the view again for a fresh link to the PDF (the one drawn expires in minutes). */
  freshDocumentUrl?: () => Promise<string | null>;
}) {
  const { t, i18n } = useTranslation();
  const r = view.resumo;
  const role = view.signatario.role;
  const context = genderContext(view.signatario.genero);
  return (
    <Card withBorder padding="md" data-testid="contract-summary">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {signed ? t("contract.summary.titleSigned") : t("contract.summary.title")}
        </Title>
        <Row label={t("contract.summary.role")} testId="summary-role">
          <Text component="span" fw={600} inherit>
            {t(`contract.summary.roleName.${role}`, { context })}
          </Text>
          {". "}
          {t(`contract.summary.roleMeaning.${role}`)}
        </Row>
        <Row label={t("contract.summary.home")} testId="summary-home">
          {r.tipo} · {r.endereco}
        </Row>
        <Row label={t("contract.summary.landlord")}>{r.locador}</Row>
        <Row label={t("contract.summary.tenant")}>{r.locatario}</Row>
        {r.colocatarios.length > 0 && (
          <Row label={t("contract.summary.cotenants")}>{r.colocatarios.join(", ")}</Row>
        )}
        <Row label={t("contract.summary.rent")}>
          {r.encargos > 0
            ? t("contract.summary.rentValue", {
                aluguel: formatBRL(r.aluguel),
                encargos: formatBRL(r.encargos),
              })
            : t("contract.summary.rentOnly", { aluguel: formatBRL(r.aluguel) })}
        </Row>
        <Row label={t("contract.summary.term")}>
          {t("contract.summary.termValue", { meses: r.prazoMeses, inicio: day(r.dataInicio, i18n.language) })}
        </Row>
        <Row label={t("contract.summary.guarantee")}>
          {r.fiador
            ? t("contract.summary.guarantor", { nome: r.fiador })
            : t(`listings.guarantees.${r.garantia}`)}
        </Row>
        {!signed && r.prazoAssinatura && (
          <Row label={t("contract.summary.deadline")}>
            {/* In Brasília's time, as the e-mail says it, whatever the phone's own zone. */}
            {t("contract.summary.deadlineValue", {
              when: new Date(r.prazoAssinatura).toLocaleString(i18n.language, {
                dateStyle: "short",
                timeStyle: "short",
                timeZone: "America/Sao_Paulo",
              }),
            })}
          </Row>
        )}
        {!signed && view.contrato.documentUrl && (
          <Stack gap={4}>
            <Button
              component="a"
              href={view.contrato.documentUrl}
              onClick={(e: React.MouseEvent) => {
                const url = view.contrato.documentUrl;
                if (url && freshDocumentUrl) openFresh(e, url, freshDocumentUrl, { newTab: true });
              }}
              target="_blank"
              rel="noopener"
              variant="light"
              leftSection={<IconFileTypePdf size={18} />}
              data-testid="full-pdf"
            >
              {t("contract.summary.fullPdf")}
            </Button>
            <Text size="sm" c="dimmed">
              {t("contract.summary.fullPdfLead")}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
