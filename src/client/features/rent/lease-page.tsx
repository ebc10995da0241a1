import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Group,
  Loader,
  SegmentedControl,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconChevronRight } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCnpj } from "../../../shared/cnpj";
import { formatCpf } from "../../../shared/contracts/profile";
import type { AdjustmentView, ChargeSummary, LeaseView, LedgerEntry } from "../../../shared/contracts/rent";
import { formatBRL } from "../../../shared/money";
import { PageHeader } from "../../components/page-header";
import { useErrorText } from "../../lib/error-text";
import { leaseQuery, statementQuery } from "./api";
import { brazilToday, useChargeFormat } from "./charge-format";
import { LeaseAmendments } from "./lease-amendments";
import { LeaseNotice } from "./lease-notice";
import { LeaseSettlement } from "./lease-settlement";

/** "4.8313" → "4,8313%" in the reader's language (the index's accumulated variation as computed). */
function usePercent() {
  const { i18n } = useTranslation();
  return (p: string) =>
    `${new Intl.NumberFormat(i18n.language, { minimumFractionDigits: 2, maximumFractionDigits: 4 }).format(Number(p))}%`;
}

/** "dezembro de 2026" → "Dezembro de 2026": the first letter only (CSS capitalize does every word). */
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** A charge's state in a word: open, late (with the days), paid. */
function ChargeBadge({ c }: { c: ChargeSummary }) {
  const { t } = useTranslation();
  const color =
    c.status === "paga" ? "green" : c.atrasada ? "red" : c.status === "cancelada" ? "gray" : "blue";
  const label =
    c.status === "paga"
      ? t("lease.charge.paga")
      : c.atrasada
        ? t("lease.charge.atrasada")
        : c.status === "cancelada"
          ? t("lease.charge.cancelada")
          : t("lease.charge.aberta");
  return (
    <Badge color={color} variant="light" style={{ flexShrink: 0 }}>
      {label}
    </Badge>
  );
}

/** The next charge to pay: its amount today, its due date, and the way to it. */
function NextCharge({ lease }: { lease: LeaseView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const next = lease.proxima;
  return (
    <Card withBorder padding="md" data-testid="lease-next">
      <Stack gap={6}>
        <Title order={2} size="h4">
          {t("lease.next.title")}
        </Title>
        {next ? (
          <>
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Text style={{ flex: 1, minWidth: 0 }}>
                {next.acerto
                  ? t("charge.finalTitle")
                  : t("lease.next.month", { mes: f.month(next.competencia) })}
              </Text>
              <ChargeBadge c={next} />
            </Group>
            <Text fz={28} fw={700} lh={1.1}>
              {formatBRL(next.devidoHoje)}
            </Text>
            <Text size="sm" c={next.atrasada ? "red" : "dimmed"}>
              {t(next.atrasada ? "lease.next.dueWas" : "lease.next.due", { data: f.day(next.vencimento) })}
            </Text>
            <Button component={Link} to={`/Cobranca?id=${next.id}`} size="md" fullWidth>
              {lease.papel === "locatario" ? t("lease.next.pay") : t("lease.next.open")}
            </Button>
          </>
        ) : (
          <Text size="sm">{t("lease.next.none", { dia: lease.termos.diaVencimento })}</Text>
        )}
        {lease.emAtraso > 0 && (
          <Text c="red" fw={600} role="status">
            {t("lease.late", { valor: formatBRL(lease.emAtraso) })}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** The terms as they stand today: the rent after adjustments, the monthly charges, dates, index. */
function Terms({ lease }: { lease: LeaseView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const x = lease.termos;
  const standingText = (s: LeaseView["situacao"]) =>
    s.situacao === "a_iniciar"
      ? t("lease.terms.standings.a_iniciar", { inicio: f.day(s.inicio) })
      : s.situacao === "prorrogada"
        ? t("lease.terms.standings.prorrogada", { desde: f.day(s.desde) })
        : t(`lease.terms.standings.${s.situacao}`, { fim: f.day(s.fim) });
  const rows: [string, string][] = [
    [t("lease.terms.rent"), formatBRL(x.aluguelAtual)],
    ...(x.condominio > 0 ? [[t("lease.terms.condominio"), formatBRL(x.condominio)] as [string, string]] : []),
    ...(x.iptu > 0 ? [[t("lease.terms.iptu"), formatBRL(x.iptu)] as [string, string]] : []),
    ...(x.seguroIncendio > 0
      ? [[t("lease.terms.seguro"), formatBRL(x.seguroIncendio)] as [string, string]]
      : []),
    [t("lease.terms.due"), t("lease.terms.dueDay", { dia: x.diaVencimento })],
    [
      t("lease.terms.term"),
      t("lease.terms.span", { inicio: f.day(x.inicio), fim: f.day(x.fim), meses: x.prazoMeses }),
    ],
    [t("lease.terms.standing"), standingText(lease.situacao)],
    [t("lease.terms.index"), t("lease.terms.indexYearly", { indice: x.indice })],
    [
      t("lease.terms.late"),
      t("lease.terms.lateRates", { multa: f.rate(x.multaBp), juros: f.rate(x.jurosMesBp) }),
    ],
  ];
  return (
    <Card withBorder padding="md" data-testid="lease-terms">
      <Title order={2} size="h4" mb="xs">
        {t("lease.terms.title")}
      </Title>
      {x.aluguelAtual !== x.aluguelInicial && (
        <Text size="sm" c="dimmed" mb="xs">
          {t("lease.terms.adjusted", { inicial: formatBRL(x.aluguelInicial) })}
        </Text>
      )}
      <Stack gap={4}>
        {rows.map(([k, v]) => (
          <Group key={k} justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text size="sm" c="dimmed">
              {k}
            </Text>
            <Text size="sm" ta="right">
              {v}
            </Text>
          </Group>
        ))}
      </Stack>
      <TermNote standing={lease.situacao} />
    </Card>
  );
}

/** How many days before the term's end the page starts saying what happens then (and the reminders go). */
const TERM_NOTE_DAYS = 90;

/**
 * What the law says happens at the term's end (arts. 46, 47, 56), from 90 days before it, and
 * what each party may do once the term is over: the same words for both parties.
 */
function TermNote({ standing }: { standing: LeaseView["situacao"] }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  let text: string | null = null;
  if (standing.situacao === "em_vigor" && standing.diasParaFim <= TERM_NOTE_DAYS)
    text = `${t("lease.terms.daysLeft", { count: standing.diasParaFim })} ${t(`lease.terms.law.${standing.aoFim}`)}`;
  else if (standing.situacao === "prazo_findo")
    text = t(`lease.terms.objection.${standing.artigo === "56" ? "56" : "46"}`, {
      ate: f.day(standing.oposicaoAte),
    });
  else if (standing.situacao === "prorrogada") text = t(`lease.terms.continued.${standing.artigo}`);
  if (!text) return null;
  return (
    <Text size="sm" mt="sm" data-testid="lease-term-note">
      {text}
    </Text>
  );
}

/** An adjustment's arithmetic: the 12 months of the index, the accumulated %, the rent before and after. */
function AdjustmentTable({ a }: { a: AdjustmentView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const percent = usePercent();
  return (
    <Stack gap={6}>
      <Table
        withTableBorder
        striped
        fz="sm"
        aria-label={t("lease.adjustment.tableLabel", { indice: a.indice })}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("lease.adjustment.month")}</Table.Th>
            <Table.Th ta="right">{a.indice}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {a.meses.map((m) => (
            <Table.Tr key={m.mes}>
              <Table.Td>{f.month(m.mes)}</Table.Td>
              <Table.Td ta="right">{percent(m.valor)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text size="sm">
        {t("lease.adjustment.accumulated", { indice: a.indice, percentual: percent(a.percentual) })}
      </Text>
      <Text size="sm" fw={600}>
        {a.aplicado
          ? t("lease.adjustment.applied", {
              antes: formatBRL(a.aluguelAntes),
              depois: formatBRL(a.aluguelDepois),
              desde: f.day(a.aniversario),
            })
          : t("lease.adjustment.kept", { antes: formatBRL(a.aluguelAntes), desde: f.day(a.aniversario) })}
      </Text>
    </Stack>
  );
}

/** The next anniversary: its calculation once the index's months are out, else what it will read. */
function NextAdjustment({ lease }: { lease: LeaseView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const next = lease.proximoReajuste;
  if (!next) return null;
  const first = next.meses[0];
  const last = next.meses.at(-1);
  return (
    <Card withBorder padding="md" data-testid="lease-next-adjustment">
      <Title order={2} size="h4" mb="xs">
        {t("lease.adjustment.nextTitle", { data: f.day(next.aniversario) })}
      </Title>
      {next.calculo ? (
        <AdjustmentTable a={next.calculo} />
      ) : (
        <Text size="sm">
          {t("lease.adjustment.pending", {
            indice: next.indice,
            de: first ? f.month(first) : "",
            ate: last ? f.month(last) : "",
          })}
        </Text>
      )}
    </Card>
  );
}

/** Every charge, newest first, each to its own page. */
function Charges({ lease }: { lease: LeaseView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  if (lease.cobrancas.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="lease-charges">
      <Title order={2} size="h4">
        {t("lease.charges")}
      </Title>
      {lease.cobrancas.map((c) => (
        <Card key={c.id} withBorder padding="xs" component={Link} to={`/Cobranca?id=${c.id}`}>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Stack gap={0}>
              <Text fw={600} size="sm">
                {c.acerto ? t("charge.finalTitle") : capitalized(f.month(c.competencia))}
              </Text>
              <Text size="xs" c="dimmed">
                {c.status === "paga" && c.pagoEm
                  ? t("lease.paidOn", { data: f.day(c.pagoEm) })
                  : t(c.atrasada ? "lease.next.dueWas" : "lease.next.due", { data: f.day(c.vencimento) })}
              </Text>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Stack gap={2} align="flex-end">
                <Text size="sm">{formatBRL(c.devidoHoje)}</Text>
                <ChargeBadge c={c} />
              </Stack>
              <IconChevronRight size={16} aria-hidden />
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}

/** What an account line says, from its kind. */
function useEntryWords() {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const percent = usePercent();
  return (e: LedgerEntry) => {
    const mes = e.competencia ? f.month(e.competencia) : "";
    switch (e.tipo) {
      case "reajuste": {
        const [indice, p] = (e.detalhe ?? "").split(" ");
        return t("lease.entry.reajuste", { indice, percentual: percent(p ?? "0") });
      }
      case "multa":
      case "juros":
        return t(`lease.entry.${e.tipo}`, { mes, count: Number(e.detalhe ?? 0) });
      case "avulso":
      case "desconto":
        return t(`lease.entry.${e.tipo}`, { mes, motivo: e.detalhe ?? "" });
      default:
        return t(`lease.entry.${e.tipo}`, { mes });
    }
  };
}

/** The account: each movement with its date, amount and the balance after it. */
function Ledger({ entries }: { entries: LedgerEntry[] }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const words = useEntryWords();
  if (entries.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="lease-ledger">
      <Title order={2} size="h4">
        {t("lease.ledger")}
      </Title>
      <Text size="xs" c="dimmed">
        {t("lease.ledgerLead")}
      </Text>
      <Table fz="sm" verticalSpacing={6} aria-label={t("lease.ledger")}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t("lease.ledgerWhat")}</Table.Th>
            <Table.Th ta="right">{t("lease.ledgerAmount")}</Table.Th>
            <Table.Th ta="right">{t("lease.ledgerBalance")}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {entries.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td>
                <Text size="sm">{words(e)}</Text>
                <Text size="xs" c="dimmed">
                  {f.day(e.data)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" c={e.valor < 0 ? "green" : undefined} style={{ whiteSpace: "nowrap" }}>
                {e.valor === 0 ? "—" : formatBRL(e.valor)}
              </Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: "nowrap" }}>
                {formatBRL(e.saldo)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** The lease's documents: the contract, laudos and receipts, each opened in /ViewDocument once sealed. */
function Documents({ lease }: { lease: LeaseView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  return (
    <Stack gap="xs" data-testid="lease-documents">
      <Title order={2} size="h4">
        {t("lease.documents")}
      </Title>
      {lease.documentos.map((d) => (
        <Group key={d.contratoId} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm">
            {t(`contract.kinds.${d.tipo}`, { defaultValue: d.tipo })} nº {d.numero} ·{" "}
            {f.day(d.data.slice(0, 10))}
          </Text>
          {d.documentoId ? (
            <Anchor component={Link} to={`/ViewDocument?id=${d.documentoId}`} size="sm">
              {t("lease.openDocument")}
            </Anchor>
          ) : (
            <Text size="xs" c="dimmed">
              {t("lease.notSealed")}
            </Text>
          )}
        </Group>
      ))}
      <Anchor component={Link} to={`/Vistoria?contrato=${lease.id}`} size="sm">
        {t("lease.inspections")}
      </Anchor>
    </Stack>
  );
}

/**
 * Prints the statement alone (layout.css hides the rest of the page while the body is marked), not
 * the whole lease page with its header, Pix and account around it.
 */
export function printStatement(): void {
  document.body.classList.add("print-statement");
  window.addEventListener("afterprint", () => document.body.classList.remove("print-statement"), {
    once: true,
  });
  window.print();
}

/**
 * The year's informe: what the landlord received from the tenant (or the tenant paid to the
 * landlord), month by month as received, the rent apart from the charges and the late fees, as
 * the IRPF and the monthly carnê-leão ask; the years with payments to pick from, and print.
 */
function Statement({ lease }: { lease: LeaseView }) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const errors = useErrorText();
  const [ano, setAno] = useState(() => Number(brazilToday().slice(0, 4)));
  const statement = useQuery(statementQuery(lease.id, ano));
  const s = statement.data;
  const other = lease.papel === "locador" ? s?.locatario : s?.locador;
  return (
    <Stack gap="xs" data-testid="lease-statement" className="print-statement-area">
      <Title order={2} size="h4">
        {t("lease.statement.title", { ano })}
      </Title>
      {s && s.anos.length > 1 && (
        <SegmentedControl
          aria-label={t("lease.statement.year")}
          value={String(ano)}
          onChange={(v) => setAno(Number(v))}
          data={s.anos.map((y) => ({ value: String(y), label: String(y) }))}
        />
      )}
      {statement.isError && (
        <Text size="sm" c="red" role="alert">
          {errors.message(statement.error)}
        </Text>
      )}
      {s && other && (
        <Text size="sm">
          {t(lease.papel === "locador" ? "lease.statement.receivedFrom" : "lease.statement.paidTo", {
            nome: other.nome,
            // A company party is reported under its CNPJ (14 characters), a person under the CPF.
            documento:
              other.cpf.length === 14 ? `CNPJ ${formatCnpj(other.cpf)}` : `CPF ${formatCpf(other.cpf)}`,
          })}
        </Text>
      )}
      {s && s.meses.length === 0 && <Text size="sm">{t("lease.statement.none", { ano })}</Text>}
      {s?.meses.map((m) => (
        <Card key={m.mes} withBorder padding="xs">
          <Text fw={600} size="sm">
            {capitalized(f.month(m.mes))}
          </Text>
          <Text size="xs" c="dimmed">
            {t("lease.statement.for", { meses: m.competencias.map((c) => f.month(c)).join(", ") })}
          </Text>
          <StatementRows a={m} />
        </Card>
      ))}
      {s && s.meses.length > 0 && (
        <>
          <Card withBorder padding="xs" bg="gray.0">
            <Text fw={700} size="sm">
              {t("lease.statement.totals", { ano })}
            </Text>
            <StatementRows a={s.totais} />
          </Card>
          <Text size="xs" c="dimmed">
            {t("lease.statement.note")}
          </Text>
          <Button variant="default" onClick={printStatement}>
            {t("lease.statement.print")}
          </Button>
        </>
      )}
    </Stack>
  );
}

function StatementRows({
  a,
}: {
  a: { aluguel: number; encargos: number; multaJuros: number; total: number };
}) {
  const { t } = useTranslation();
  const rows: [string, number][] = [
    [t("lease.statement.rent"), a.aluguel],
    [t("lease.statement.charges"), a.encargos],
    ...(a.multaJuros > 0 ? [[t("lease.statement.fees"), a.multaJuros] as [string, number]] : []),
    [t("lease.statement.total"), a.total],
  ];
  return (
    <Stack gap={2} mt={4}>
      {rows.map(([k, v]) => (
        <Group key={k} justify="space-between" wrap="nowrap">
          <Text size="sm">{k}</Text>
          <Text size="sm" style={{ whiteSpace: "nowrap" }}>
            {formatBRL(v)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

/** /Locacao?id=…: a signed lease's home for both parties (issue 32). */
export function LeasePage({ id }: { id: string }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const f = useChargeFormat();
  const lease = useQuery(leaseQuery(id));
  if (lease.isPending)
    return (
      <Center py="xl">
        <Loader aria-label={t("lease.loading")} />
      </Center>
    );
  if (lease.isError)
    return (
      <Stack gap="sm">
        <PageHeader title={t("lease.screenTitle")} />
        <Text c="red" role="alert">
          {errors.message(lease.error)}
        </Text>
        <Anchor component={Link} to="/AluguelHistorico">
          {t("lease.backToHistory")}
        </Anchor>
      </Stack>
    );
  const l = lease.data;
  return (
    <Stack gap="md">
      <PageHeader
        title={t("lease.title")}
        lead={t(l.papel === "locador" ? "lease.leadLandlord" : "lease.leadTenant", {
          endereco: l.endereco,
          numero: l.numero,
          outra: l.papel === "locador" ? l.locatario : l.locador,
        })}
      />
      {l.chavePixPendente && (
        <Alert color="orange" title={t("lease.pixKey.title")} data-testid="lease-pix-key">
          <Stack gap="xs">
            <Text size="sm">{t("lease.pixKey.text")}</Text>
            {/* A company's key is the company's (issue 34): set in /Empresas. */}
            <Button
              component={Link}
              to={l.locadorEmpresa ? "/Empresas" : "/profile2"}
              variant="light"
              size="sm"
            >
              {t("lease.pixKey.action")}
            </Button>
          </Stack>
        </Alert>
      )}
      <NextCharge lease={l} />
      <NextAdjustment lease={l} />
      <Terms lease={l} />
      <LeaseAmendments id={l.id} />
      <LeaseNotice id={l.id} />
      <LeaseSettlement id={l.id} />
      <Charges lease={l} />
      <Ledger entries={l.extrato} />
      <Statement lease={l} />
      {l.reajustes.length > 0 && (
        <Stack gap="xs" data-testid="lease-adjustments">
          <Title order={2} size="h4">
            {t("lease.adjustments")}
          </Title>
          {l.reajustes.map((a) => (
            <Card key={a.aniversario} withBorder padding="sm">
              <Text fw={600} size="sm" mb={4}>
                {t("lease.adjustment.of", { data: f.day(a.aniversario) })}
              </Text>
              <AdjustmentTable a={a} />
            </Card>
          ))}
        </Stack>
      )}
      <Documents lease={l} />
    </Stack>
  );
}
