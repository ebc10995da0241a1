import { Alert, Button, Checkbox, FileButton, Stack, Text, Textarea, TextInput } from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { type LeaseNotices, NOTICE_REASON_MAX } from "../../../shared/contracts/lease";
import { ACCEPT_ATTRIBUTE } from "../../../shared/contracts/storage";
import { daysFrom, earlyReturnFine, LEGAL_NOTICE_DAYS } from "../../../shared/lease/term";
import { formatBRL } from "../../../shared/money";
import { useAuth } from "../../app/auth";
import { UploadProgress } from "../../components/upload-progress";
import { useErrorText } from "../../lib/error-text";
import { useSingleUpload } from "../../lib/use-upload";
import { useGiveNotice } from "./api";
import { brazilToday, isDay } from "./charge-format";

/*
 * The notice form of /Locacao (issue 33), loaded when a party opens it: the upload client and the
 * fine's arithmetic stay out of the lease page's first download.
 */

/** Where the tenant's employer letters are kept among their documents. */
const LETTER_FOLDER = "locacao";

/** The fine of art. 4 the chosen key-return day would cost, worked out as the server will. */
function FineEstimate({
  notices,
  entrega,
  transfer,
}: {
  notices: LeaseNotices;
  entrega: string;
  transfer: boolean;
}) {
  const { t } = useTranslation();
  if (!isDay(entrega) || entrega < notices.inicio) return null;
  const today = brazilToday();
  const fine = earlyReturnFine({
    term: { dataInicio: notices.inicio, prazoMeses: notices.prazoMeses },
    multaAlugueis: notices.multaAlugueis,
    aluguel: notices.aluguelAtual,
    entrega,
    transferencia: transfer ? { avisoEm: today } : null,
  });
  let text: string;
  if (fine.isencao === "prazo_cumprido") text = t("lease.notice.fineNone");
  else if (fine.isencao === "transferencia") text = t("lease.notice.fineWaived");
  else {
    const left = Number(fine.termo.restante.num) / Number(fine.termo.restante.den);
    text = t("lease.notice.fineEstimate", {
      valor: formatBRL(fine.valor),
      inteira: formatBRL(fine.multaIntegral),
      restantes: left.toLocaleString("pt-BR", { maximumFractionDigits: 2 }),
      meses: notices.prazoMeses,
    });
    if (transfer && daysFrom(today, entrega) < LEGAL_NOTICE_DAYS)
      text = `${text} ${t("lease.notice.transferTooSoon", { dias: LEGAL_NOTICE_DAYS })}`;
  }
  return (
    <Alert color={fine.valor > 0 ? "orange" : "green"} role="status" data-testid="lease-notice-estimate">
      <Text size="sm">{text}</Text>
    </Alert>
  );
}

/** The form: the key-return day, the reason, and (the tenant's, within the term) the employer's letter. */
export function NoticeForm({
  id,
  notices,
  onDone,
  acordo = false,
}: {
  id: string;
  notices: LeaseNotices;
  onDone(): void;
  /** An agreement to end (art. 9 I): any day from today, no letter, no fine; both sign. */
  acordo?: boolean;
}) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const { state } = useAuth();
  const userId = state.status === "signed-in" ? state.user.id : null;
  const give = useGiveNotice(id);
  const upload = useSingleUpload();
  const reset = useRef<() => void>(null);
  const today = brazilToday();
  const rule = acordo
    ? { permitida: true, artigo: "9, I", antecedenciaDias: 0, entregaMinima: today }
    : notices.podeAvisar;
  const [entrega, setEntrega] = useState(rule.entregaMinima ?? "");
  const [motivo, setMotivo] = useState("");
  const [transfer, setTransfer] = useState(false);
  const [letter, setLetter] = useState<{ id: string; name: string } | null>(null);
  const canTransfer = !acordo && notices.papel === "locatario" && rule.artigo === "4";

  async function attach(file: File | null) {
    reset.current?.();
    if (!file || !userId) return;
    const doc = await upload.start(
      file,
      { filename: file.name, kind: "outro", folder: LETTER_FOLDER },
      userId,
    );
    if (doc) setLetter({ id: doc.id, name: file.name });
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    give.mutate(
      { entrega, motivo, cartaTransferencia: transfer && letter ? letter.id : null, acordo },
      { onSuccess: onDone },
    );
  }

  const missingLetter = transfer && !letter;
  return (
    <form onSubmit={submit} noValidate data-testid="lease-notice-form">
      <Stack gap="sm">
        {acordo && (
          <Text size="sm" c="dimmed" data-testid="lease-notice-agreement-lead">
            {t("lease.notice.agreementLead")}
          </Text>
        )}
        <TextInput
          type="date"
          label={t(
            notices.papel === "locatario" ? "lease.notice.entregaTenant" : "lease.notice.entregaLandlord",
          )}
          description={
            rule.antecedenciaDias > 0
              ? t("lease.notice.entregaMin", { count: rule.antecedenciaDias })
              : undefined
          }
          min={rule.entregaMinima ?? undefined}
          value={entrega}
          onChange={(e) => setEntrega(e.currentTarget.value)}
          required
        />
        <Textarea
          label={t("lease.notice.motivo")}
          value={motivo}
          onChange={(e) => setMotivo(e.currentTarget.value)}
          maxLength={NOTICE_REASON_MAX}
          autosize
          minRows={2}
          required
        />
        {canTransfer && (
          <Checkbox
            label={t("lease.notice.transfer")}
            description={t("lease.notice.transferLead")}
            checked={transfer}
            onChange={(e) => setTransfer(e.currentTarget.checked)}
          />
        )}
        {canTransfer && transfer && (
          <Stack gap={4}>
            <FileButton onChange={(file) => void attach(file)} accept={ACCEPT_ATTRIBUTE} resetRef={reset}>
              {(props) => (
                <Button
                  {...props}
                  variant="light"
                  leftSection={<IconUpload size={16} />}
                  loading={upload.task !== null}
                >
                  {letter ? t("lease.notice.letterAnother") : t("lease.notice.letter")}
                </Button>
              )}
            </FileButton>
            {letter && (
              <Text size="sm" data-testid="lease-notice-letter">
                {t("lease.notice.letterAttached", { nome: letter.name })}
              </Text>
            )}
            {upload.task && <UploadProgress task={upload.task} />}
            {upload.problem && (
              <Text size="sm" c="red" role="alert">
                {upload.problem}
              </Text>
            )}
          </Stack>
        )}
        {canTransfer && (
          <FineEstimate notices={notices} entrega={entrega} transfer={transfer && letter !== null} />
        )}
        {give.error && (
          <Text size="sm" c="red" role="alert">
            {errors.message(give.error)}
          </Text>
        )}
        {missingLetter && (
          <Text size="sm" c="dimmed">
            {t("lease.notice.letterNeeded")}
          </Text>
        )}
        <Button
          type="submit"
          h="auto"
          py={8}
          styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
          loading={give.isPending}
          disabled={missingLetter || upload.task !== null}
        >
          {t(acordo ? "lease.notice.agreementSubmit" : "lease.notice.submit")}
        </Button>
      </Stack>
    </form>
  );
}
