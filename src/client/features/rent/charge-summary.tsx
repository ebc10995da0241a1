import { ActionIcon, Anchor, Badge, Card, Group, Stack, Table, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ChargeLine, ChargeView } from "../../../shared/contracts/rent";
import { formatBRL } from "../../../shared/money";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { useErrorText } from "../../lib/error-text";
import { useRemoveLine } from "./api";
import { useChargeFormat } from "./charge-format";

const NOWRAP = { whiteSpace: "nowrap", verticalAlign: "top" } as const;
const LATE_BOX = { borderRadius: 8, background: "var(--mantine-color-red-light)" } as const;

/** The month, the unit and the lease it belongs to, and where the charge stands. */
export function ChargeHeader({ charge }: { charge: ChargeView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  return (
    <Stack gap="xs">
      <PageHeader
        above={
          <Anchor component={Link} to={`/Locacao?id=${charge.locacaoId}`} size="sm">
            {t("charge.lease", { numero: charge.numero })}
          </Anchor>
        }
        title={
          charge.acerto ? t("charge.finalTitle") : t("charge.title", { mes: f.month(charge.competencia) })
        }
        lead={charge.endereco}
      />
      <Group>
        <ChargeStatus charge={charge} />
      </Group>
    </Stack>
  );
}

function ChargeStatus({ charge }: { charge: ChargeView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const [color, label] =
    charge.status === "cancelada"
      ? ["gray", t("charge.status.cancelada")]
      : charge.status === "paga"
        ? [
            "green",
            charge.pagoEm
              ? t("charge.status.paga", { data: f.day(charge.pagoEm) })
              : t("charge.status.pagaSemData"),
          ]
        : charge.hoje.diasAtraso > 0
          ? ["red", t("charge.status.atrasada", { count: charge.hoje.diasAtraso })]
          : charge.hoje.data === charge.vencimento
            ? ["orange", t("charge.status.venceHoje")]
            : ["blue", t("charge.status.aberta")];
  return (
    <Badge color={color} variant="light" size="lg" data-testid="charge-status">
      {label}
    </Badge>
  );
}

/** The amount (today's, when open), its due date and period, its lines, and the late fees' sums. */
export function ChargeAmount({ charge }: { charge: ChargeView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const open = charge.status === "aberta";
  const [label, amount] = open
    ? [t(charge.papel === "locador" ? "charge.amount.owedToday" : "charge.amount.today"), charge.devidoHoje]
    : charge.status === "paga"
      ? [t("charge.amount.paid"), charge.devidoHoje]
      : [t("charge.amount.cancelled"), charge.valor];
  const sum = charge.linhas.reduce((s, l) => s + l.valor, 0);
  // The landlord can take back a line they added while the charge can still change.
  const removable = (line: ChargeLine) =>
    charge.papel === "locador" &&
    charge.aceitaLancamentos &&
    (line.tipo === "avulso" || line.tipo === "desconto");
  const [removing, setRemoving] = useState<ChargeLine | null>(null);
  return (
    <Card withBorder padding="md" data-testid="charge-amount">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={34} fw={700} lh={1.15} data-testid="charge-total">
        {formatBRL(amount)}
      </Text>
      {open && charge.pago > 0 && (
        <Text size="sm" c="orange.8" data-testid="charge-already-paid">
          {t("charge.alreadyPaid", { valor: formatBRL(charge.pago), falta: formatBRL(charge.devidoHoje) })}
        </Text>
      )}
      <Text size="sm" mt={4}>
        {t("charge.amount.due", { data: f.day(charge.vencimento) })}
      </Text>
      <Text size="sm" c="dimmed">
        {t("charge.amount.period", { inicio: f.day(charge.inicio), fim: f.day(charge.fim) })}
      </Text>
      <Table mt="sm" horizontalSpacing={4} verticalSpacing={6} data-testid="charge-lines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("charge.lines.item")}</Table.Th>
            <Table.Th ta="right">{t("charge.lines.value")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {charge.linhas.map((line) => (
            <Table.Tr key={line.id} data-testid="charge-line">
              <Table.Td>
                <Text size="sm">{t(`charge.line.${line.tipo}`)}</Text>
                <LineDetail line={line} />
              </Table.Td>
              <Table.Td ta="right" style={NOWRAP}>
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Text size="sm">{formatBRL(line.valor)}</Text>
                  {removable(line) && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      size="lg"
                      aria-label={t("charge.addLine.removeLabel", { motivo: line.motivo ?? "" })}
                      title={t("charge.addLine.remove")}
                      onClick={() => setRemoving(line)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
        <Table.Tfoot>
          <Table.Tr>
            <Table.Th>{t("charge.lines.sum")}</Table.Th>
            <Table.Th ta="right" style={NOWRAP} data-testid="charge-lines-sum">
              {formatBRL(sum)}
            </Table.Th>
          </Table.Tr>
        </Table.Tfoot>
      </Table>
      {open && charge.hoje.diasAtraso > 0 && <LateSums charge={charge} />}
      {removing && <RemoveLineDialog charge={charge} line={removing} onClose={() => setRemoving(null)} />}
    </Card>
  );
}

/** Asks before taking a line back, saying what the charge comes to and that the tenant is told. */
function RemoveLineDialog({
  charge,
  line,
  onClose,
}: {
  charge: ChargeView;
  line: ChargeLine;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const remove = useRemoveLine(charge.id);
  return (
    <ConfirmDialog
      opened
      onClose={onClose}
      title={t("charge.addLine.removeTitle")}
      confirmLabel={t("charge.addLine.removeConfirm")}
      pending={remove.isPending}
      error={remove.error ? errors.message(remove.error) : null}
      onConfirm={() => remove.mutate(line.id, { onSuccess: onClose })}
    >
      <Text size="sm">
        {t("charge.addLine.removeBody", {
          motivo: line.motivo ?? "",
          valor: formatBRL(line.valor),
          total: formatBRL(charge.valor - line.valor),
        })}
      </Text>
    </ConfirmDialog>
  );
}

/** A prorated line's days and monthly amount, its span, and a landlord's line's reason. */
function LineDetail({ line }: { line: ChargeLine }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  // A whole month's line says nothing of days ("31 de 31 dias" only repeated the amount).
  const prorated =
    line.dias !== undefined &&
    line.diasNoMes !== undefined &&
    line.base !== undefined &&
    line.dias < line.diasNoMes;
  return (
    <>
      {prorated && (
        <Text size="xs" c="dimmed">
          {t("charge.lines.prorated", {
            dias: line.dias,
            diasNoMes: line.diasNoMes,
            base: formatBRL(line.base ?? 0),
          })}
        </Text>
      )}
      {prorated && line.inicio && line.fim && (
        <Text size="xs" c="dimmed">
          {t("charge.lines.span", { inicio: f.day(line.inicio), fim: f.day(line.fim) })}
        </Text>
      )}
      {line.motivo && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {line.motivo}
        </Text>
      )}
    </>
  );
}

/** The late fees as sums anyone can check: the lease's multa once, the juros per day late. */
function LateSums({ charge }: { charge: ChargeView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const h = charge.hoje;
  const base = formatBRL(charge.valor);
  return (
    <Stack gap={4} mt="sm" p="sm" style={LATE_BOX} data-testid="charge-late">
      <Text size="sm" fw={600}>
        {t("charge.late.title", { count: h.diasAtraso })}
      </Text>
      <Text size="sm">
        {t("charge.late.multa", { pct: f.rate(h.multaBp), base, valor: formatBRL(h.multa) })}
      </Text>
      <Text size="sm">
        {t("charge.late.juros", {
          count: h.diasAtraso,
          pct: f.rate(h.jurosMesBp),
          base,
          valor: formatBRL(h.juros),
        })}
      </Text>
      <Text size="sm" fw={700}>
        {t("charge.late.total", { valor: formatBRL(h.total) })}
      </Text>
      <Text size="xs" c="dimmed">
        {t("charge.late.clause")}
      </Text>
    </Stack>
  );
}
