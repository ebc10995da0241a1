import { Anchor, Badge, Box, Button, Card, Group, Loader, Stack, Text, Textarea, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import {
  type LeaseSettlement as Data,
  NOTICE_REASON_MAX,
  type SettlementContestView,
  type SettlementLineView,
  type SettlementView,
} from "../../../shared/contracts/lease";
import { formatBRL } from "../../../shared/money";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useErrorText } from "../../lib/error-text";
import { settlementQuery, useAgreeSettlement, useAnswerSettlementContest, useOfferUnitAgain } from "./api";
import { useChargeFormat } from "./charge-format";

const ContestForm = lazy(() => import("./lease-settlement-forms").then((m) => ({ default: m.ContestForm })));
const DamageForm = lazy(() => import("./lease-settlement-forms").then((m) => ({ default: m.DamageForm })));

type Party = Data["papel"];
type Answer = "aceitar" | "recusar";

const otherParty = (p: Party): Party => (p === "locador" ? "locatario" : "locador");

/** An amount in a sentence: "R$" and its figure kept on one line (a phone's width breaks the rest). */
const unbroken = (centavos: number) => formatBRL(centavos).replace(" ", "\u00a0");

/** "2028-02" → "02/2028"; anything else as it is. */
const monthYear = (ym: string) => (/^\d{4}-\d{2}$/.test(ym) ? `${ym.slice(5, 7)}/${ym.slice(0, 4)}` : ym);

const CONTEST_COLOR: Record<SettlementContestView["status"], string> = {
  aberta: "orange",
  aceita: "green",
  recusada: "red",
};

/** A line's name from its kind and reference, and which way an amount's money goes. */
function useSettlementWords() {
  const { t } = useTranslation();
  const charge = (key: string | undefined) =>
    key ? t(`settlement.charges.${key}`, { defaultValue: key }) : "";
  return {
    line: (l: SettlementLineView) => {
      // The last month's lines are "2028-02:aluguel", "2028-02:condominio"…
      const [mes = "", key] = l.referencia.split(":");
      switch (l.tipo) {
        case "aluguel_final":
          return t("settlement.line.aluguel_final", { mes: monthYear(mes) });
        case "encargos_finais":
        case "credito_dias":
          return t(`settlement.line.${l.tipo}`, { mes: monthYear(mes), encargo: charge(key) });
        case "cobranca_aberta":
          return t("settlement.line.cobranca_aberta", { mes: monthYear(l.referencia) });
        case "dano":
          return t("settlement.line.dano", { descricao: l.referencia });
        default:
          return t(`settlement.line.${l.tipo}`);
      }
    },
    /** > 0 the tenant pays it, < 0 it goes back to the tenant. */
    sense: (valor: number) =>
      t(
        valor > 0
          ? "settlement.owed.locatario"
          : valor < 0
            ? "settlement.owed.locador"
            : "settlement.owed.none",
      ),
    /** The total in words: who pays whom, and how much. */
    total: (total: number) =>
      total > 0
        ? t("settlement.total.locatario", { valor: unbroken(total) })
        : total < 0
          ? t("settlement.total.locador", { valor: unbroken(-total) })
          : t("settlement.total.none"),
  };
}

/** A line's contest: who, why, the value proposed, where it stands, the answer. */
function Contest({ c, papel }: { c: SettlementContestView; papel: Party }) {
  const { t } = useTranslation();
  const words = useSettlementWords();
  const mine = c.por === papel;
  return (
    <Stack
      gap={2}
      pl="xs"
      data-testid="settlement-contest"
      style={{ borderLeft: `3px solid var(--mantine-color-${CONTEST_COLOR[c.status]}-5)` }}
    >
      <Group justify="space-between" gap="xs" align="flex-start">
        <Text size="sm" style={{ flex: "1 1 12rem", minWidth: 0, overflowWrap: "anywhere" }}>
          {t(`settlement.contest.by.${mine ? "mine" : c.por}`, { motivo: c.motivo })}
        </Text>
        <Badge color={CONTEST_COLOR[c.status]} variant="light" style={{ flexShrink: 0 }}>
          {t(`settlement.contest.status.${c.status}`)}
        </Badge>
      </Group>
      <Text size="sm">
        {t("settlement.contest.proposed", {
          valor: unbroken(Math.abs(c.valor)),
          sentido: words.sense(c.valor),
        })}
      </Text>
      {c.resposta && (
        <Text size="sm" c="dimmed" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
          {t("settlement.contest.answer", { motivo: c.resposta })}
        </Text>
      )}
      {c.status === "aberta" && (
        <Text size="sm" c={mine ? "dimmed" : "orange.8"}>
          {t(mine ? "settlement.contest.waiting.mine" : "settlement.contest.waiting.other")}
        </Text>
      )}
    </Stack>
  );
}

/**
 * One line, its label above its amount (a phone's width holds both without scrolling sideways):
 * the amount and which way it goes, the computed value struck through when a contest changed it,
 * the contest, and the reader's moves on it.
 */
function Line({
  line,
  papel,
  open,
  form,
  onContest,
  onAnswer,
}: {
  line: SettlementLineView;
  papel: Party;
  /** The settlement still takes contests and answers (not yet at the signature). */
  open: boolean;
  form: ReactNode;
  onContest: () => void;
  onAnswer: (answer: Answer) => void;
}) {
  const { t } = useTranslation();
  const words = useSettlementWords();
  const c = line.contestacao;
  const waiting = c?.status === "aberta" ? c : null;
  return (
    <Box
      component="li"
      py="xs"
      data-testid="settlement-line"
      style={{ borderTop: "1px solid var(--mantine-color-default-border)" }}
    >
      <Stack gap={4}>
        <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
          {words.line(line)}
        </Text>
        <Group gap={6} align="baseline" wrap="wrap" data-testid="settlement-line-amount">
          <Text fw={700} style={{ whiteSpace: "nowrap" }}>
            {formatBRL(Math.abs(line.valor))}
          </Text>
          <Text size="sm" c={line.valor < 0 ? "green.8" : "dimmed"}>
            {words.sense(line.valor)}
          </Text>
        </Group>
        {line.calculado !== line.valor && (
          <Text size="xs" c="dimmed" data-testid="settlement-line-computed">
            <Text span inherit td="line-through">
              {formatBRL(Math.abs(line.calculado))}
            </Text>{" "}
            ({t("settlement.computed")})
          </Text>
        )}
        {c && <Contest c={c} papel={papel} />}
        {form ??
          (open &&
            (waiting ? (
              waiting.por !== papel && (
                <Group gap="xs">
                  <Button size="sm" onClick={() => onAnswer("aceitar")}>
                    {t("settlement.contest.accept")}
                  </Button>
                  <Button size="sm" variant="light" color="red" onClick={() => onAnswer("recusar")}>
                    {t("settlement.contest.refuse")}
                  </Button>
                </Group>
              )
            ) : (
              <Group gap="xs">
                <Button size="compact-sm" variant="default" onClick={onContest}>
                  {t("settlement.contest.open")}
                </Button>
              </Group>
            )))}
      </Stack>
    </Box>
  );
}

/** Accepting a contest, or refusing it with the reason the other party reads, asked before it is done. */
function AnswerDialog({
  id,
  line,
  answer,
  onClose,
}: {
  id: string;
  line: SettlementLineView;
  answer: Answer;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const words = useSettlementWords();
  const send = useAnswerSettlementContest(id);
  const [motivo, setMotivo] = useState("");
  const [problem, setProblem] = useState<string | undefined>();
  const proposed = line.contestacao?.valor ?? line.valor;

  async function confirm() {
    const reason = motivo.trim();
    if (answer === "recusar" && (reason.length < 3 || reason.length > NOTICE_REASON_MAX))
      return setProblem(t("settlement.contest.refuseDialog.reasonNeeded"));
    setProblem(undefined);
    try {
      await send.mutateAsync({ chave: line.chave, resposta: answer, motivo: reason });
    } catch {
      return; // said in the dialog, from send.error
    }
    onClose();
  }

  const accept = answer === "aceitar";
  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      title={t(accept ? "settlement.contest.acceptDialog.title" : "settlement.contest.refuseDialog.title")}
      confirmLabel={t(accept ? "settlement.contest.accept" : "settlement.contest.refuse")}
      confirmColor={accept ? undefined : "red"}
      pending={send.isPending}
      error={send.error ? errors.message(send.error) : null}
      onConfirm={() => void confirm()}
    >
      {accept ? (
        <Text size="sm">
          {t("settlement.contest.acceptDialog.text", {
            linha: words.line(line),
            valor: unbroken(Math.abs(proposed)),
            sentido: words.sense(proposed),
          })}
        </Text>
      ) : (
        <Textarea
          label={t("settlement.contest.refuseDialog.reason")}
          description={t("settlement.contest.refuseDialog.reasonHelp")}
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

/** The cash deposit returned: what was deposited and when, its savings yield and the months counted. */
function Deposit({ caucao }: { caucao: NonNullable<SettlementView["caucao"]> }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const rows: [string, string][] = [
    [t("settlement.deposit.deposito"), formatBRL(caucao.deposito)],
    [t("settlement.deposit.depositadoEm"), f.day(caucao.depositadoEm.slice(0, 10))],
    [t("settlement.deposit.rendimento"), formatBRL(caucao.rendimento)],
    [t("settlement.deposit.meses"), t("settlement.deposit.months", { count: caucao.meses })],
  ];
  return (
    <Stack gap={4} data-testid="settlement-deposit">
      <Text size="sm" fw={600}>
        {t("settlement.deposit.title")}
      </Text>
      {rows.map(([k, v]) => (
        <Group key={k} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text size="sm" c="dimmed" style={{ minWidth: 0 }}>
            {k}
          </Text>
          <Text size="sm" ta="right" style={{ whiteSpace: "nowrap" }}>
            {v}
          </Text>
        </Group>
      ))}
      {caucao.indisponivel && (
        <Text size="sm" c="orange.8" role="status" data-testid="settlement-deposit-unavailable">
          {t("settlement.deposit.indisponivel")}
        </Text>
      )}
    </Stack>
  );
}

/** Who has agreed, and the reader's "Concordo" (asked before it is done). */
function Agreement({ id, data }: { id: string; data: { papel: Party; acerto: SettlementView } }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const words = useSettlementWords();
  const agree = useAgreeSettlement(id);
  const [asking, setAsking] = useState(false);
  const s = data.acerto;
  const mine = s.concordancia[data.papel];
  const other = otherParty(data.papel);
  const theirs = s.concordancia[other];
  const state = mine && theirs ? "both" : mine ? "mine" : theirs ? other : "none";
  const contested = s.linhas.some((l) => l.contestacao?.status === "aberta");

  async function confirm() {
    try {
      await agree.mutateAsync(undefined);
    } catch {
      return; // said in the dialog, from agree.error
    }
    setAsking(false);
  }

  return (
    <Stack gap="xs" data-testid="settlement-agreement">
      <Text size="sm" fw={state === "both" ? 600 : undefined}>
        {t(`settlement.agree.state.${state}`)}
      </Text>
      {!s.documento && !mine && contested && !s.podeConcordar && (
        <Text size="sm" c="dimmed">
          {t("settlement.agree.blocked")}
        </Text>
      )}
      {s.podeConcordar && (
        <>
          <Text size="sm" c="dimmed">
            {t("settlement.agree.lead")}
          </Text>
          <Button onClick={() => setAsking(true)}>{t("settlement.agree.button")}</Button>
        </>
      )}
      {asking && (
        <ConfirmDialog
          opened
          onClose={() => setAsking(false)}
          title={t("settlement.agree.dialogTitle")}
          confirmLabel={t("settlement.agree.confirm")}
          pending={agree.isPending}
          error={agree.error ? errors.message(agree.error) : null}
          onConfirm={() => void confirm()}
        >
          <Text size="sm">{t("settlement.agree.dialogText", { total: words.total(s.total) })}</Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}

/** The termo de rescisão both parties agreed to: its number, its signature's state, the way to it. */
function TerminationDocument({ doc }: { doc: NonNullable<SettlementView["documento"]> }) {
  const { t } = useTranslation();
  const to = `/Clicksign?contrato=${doc.contratoId}`;
  return (
    <Stack gap={6} data-testid="settlement-document">
      <Text size="sm">
        {t("settlement.document", {
          numero: doc.numero,
          status: t(`contract.status.${doc.status}`, { defaultValue: doc.status }),
        })}
      </Text>
      {doc.status === "enviado" ? (
        <Button component={Link} to={to}>
          {t("settlement.sign")}
        </Button>
      ) : (
        <Anchor component={Link} to={to} size="sm">
          {t("settlement.openDocument")}
        </Anchor>
      )}
    </Stack>
  );
}

/** The landlord offers the unit again: a draft with the old offer's terms, opened to review and publish. */
function OfferAgain({ ofertaId }: { ofertaId: string }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const navigate = useNavigate();
  const again = useOfferUnitAgain();

  async function go() {
    let created: { id: string };
    try {
      created = await again.mutateAsync(ofertaId);
    } catch {
      return; // said below, from again.error
    }
    void navigate(`/AluguelOferta?id=${created.id}`);
  }

  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">
        {t("settlement.reoffer.lead")}
      </Text>
      <Button variant="light" onClick={() => void go()} loading={again.isPending}>
        {t("settlement.reoffer.button")}
      </Button>
      {again.error && (
        <Text size="sm" c="red" role="alert">
          {errors.message(again.error)}
        </Text>
      )}
    </Stack>
  );
}

/** Which form is open: a contest of one line, or the landlord's damage. */
type OpenForm = { kind: "contest"; chave: string } | { kind: "damage" } | null;

/**
 * The termination settlement (issue 33 item 4) on /Locacao, once a notice to leave is signed: the
 * key-return day, every line in words with which way its money goes, the total, the deposit's
 * return; either party contests a line and the other answers, the landlord adds the exit
 * inspection's damages; both agree, sign the termo de rescisão, and the lease ends (the landlord
 * may then offer the unit again).
 */
export function LeaseSettlement({ id }: { id: string }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const f = useChargeFormat();
  const words = useSettlementWords();
  const settlement = useQuery(settlementQuery(id));
  const [form, setForm] = useState<OpenForm>(null);
  const [answering, setAnswering] = useState<{ line: SettlementLineView; answer: Answer } | null>(null);
  if (settlement.isPending) return null;
  if (settlement.isError)
    return (
      <Text size="sm" c="red" role="alert">
        {errors.message(settlement.error)}
      </Text>
    );
  const { papel, acerto: s } = settlement.data;
  if (!s) return null;
  const open = !s.documento && !s.encerrada;
  const loading = <Loader size="sm" aria-label={t("lease.loading")} />;
  const close = () => setForm(null);
  return (
    <Card withBorder padding="md" data-testid="lease-settlement">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t("settlement.title")}
        </Title>
        {open && (
          <Text size="sm" c="dimmed">
            {t("settlement.lead")}
          </Text>
        )}
        <Text size="sm" fw={600} data-testid="settlement-entrega">
          {t("settlement.entrega", { data: f.day(s.entrega.slice(0, 10)) })}
        </Text>
        <Box
          component="ul"
          aria-label={t("settlement.linesLabel")}
          m={0}
          p={0}
          style={{ listStyle: "none", borderBottom: "1px solid var(--mantine-color-default-border)" }}
        >
          {s.linhas.map((line) => {
            const label = words.line(line);
            return (
              <Line
                key={line.chave}
                line={line}
                papel={papel}
                open={open}
                onContest={() => setForm({ kind: "contest", chave: line.chave })}
                onAnswer={(answer) => setAnswering({ line, answer })}
                form={
                  form?.kind === "contest" && form.chave === line.chave ? (
                    <Suspense fallback={loading}>
                      <ContestForm
                        id={id}
                        line={line}
                        label={label}
                        sense={words.sense(line.valor === 0 ? line.calculado : line.valor)}
                        onDone={close}
                      />
                    </Suspense>
                  ) : null
                }
              />
            );
          })}
        </Box>
        {open &&
          papel === "locador" &&
          (form?.kind === "damage" ? (
            <Suspense fallback={loading}>
              <DamageForm id={id} onDone={close} />
            </Suspense>
          ) : (
            <Button variant="default" onClick={() => setForm({ kind: "damage" })}>
              {t("settlement.damage.open")}
            </Button>
          ))}
        <Stack gap={0} data-testid="settlement-total">
          <Text size="xs" c="dimmed">
            {t("settlement.total.label")}
          </Text>
          <Text fz="lg" fw={700} c={s.total < 0 ? "green.8" : undefined}>
            {words.total(s.total)}
          </Text>
        </Stack>
        {s.caucao && <Deposit caucao={s.caucao} />}
        {!s.encerrada && <Agreement id={id} data={{ papel, acerto: s }} />}
        {s.documento && <TerminationDocument doc={s.documento} />}
        {s.encerrada && (
          <Stack gap="xs" data-testid="settlement-ended">
            <Text fw={600}>{t("settlement.ended", { data: f.day(s.entrega.slice(0, 10)) })}</Text>
            {papel === "locador" && <OfferAgain ofertaId={s.ofertaId} />}
          </Stack>
        )}
      </Stack>
      {answering && (
        <AnswerDialog
          id={id}
          line={answering.line}
          answer={answering.answer}
          onClose={() => setAnswering(null)}
        />
      )}
    </Card>
  );
}
