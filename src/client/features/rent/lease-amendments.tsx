import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import {
  type LeaseAmendments as Amendments,
  type LeaseAmendmentView,
  NOTICE_REASON_MAX,
} from "../../../shared/contracts/lease";
import { formatCpf } from "../../../shared/contracts/profile";
import { brazilDate } from "../../../shared/contracts/proposals";
import { leaseLastDay } from "../../../shared/dates";
import { formatBRL } from "../../../shared/money";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useErrorText } from "../../lib/error-text";
import { amendmentsQuery, useAnswerAmendment } from "./api";
import { isDay, useChargeFormat } from "./charge-format";

const AmendmentForm = lazy(() =>
  import("./lease-amendment-form").then((m) => ({ default: m.AmendmentForm })),
);

/** A day as the API gives it (YYYY-MM-DD, or a moment), as Brazil reads it. */
const dayOf = (s: string) => (isDay(s) ? s : brazilDate(new Date(s)));

const STATUS_COLOR: Record<LeaseAmendmentView["status"], string> = {
  aberta: "blue",
  aceita: "green",
  recusada: "red",
  contraproposta: "orange",
  retirada: "gray",
  expirada: "gray",
};

type Answer = "aceitar" | "recusar" | "retirar";

/** The words for terms: a guarantee by its name, months counted, names joined as the language joins them. */
function useTermWords() {
  const { t, i18n } = useTranslation();
  return {
    guarantee: (g: string) => t(`listings.guarantees.${g}`, { defaultValue: g }),
    months: (n: number) => t("listings.months", { count: n }),
    names: (names: string[]) => new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(names),
  };
}

/** Each change an amendment makes, as "de … para …" against the terms it replaces. */
function ChangeLines({ a, data }: { a: LeaseAmendmentView; data: Amendments }) {
  const { t } = useTranslation();
  const w = useTermWords();
  const m = a.mudancas;
  const b = a.antes;
  const known = [...b.colocatarios, ...data.atual.colocatarios];
  const lines: [string, string][] = [];
  if (m.aluguel !== undefined)
    lines.push([
      "aluguel",
      t("amendments.change.aluguel", { de: formatBRL(b.aluguel), para: formatBRL(m.aluguel) }),
    ]);
  if (m.prazoMeses !== undefined)
    lines.push([
      "prazoMeses",
      t("amendments.change.prazoMeses", { de: w.months(b.prazoMeses), para: w.months(m.prazoMeses) }),
    ]);
  if (m.diaVencimento !== undefined)
    lines.push([
      "diaVencimento",
      t("amendments.change.diaVencimento", { de: b.diaVencimento, para: m.diaVencimento }),
    ]);
  if (m.entraColocatario !== undefined)
    lines.push([
      "entraColocatario",
      t("amendments.change.entraColocatario", {
        nome: m.entraColocatario.nome,
        renda: formatBRL(m.entraColocatario.renda),
      }),
    ]);
  if (m.saemColocatarios !== undefined)
    lines.push([
      "saemColocatarios",
      t("amendments.change.saemColocatarios", {
        nomes: w.names(
          m.saemColocatarios.map((cpf) => known.find((c) => c.cpf === cpf)?.nome ?? formatCpf(cpf)),
        ),
      }),
    ]);
  if (m.garantia !== undefined)
    lines.push([
      "garantia",
      t("amendments.change.garantia", { de: w.guarantee(b.garantia), para: w.guarantee(m.garantia) }),
    ]);
  // The guarantor who gives the new fiança, or who replaces the one in force.
  if (m.fiador !== undefined)
    lines.push([
      "fiador",
      m.garantia === undefined && b.fiador
        ? t("amendments.change.fiador", { de: b.fiador.nome, para: m.fiador.nome })
        : t("amendments.change.fiadorNovo", { nome: m.fiador.nome }),
    ]);
  return (
    <Stack gap={2} data-testid="lease-amendment-changes">
      {lines.map(([k, text]) => (
        <Text key={k} size="sm" fw={600}>
          {text}
        </Text>
      ))}
    </Stack>
  );
}

/** The termo aditivo an accepted amendment wrote: its number, its signature's state, and the way to it. */
function AmendmentDocument({ doc }: { doc: NonNullable<LeaseAmendmentView["documento"]> }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="lease-amendment-document">
      <Text size="sm">
        {t("amendments.document", {
          numero: doc.numero,
          status: t(`contract.status.${doc.status}`, { defaultValue: doc.status }),
        })}
      </Text>
      <Anchor component={Link} to={`/Clicksign?contrato=${doc.contratoId}`} size="sm">
        {doc.status === "enviado" ? t("amendments.sign") : t("amendments.open")}
      </Anchor>
    </Stack>
  );
}

/** One amendment of the timeline: who, what, from when, why, where it stands, and the reader's moves. */
function AmendmentItem({
  a,
  data,
  onAnswer,
  counterForm,
  onCounter,
}: {
  a: LeaseAmendmentView;
  data: Amendments;
  onAnswer: (answer: Answer) => void;
  counterForm: ReactNode;
  onCounter: () => void;
}) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const mine = a.por === data.papel;
  const isOpen = a.status === "aberta";
  const who = a.contraDe ? "amendments.counterBy" : "amendments.by";
  return (
    <Stack gap={6} data-testid="lease-amendment">
      <Group justify="space-between" gap="xs" align="flex-start">
        <Text size="sm" fw={600} style={{ flex: "1 1 12rem", minWidth: 0 }}>
          {t(`${who}.${mine ? "mine" : a.por}`, { data: f.day(dayOf(a.criadaEm)) })}
        </Text>
        <Badge color={STATUS_COLOR[a.status]} variant="light" style={{ flexShrink: 0 }}>
          {t(`amendments.status.${a.status}`)}
        </Badge>
      </Group>
      <ChangeLines a={a} data={data} />
      <Text size="sm">{t("amendments.effect", { data: f.day(dayOf(a.efeito)) })}</Text>
      <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
        {t("amendments.reason", { motivo: a.motivo })}
      </Text>
      {isOpen && (
        <Text size="sm" c={mine ? "dimmed" : "orange.8"} data-testid="lease-amendment-deadline">
          {t(mine ? "amendments.respondBy.mine" : "amendments.respondBy.other", {
            data: f.day(dayOf(a.responderAte)),
          })}
        </Text>
      )}
      {a.resposta && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
          {t("amendments.answer", { motivo: a.resposta })}
        </Text>
      )}
      {a.documento && <AmendmentDocument doc={a.documento} />}
      {counterForm ??
        (isOpen &&
          (mine ? (
            <Group gap="xs">
              <Button variant="default" onClick={() => onAnswer("retirar")}>
                {t("amendments.withdraw")}
              </Button>
            </Group>
          ) : (
            <Group gap="xs">
              <Button onClick={() => onAnswer("aceitar")}>{t("amendments.accept")}</Button>
              <Button variant="light" color="red" onClick={() => onAnswer("recusar")}>
                {t("amendments.refuse")}
              </Button>
              <Button variant="default" onClick={onCounter}>
                {t("amendments.counter")}
              </Button>
            </Group>
          )))}
    </Stack>
  );
}

/** Accepting, refusing (with the reason the proposer reads) or withdrawing, asked before it is done. */
function AnswerDialog({
  id,
  a,
  answer,
  onClose,
}: {
  id: string;
  a: LeaseAmendmentView;
  answer: Answer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const errors = useErrorText();
  const send = useAnswerAmendment(id);
  const [motivo, setMotivo] = useState("");
  const [problem, setProblem] = useState<string | undefined>();

  async function confirm() {
    const reason = motivo.trim();
    if (answer === "recusar" && (reason.length < 3 || reason.length > NOTICE_REASON_MAX))
      return setProblem(t("amendments.refuseDialog.reasonNeeded"));
    setProblem(undefined);
    try {
      await send.mutateAsync({ amendmentId: a.id, body: { resposta: answer, motivo: reason } });
    } catch {
      return; // said in the dialog, from send.error
    }
    onClose();
  }

  const title =
    answer === "aceitar"
      ? t("amendments.acceptDialog.title")
      : answer === "recusar"
        ? t("amendments.refuseDialog.title")
        : t("amendments.withdrawDialog.title");
  const label =
    answer === "aceitar"
      ? t("amendments.accept")
      : answer === "recusar"
        ? t("amendments.refuse")
        : t("amendments.withdraw");
  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      title={title}
      confirmLabel={label}
      confirmColor={answer === "aceitar" ? undefined : "red"}
      pending={send.isPending}
      error={send.error ? errors.message(send.error) : null}
      onConfirm={() => void confirm()}
    >
      {answer === "aceitar" && (
        <Text size="sm">{t("amendments.acceptDialog.text", { data: f.day(dayOf(a.efeito)) })}</Text>
      )}
      {answer === "retirar" && <Text size="sm">{t("amendments.withdrawDialog.text")}</Text>}
      {answer === "recusar" && (
        <Textarea
          label={t("amendments.refuseDialog.reason")}
          description={t("amendments.refuseDialog.reasonHelp")}
          value={motivo}
          onChange={(e) => {
            setMotivo(e.currentTarget.value);
            setProblem(undefined);
          }}
          error={problem}
          maxLength={NOTICE_REASON_MAX}
          autosize
          minRows={2}
          required
          data-autofocus
        />
      )}
    </ConfirmDialog>
  );
}

/** The terms in force today, which an amendment starts from. */
function CurrentTerms({ data }: { data: Amendments }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const w = useTermWords();
  const x = data.atual;
  const rows: [string, string][] = [
    [t("amendments.current.rent"), formatBRL(x.aluguel)],
    [
      t("amendments.current.term"),
      t("amendments.current.termValue", {
        meses: w.months(x.prazoMeses),
        inicio: f.day(x.inicio),
        fim: f.day(leaseLastDay(x.inicio, x.prazoMeses)),
      }),
    ],
    [t("amendments.current.due"), t("amendments.current.dueValue", { dia: x.diaVencimento })],
    [
      t("amendments.current.guarantee"),
      x.fiador
        ? t("amendments.current.guaranteeValue", { garantia: w.guarantee(x.garantia), nome: x.fiador.nome })
        : w.guarantee(x.garantia),
    ],
    ...(x.colocatarios.length > 0
      ? [[t("amendments.current.cotenants"), w.names(x.colocatarios.map((c) => c.nome))] as [string, string]]
      : []),
  ];
  return (
    <Stack gap={4} data-testid="lease-amendments-current">
      <Text size="sm" fw={600}>
        {t("amendments.current.title")}
      </Text>
      {rows.map(([k, v]) => (
        <Group key={k} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            {k}
          </Text>
          <Text size="sm" ta="right" style={{ minWidth: 0, overflowWrap: "anywhere" }}>
            {v}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** Which form is open: a new amendment, or a counter to the other party's open one. */
type OpenForm = { contra: LeaseAmendmentView | null } | null;

/**
 * Amendments (termo aditivo, issue 33 item 1) on /Locacao, for both parties: the terms in force,
 * every amendment newest first with what it changes, and the moves the reader has (propose; accept,
 * refuse or counter the other party's open one; withdraw one's own). An accepted one leads to its
 * termo aditivo, signed in the ceremony.
 */
export function LeaseAmendments({ id }: { id: string }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const amendments = useQuery(amendmentsQuery(id));
  const [form, setForm] = useState<OpenForm>(null);
  const [answering, setAnswering] = useState<{ a: LeaseAmendmentView; answer: Answer } | null>(null);
  if (amendments.isPending) return null;
  if (amendments.isError)
    return (
      <Text size="sm" c="red" role="alert">
        {errors.message(amendments.error)}
      </Text>
    );
  const data = amendments.data;
  const newestFirst = [...data.aditivos].sort((x, y) =>
    x.criadaEm === y.criadaEm ? 0 : x.criadaEm < y.criadaEm ? 1 : -1,
  );
  const formFor = (contra: LeaseAmendmentView | null) => (
    <Suspense fallback={<Loader size="sm" aria-label={t("lease.loading")} />}>
      <AmendmentForm id={id} data={data} counter={contra} onDone={() => setForm(null)} />
    </Suspense>
  );
  return (
    <Card withBorder padding="md" data-testid="lease-amendments">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("amendments.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("amendments.lead")}
        </Text>
        <CurrentTerms data={data} />
        {form?.contra === null
          ? formFor(null)
          : data.podePropor &&
            form === null && (
              <Button variant="light" onClick={() => setForm({ contra: null })}>
                {t("amendments.propose")}
              </Button>
            )}
        {newestFirst.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("amendments.none")}
          </Text>
        ) : (
          <Timeline active={newestFirst.length - 1} bulletSize={14} lineWidth={2}>
            {newestFirst.map((a) => (
              <Timeline.Item key={a.id} color={STATUS_COLOR[a.status]}>
                <AmendmentItem
                  a={a}
                  data={data}
                  onAnswer={(answer) => setAnswering({ a, answer })}
                  onCounter={() => setForm({ contra: a })}
                  counterForm={form?.contra?.id === a.id ? formFor(a) : null}
                />
              </Timeline.Item>
            ))}
          </Timeline>
        )}
      </Stack>
      {answering && (
        <AnswerDialog id={id} a={answering.a} answer={answering.answer} onClose={() => setAnswering(null)} />
      )}
    </Card>
  );
}
