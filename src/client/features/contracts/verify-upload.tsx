import { Alert, Button, FileButton, Stack, Text } from "@mantine/core";
import { IconAlertTriangle, IconCircleCheck, IconFileSearch, IconHelpCircle } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { PUBLIC_VERIFY_MAX_BYTES, type PublicVerification } from "../../../shared/contracts/contracts";
import { useErrorText } from "../../lib/error-text";
import { useVerifyUpload } from "./api/verification";
import { SealDetailsView, sealTime } from "./seal-details";

/** What the server said about the file, in words a tenant, a landlord or a lawyer reads. */
function Verdict({ verdict }: { verdict: PublicVerification }) {
  const { t, i18n } = useTranslation();
  const when = (iso: string | null) => (iso ? sealTime(iso, i18n.language) : null);
  if (verdict.result === "autentico") {
    const date = when(verdict.sealedAt);
    return (
      <Alert
        color="teal"
        icon={<IconCircleCheck />}
        title={t("verify.autentico.title")}
        data-testid="verify-verdict"
        data-result="autentico"
      >
        <Stack gap="sm">
          <Text size="sm">
            {date
              ? t("verify.autentico.body", { numero: verdict.numero, date })
              : t("verify.autentico.bodyNoDate", { numero: verdict.numero })}
          </Text>
          {!verdict.signatureValid && <Text size="sm">{t("verify.autentico.signatureUnchecked")}</Text>}
          <SealDetailsView details={verdict} />
        </Stack>
      </Alert>
    );
  }
  if (verdict.result === "alterado") {
    const date = when(verdict.sealedAt);
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle />}
        title={t("verify.alterado.title")}
        data-testid="verify-verdict"
        data-result="alterado"
      >
        {verdict.numero
          ? t(date ? "verify.alterado.bodyOf" : "verify.alterado.bodyOfNoDate", {
              numero: verdict.numero,
              date,
            })
          : t("verify.alterado.body")}
      </Alert>
    );
  }
  return (
    <Alert
      color="yellow"
      icon={<IconHelpCircle />}
      title={t("verify.desconhecido.title")}
      data-testid="verify-verdict"
      data-result="desconhecido"
    >
      {t("verify.desconhecido.body")}
    </Alert>
  );
}

/**
 * Anyone picks a PDF and is told whether it is a contract sealed here and unchanged since
 * (decision 033). The file is checked as soon as it is picked; one too large is refused here,
 * before a phone spends its data plan sending it.
 */
export function VerifyUpload() {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const verify = useVerifyUpload();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);

  function pick(next: File | null) {
    setFile(next);
    verify.reset();
    setTooLarge(false);
    if (!next) return;
    if (next.size > PUBLIC_VERIFY_MAX_BYTES) {
      setTooLarge(true);
      return;
    }
    verify.mutate(next);
  }

  const problem = tooLarge
    ? t("errors.verify-file-too-large")
    : verify.isError
      ? errorText.message(verify.error)
      : null;
  return (
    <Stack gap="md">
      {/* A button rather than Mantine's FileInput: that one regroups the input chunks the home
          shares and put the home's first download over its budget (decision 026). */}
      <Stack gap={4}>
        <Text size="sm" fw={500} id="verify-file-label">
          {t("verify.fileLabel")}
        </Text>
        <Text size="xs" c="dimmed" id="verify-file-hint">
          {t("verify.fileHint")}
        </Text>
        <FileButton onChange={pick} accept="application/pdf,.pdf">
          {(props) => (
            <Button
              {...props}
              variant="default"
              fullWidth
              leftSection={<IconFileSearch size={18} />}
              loading={verify.isPending}
              aria-describedby="verify-file-label verify-file-hint"
              data-testid="verify-file"
              // A long file name wraps on a phone instead of being cut.
              h="auto"
              mih={36}
              py={6}
              styles={{
                label: {
                  whiteSpace: "normal",
                  overflowWrap: "anywhere",
                  textAlign: "start",
                  lineHeight: 1.35,
                },
              }}
            >
              {file ? t("verify.fileChosen", { name: file.name }) : t("verify.filePlaceholder")}
            </Button>
          )}
        </FileButton>
      </Stack>
      <div aria-live="polite">
        {verify.isPending && (
          <Text size="sm" c="dimmed">
            {t("verify.checking")}
          </Text>
        )}
        {problem && (
          <Alert color="red" role="alert" data-testid="verify-error">
            {problem}
          </Alert>
        )}
        {verify.data && <Verdict verdict={verify.data} />}
      </div>
    </Stack>
  );
}
