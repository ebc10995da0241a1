import { Alert, Container, Loader, SegmentedControl, Select, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { PROPOSAL_STATUSES } from "../../../shared/contracts/proposals";
import { PageHeader } from "../../components/page-header";
import { contractsQuery } from "../../features/contracts/api/contracts";
import { proposalsQuery } from "../../features/proposals/api/proposals";
import { ProposalHistoryCard } from "../../features/proposals/proposal-history";
import { useErrorText } from "../../lib/error-text";

/**
 * /AluguelHistorico: every proposal as tenant and as landlord, newest first, each a card with its
 * status (its contract's step once there is one, read from the contracts), the way to it and to
 * its contract, and its timeline.
 */
export function AluguelHistoricoScreen() {
  const { t } = useTranslation();
  const err = useErrorText();
  const [params, setParams] = useSearchParams();
  const role = params.get("papel") ?? "";
  const status = params.get("status") ?? "";
  const all = useQuery(proposalsQuery());
  const contracts = useQuery(contractsQuery());
  const items = (all.data ?? []).filter(
    (p) => (!role || p.role === role) && (!status || p.status === status),
  );
  const contractOf = (proposalId: string) => contracts.data?.find((c) => c.proposalId === proposalId) ?? null;
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        <PageHeader title={t("proposal.history")} lead={t("proposal.historyLead")} />
        {/* On a phone the two filters stack, each the screen's width: nothing runs off the side. */}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <SegmentedControl
            aria-label={t("proposal.filterRole")}
            fullWidth
            value={role}
            onChange={(v) => set("papel", v)}
            data={[
              { value: "", label: t("proposal.all") },
              { value: "tenant", label: t("proposal.roleTenant") },
              { value: "landlord", label: t("proposal.roleLandlord") },
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
          />
        </SimpleGrid>
        {all.isPending && <Loader />}
        {all.isError && <Alert color="red">{err.of(all.error)}</Alert>}
        {all.isSuccess && items.length === 0 && <Text c="dimmed">{t("proposal.historyEmpty")}</Text>}
        <Stack gap="xs" data-testid="history">
          {items.map((p) => (
            <ProposalHistoryCard key={p.id} proposal={p} contract={contractOf(p.id)} />
          ))}
        </Stack>
      </Stack>
    </Container>
  );
}
