import {
  Accordion,
  Alert,
  Container,
  Group,
  Loader,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Title,
} from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PROPOSAL_STATUSES } from "../../../shared/contracts/proposals";
import { contractsQuery } from "../../features/contracts/api/contracts";
import { proposalsQuery } from "../../features/proposals/api/proposals";
import { ProposalStatusBadge, ProposalTimeline } from "../../features/proposals/parts";
import { useErrorText } from "../../lib/error-text";
import { formatBRL } from "../../lib/money";

/** /AluguelHistorico: every proposal as tenant and as landlord, newest first, with its timeline. */
export function AluguelHistoricoScreen() {
  const { t, i18n } = useTranslation();
  const err = useErrorText();
  const [params, setParams] = useSearchParams();
  const role = params.get("papel") ?? "";
  const status = params.get("status") ?? "";
  const all = useQuery(proposalsQuery());
  const contracts = useQuery(contractsQuery());
  const items = (all.data ?? []).filter(
    (p) => (!role || p.role === role) && (!status || p.status === status),
  );
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <div>
          <Title order={1} size="h2">
            {t("proposal.history")}
          </Title>
          <Text c="dimmed" size="sm">
            {t("proposal.historyLead")}
          </Text>
        </div>
        <Group align="flex-end">
          <SegmentedControl
            value={role}
            onChange={(v) => set("papel", v)}
            data={[
              { value: "", label: t("proposal.all") },
              { value: "tenant", label: t("proposal.asTenant") },
              { value: "landlord", label: t("proposal.asLandlord") },
            ]}
          />
          <Select
            aria-label={t("proposal.filterStatus")}
            data={[
              { value: "", label: t("proposal.all") },
              ...PROPOSAL_STATUSES.map((s) => ({ value: s, label: t(`proposal.status.${s}`) })),
            ]}
            value={status}
            onChange={(v) => set("status", v)}
            w={220}
          />
        </Group>
        {all.isPending && <Loader />}
        {all.isError && <Alert color="red">{err.of(all.error)}</Alert>}
        {all.isSuccess && items.length === 0 && <Text c="dimmed">{t("proposal.historyEmpty")}</Text>}
        <Accordion variant="separated" data-testid="history">
          {items.map((p) => (
            <Accordion.Item key={p.id} value={p.id} data-testid="history-item">
              <Accordion.Control>
                <Group justify="space-between" wrap="nowrap">
                  <Stack gap={0}>
                    <Text fw={600} size="sm">
                      {p.oferta.titulo}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {p.role === "tenant" ? t("proposal.asTenant") : t("proposal.asLandlord")} ·{" "}
                      {formatBRL(p.termos.aluguel)} ·{" "}
                      {new Date(p.updatedAt).toLocaleDateString(i18n.language)}
                    </Text>
                  </Stack>
                  <ProposalStatusBadge status={p.status} />
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <ProposalTimeline proposal={p} />
                {p.status === "aprovada" && contracts.data?.find((c) => c.proposalId === p.id) && (
                  <Text size="sm" mt="sm">
                    <Link
                      to={`/Clicksign?contrato=${contracts.data.find((c) => c.proposalId === p.id)?.id}`}
                      data-testid="history-contract"
                    >
                      {t("contract.open")} ·{" "}
                      {t(
                        `contract.status.${contracts.data.find((c) => c.proposalId === p.id)?.status ?? "rascunho"}`,
                      )}
                    </Link>
                  </Text>
                )}
                <Text size="sm" mt="sm">
                  <Link
                    to={p.role === "landlord" ? `/AprovarProposta?id=${p.id}` : `/PropostaEnviada?id=${p.id}`}
                  >
                    {t("proposal.open")}
                  </Link>
                </Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Stack>
    </Container>
  );
}
