import {
  Alert,
  Button,
  Card,
  Checkbox,
  FileButton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { IconUpload } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type LeaseNotices, type LeaseNoticeView, NOTICE_REASON_MAX } from "../../../shared/contracts/lease";
import { ACCEPT_ATTRIBUTE } from "../../../shared/contracts/storage";
import { daysFrom, earlyReturnFine, LEGAL_NOTICE_DAYS } from "../../../shared/lease/term";
import { formatBRL } from "../../../shared/money";
import { useAuth } from "../../app/auth";
import { UploadProgress } from "../../components/upload-progress";
import { useErrorText } from "../../lib/error-text";
import { useSingleUpload } from "../../lib/use-upload";
import { noticesQuery, useGiveNotice } from "./api";
import { brazilToday, isDay, useChargeFormat } from "./charge-format";

/** Where the tenant's employer letters are kept among their documents. */
const LETTER_FOLDER = "locacao";

/** A notice given: who, when the keys come back, the fine it states, and its signature. */
function NoticeGiven({ n, notices }: { n: LeaseNoticeView; notices: LeaseNotices }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const mine = n.por === notices.papel;
  return (
    <Stack gap={6} data-testid="lease-notice-given">
      <Text size="sm">
        {t(mine ? "lease.notice.givenByMe" : `lease.notice.givenBy.${n.por}`, {
          data: f.day(n.avisoEm),
          entrega: f.day(n.entrega),
          artigo: n.artigo,
        })}
      </Text>
      <Text size="sm" c="dimmed">
        {t("lease.notice.reason", { motivo: n.motivo })}
      </Text>
      {n.multa && (
        <Text size="sm" data-testid="lease-notice-fine">
          {n.multa.isencao === "transferencia"
            ? t("lease.notice.fineWaived")
            : n.multa.isencao === "prazo_cumprido"
              ? t("lease.notice.fineNone")
              : t("lease.notice.fineStated", { valor: formatBRL(n.multa.valor) })}
        </Text>
      )}
      {n.status === "assinado" ? (
        <Text size="sm" c="green.8">
          {t("lease.notice.signed")}
        </Text>
      ) : n.status === "enviado" ? (
        mine ? (
          <Button component={Link} to={`/Clicksign?contrato=${n.contratoId}`} data-testid="lease-notice-sign">
            {t("lease.notice.sign")}
          </Button>
        ) : (
          <Text size="sm" c="dimmed">
            {t("lease.notice.awaitingSignature")}
          </Text>
        )
      ) : (
        <Text size="sm" c="dimmed">
          {t("lease.notice.sealing")}
        </Text>
      )}
    </Stack>
  );
}

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
function NoticeForm({ id, notices, onDone }: { id: string; notices: LeaseNotices; onDone(): void }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const { state } = useAuth();
  const userId = state.status === "signed-in" ? state.user.id : null;
  const give = useGiveNotice(id);
  const upload = useSingleUpload();
  const reset = useRef<() => void>(null);
  const rule = notices.podeAvisar;
  const [entrega, setEntrega] = useState(rule.entregaMinima ?? "");
  const [motivo, setMotivo] = useState("");
  const [transfer, setTransfer] = useState(false);
  const [letter, setLetter] = useState<{ id: string; name: string } | null>(null);
  const canTransfer = notices.papel === "locatario" && rule.artigo === "4";

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
      { entrega, motivo, cartaTransferencia: transfer && letter ? letter.id : null },
      { onSuccess: onDone },
    );
  }

  const missingLetter = transfer && !letter;
  return (
    <form onSubmit={submit} noValidate data-testid="lease-notice-form">
      <Stack gap="sm">
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
        <Button type="submit" loading={give.isPending} disabled={missingLetter || upload.task !== null}>
          {t("lease.notice.submit")}
        </Button>
      </Stack>
    </form>
  );
}

/**
 * Leaving the unit (issue 33): the notice given, or the way to give one when the law allows the
 * reader to (Lei 8.245/91 arts. 4, 6, 46, 47, 57), with the fine it would cost the tenant.
 */
export function LeaseNotice({ id }: { id: string }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const notices = useQuery(noticesQuery(id));
  const [open, setOpen] = useState(false);
  if (notices.isPending) return null;
  if (notices.isError)
    return (
      <Text size="sm" c="red" role="alert">
        {errors.message(notices.error)}
      </Text>
    );
  const n = notices.data;
  const standing = n.avisos.filter((a) => a.status !== "recusado" && a.status !== "cancelado");
  return (
    <Card withBorder padding="md" data-testid="lease-notice">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("lease.notice.title")}
        </Title>
        {standing.length > 0 ? (
          standing.map((a) => <NoticeGiven key={a.contratoId} n={a} notices={n} />)
        ) : !n.podeAvisar.permitida ? (
          <Text size="sm" c="dimmed" data-testid="lease-notice-not-allowed">
            {t(`lease.notice.notAllowed.${n.papel}`, { artigo: n.podeAvisar.artigo })}
          </Text>
        ) : open ? (
          <NoticeForm id={id} notices={n} onDone={() => setOpen(false)} />
        ) : (
          <>
            <Text size="sm" c="dimmed">
              {t(`lease.notice.lead.${n.papel}`, { artigo: n.podeAvisar.artigo })}
            </Text>
            <Button variant="light" onClick={() => setOpen(true)} data-testid="lease-notice-open">
              {t(n.papel === "locatario" ? "lease.notice.openTenant" : "lease.notice.openLandlord")}
            </Button>
          </>
        )}
      </Stack>
    </Card>
  );
}
