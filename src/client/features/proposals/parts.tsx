import { Alert, Badge, Group, Stack, Text, Timeline } from "@mantine/core";
import { IconCheck, IconClock, IconFileText, IconMessage, IconX } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ContractStatus } from "../../../shared/contracts/contracts";
import {
  HEALTHY_INCOME_RATIO,
  type ProposalStatus,
  type ProposalView,
} from "../../../shared/contracts/proposals";
import { genderContext } from "../../../shared/gender";
import { formatBRL } from "../../../shared/money";

const STATUS_COLOR: Record<ProposalStatus, string> = {
  enviada: "blue",
  contraproposta: "orange",
  documentos_solicitados: "yellow",
  aprovada: "teal",
  recusada: "red",
  retirada: "gray",
  expirada: "gray",
  encerrada: "gray",
};

const CONTRACT_COLOR: Record<ContractStatus, string> = {
  rascunho: "yellow",
  enviado: "blue",
  selando: "blue",
  assinado: "teal",
  recusado: "red",
  cancelado: "gray",
};

/**
 * The proposal's status; once approved and its contract written (`contract`, the contract's
 * status: the screen reads it from the contracts), the contract's step instead, so a signed lease
 * does not still read "Aprovada". Never shrunk to an ellipsis: it takes the width it needs.
 */
export function ProposalStatusBadge({
  status,
  contract = null,
}: {
  status: ProposalStatus;
  contract?: ContractStatus | null;
}) {
  const { t } = useTranslation();
  const step = status === "aprovada" ? contract : null;
  return (
    <Badge
      color={step ? CONTRACT_COLOR[step] : STATUS_COLOR[status]}
      variant="light"
      data-testid="proposal-status"
      style={{ flexShrink: 0 }}
    >
      {step ? t(`proposal.contractStep.${step}`) : t(`proposal.status.${status}`)}
    </Badge>
  );
}

function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}

/** Whose turn it is and the time left, or how the proposal ended. */
export function TurnBanner({ proposal }: { proposal: ProposalView }) {
  const { t, i18n } = useTranslation();
  const now = useNow();
  if (!proposal.turn) {
    return (
      <Alert color={proposal.status === "aprovada" ? "teal" : "gray"} data-testid="turn-banner">
        {proposal.status === "aprovada"
          ? t("proposal.finalApproved")
          : t("proposal.finalOther", { status: t(`proposal.status.${proposal.status}`) })}
      </Alert>
    );
  }
  const mine = proposal.turn === proposal.role;
  const deadline = proposal.deadline ? new Date(proposal.deadline) : null;
  const ms = deadline ? deadline.getTime() - now : 0;
  const h = Math.floor(ms / 3_600_000);
  const left =
    ms <= 0
      ? null
      : h >= 24
        ? t("proposal.left", { d: Math.floor(h / 24), h: h % 24 })
        : t("proposal.leftHours", { h, m: Math.floor((ms % 3_600_000) / 60_000) });
  return (
    <Alert
      color={mine ? "orange" : "blue"}
      icon={<IconClock size={18} />}
      data-testid="turn-banner"
      title={mine ? t("proposal.yourTurn") : t("proposal.theirTurn")}
    >
      {deadline &&
        (left
          ? t("proposal.deadline", {
              left,
              date: deadline.toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" }),
            })
          : t("proposal.overdue"))}
    </Alert>
  );
}

function formatChange(key: string, value: unknown, t: TFunction, lang: string): string {
  if (value === null || value === undefined) return "—";
  if (key === "aluguel") return formatBRL(Number(value));
  // A term and a deposit are counted in months: "30 meses", "1 mês", never a bare number.
  if (key === "prazoMeses" || key === "caucaoMeses") return t("listings.months", { count: Number(value) });
  if (key === "dataEntrada") return new Date(`${value}T12:00:00`).toLocaleDateString(lang);
  if (key === "garantia") return t(`listings.guarantees.${value}`);
  if (key === "documentos" && Array.isArray(value))
    return value.map((k) => t(`documents.kinds.${k}`)).join(", ");
  return String(value);
}

/** The proposal's events, oldest first, each with who did it and what changed. */
export function ProposalTimeline({ proposal }: { proposal: ProposalView }) {
  const { t, i18n } = useTranslation();
  const icon = (type: string) =>
    type === "aprovada" || type === "aceita" ? (
      <IconCheck size={12} />
    ) : type === "recusada" || type === "retirada" ? (
      <IconX size={12} />
    ) : type.startsWith("documentos") ? (
      <IconFileText size={12} />
    ) : (
      <IconMessage size={12} />
    );
  return (
    <Timeline active={proposal.events.length} bulletSize={22} lineWidth={2} data-testid="timeline">
      {proposal.events.map((e) => (
        <Timeline.Item
          key={e.id}
          bullet={icon(e.type)}
          title={
            // A counter that only names a new guarantor is said as such.
            e.type === "contraproposta" && e.changes && Object.keys(e.changes).join() === "fiador"
              ? t("proposal.events.fiador_indicado")
              : t(`proposal.events.${e.type}`)
          }
        >
          <Text size="xs" c="dimmed">
            {t(`proposal.actors.${e.actor}`)} ·{" "}
            {new Date(e.createdAt).toLocaleString(i18n.language, { dateStyle: "short", timeStyle: "short" })}
          </Text>
          {e.changes &&
            Object.entries(e.changes).map(([key, [before, after]]) => (
              <Text size="sm" key={key}>
                {key === "documentos"
                  ? t("proposal.which")
                  : t(`proposal.fields.${key}`).replace(/ \(.*\)$/, "")}
                : {before !== null && <s>{formatChange(key, before, t, i18n.language)}</s>}{" "}
                {formatChange(key, after, t, i18n.language)}
              </Text>
            ))}
          {e.detail && (
            <Text size="sm" fs="italic" style={{ whiteSpace: "pre-line" }}>
              “{e.detail}”
            </Text>
          )}
        </Timeline.Item>
      ))}
    </Timeline>
  );
}

/**
 * The monthly total at the rent being negotiated: the offered rent plus the offer's condomínio,
 * IPTU and seguro incêndio (the offer's pacote less its asking rent), as the server counts the
 * income ratio.
 */
export function totalAtRent(proposal: ProposalView): { aluguel: number; fees: number; total: number } {
  const fees = proposal.oferta.total - proposal.oferta.aluguel;
  return { aluguel: proposal.termos.aluguel, fees, total: proposal.termos.aluguel + fees };
}

/** The total at the offered rent, and what it is made of. */
export function TotalAtRent({ proposal }: { proposal: ProposalView }) {
  const { t } = useTranslation();
  const { aluguel, fees, total } = totalAtRent(proposal);
  return (
    <Stack gap={0} data-testid="total-at-rent">
      <Text size="sm" fw={600}>
        {t("proposal.perMonth", { value: formatBRL(total) })}
      </Text>
      <Text size="xs" c="dimmed">
        {t("proposal.totalAtRent", { aluguel: formatBRL(aluguel), fees: formatBRL(fees) })}
      </Text>
    </Stack>
  );
}

/** The terms under negotiation, and the income against the total at the offered rent. */
export function TermsSummary({ proposal }: { proposal: ProposalView }) {
  const { t, i18n } = useTranslation();
  // The server's ratio over the same total at the offered rent (`totalAtRent`) shown beside it.
  const ratio = proposal.razaoRenda;
  const healthy = ratio >= HEALTHY_INCOME_RATIO;
  return (
    <Stack gap={4} data-testid="terms">
      <Text size="sm" data-testid="rent">
        {t("proposal.fields.aluguel").replace(/ \(.*\)$/, "")}: <b>{formatBRL(proposal.termos.aluguel)}</b>{" "}
        <Text span size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
          ({t("proposal.askingRent", { value: formatBRL(proposal.oferta.aluguel) })})
        </Text>
      </Text>
      <Text size="sm">
        {t("proposal.entry", {
          date: new Date(`${proposal.termos.dataEntrada}T12:00:00`).toLocaleDateString(i18n.language),
        })}
      </Text>
      <Text size="sm">
        {t("proposal.term", { count: proposal.termos.prazoMeses })} · {t("proposal.fields.garantia")}:{" "}
        {t(`listings.guarantees.${proposal.termos.garantia}`)}
        {proposal.termos.caucaoMeses
          ? ` (${t("proposal.depositMonths", { count: proposal.termos.caucaoMeses })})`
          : ""}
      </Text>
      {proposal.termos.garantia === "fiador" && (
        <Text size="sm" data-testid="guarantor" style={{ overflowWrap: "anywhere" }}>
          {t("proposal.guarantor", { context: genderContext(proposal.fiador?.genero) })}:{" "}
          {proposal.fiador
            ? `${proposal.fiador.nome} (${proposal.fiador.parentesco}) · ${proposal.fiador.email}${
                proposal.fiador.endereco
                  ? ` · ${proposal.fiador.endereco.cidade} – ${proposal.fiador.endereco.uf}`
                  : ""
              }`
            : t("proposal.guarantorMissing")}
        </Text>
      )}
      <Text size="sm">
        {t("proposal.residents", { count: proposal.moradores })},{" "}
        {proposal.pets ? t("proposal.withPets") : t("proposal.noPets")}
      </Text>
      <Group gap="xs">
        <Text size="sm">
          {t("proposal.income")}: {formatBRL(proposal.rendaTotal)}
        </Text>
        <Badge color={healthy ? "teal" : "orange"} variant="light" data-testid="income-ratio">
          {t("proposal.ratio", { ratio: ratio.toLocaleString(i18n.language) })} ·{" "}
          {healthy ? t("proposal.healthy") : t("proposal.low")}
        </Badge>
      </Group>
    </Stack>
  );
}
