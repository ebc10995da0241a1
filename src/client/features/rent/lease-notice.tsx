import { Button, Card, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { LeaseNotices, LeaseNoticeView } from "../../../shared/contracts/lease";
import { formatBRL } from "../../../shared/money";
import { useErrorText } from "../../lib/error-text";
import { noticesQuery } from "./api";
import { useChargeFormat } from "./charge-format";

const NoticeForm = lazy(() => import("./lease-notice-form").then((m) => ({ default: m.NoticeForm })));

/** A notice given: who, when the keys come back, the fine it states, and its signature. */
function NoticeGiven({ n, notices }: { n: LeaseNoticeView; notices: LeaseNotices }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const mine = n.por === notices.papel;
  return (
    <Stack gap={6} data-testid="lease-notice-given">
      <Text size="sm">
        {n.acordo
          ? t(mine ? "lease.notice.agreementByMe" : `lease.notice.agreementBy.${n.por}`, {
              data: f.day(n.avisoEm),
              entrega: f.day(n.entrega),
            })
          : t(mine ? "lease.notice.givenByMe" : `lease.notice.givenBy.${n.por}`, {
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
        // An agreement is signed by both; a notice by its giver.
        mine || n.acordo ? (
          <Button component={Link} to={`/Clicksign?contrato=${n.contratoId}`} data-testid="lease-notice-sign">
            {t(n.acordo ? "lease.notice.agreementSign" : "lease.notice.sign")}
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

/**
 * Leaving the unit (issue 33): the notice given, or the way to give one when the law allows the
 * reader to (Lei 8.245/91 arts. 4, 6, 46, 47, 57), with the fine it would cost the tenant.
 */
export function LeaseNotice({ id }: { id: string }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const notices = useQuery(noticesQuery(id));
  const [open, setOpen] = useState<false | "aviso" | "acordo">(false);
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
        ) : open ? (
          <Suspense fallback={<Loader size="sm" aria-label={t("lease.loading")} />}>
            <NoticeForm id={id} notices={n} acordo={open === "acordo"} onDone={() => setOpen(false)} />
          </Suspense>
        ) : (
          <>
            {!n.podeAvisar.permitida ? (
              <Text size="sm" c="dimmed" data-testid="lease-notice-not-allowed">
                {t(`lease.notice.notAllowed.${n.papel}`, { artigo: n.podeAvisar.artigo })}
              </Text>
            ) : (
              <>
                <Text size="sm" c="dimmed">
                  {t(`lease.notice.lead.${n.papel}`, { artigo: n.podeAvisar.artigo })}
                </Text>
                <Button variant="light" onClick={() => setOpen("aviso")} data-testid="lease-notice-open">
                  {t(n.papel === "locatario" ? "lease.notice.openTenant" : "lease.notice.openLandlord")}
                </Button>
              </>
            )}
            {n.podeCombinar && (
              <Button
                variant="subtle"
                h="auto"
                py={6}
                styles={{ label: { whiteSpace: "normal", textAlign: "center" } }}
                onClick={() => setOpen("acordo")}
                data-testid="lease-notice-agreement-open"
              >
                {t("lease.notice.agreementOpen")}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Card>
  );
}
