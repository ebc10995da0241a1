import { Button, Group, Loader, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { contractsQuery } from "./api/contracts";

/** How often the list is read again while an approved proposal's contract is being written. */
const PREPARING_POLL_MS = 3_000;

/** The contract written for an approved proposal, or "being prepared" until the job writes it. */
export function ContractForProposal({ proposalId }: { proposalId: string }) {
  const { t } = useTranslation();
  // The live event that the job wrote it refreshes the list; a page opened while the job ran may
  // have read the list before it and opened its stream after the event, so until the contract
  // shows the list is read again every few seconds too (the topology run saw a landlord wait).
  const contracts = useQuery({
    ...contractsQuery(),
    refetchInterval: (q) =>
      q.state.data?.some((c) => c.proposalId === proposalId) ? false : PREPARING_POLL_MS,
  });
  const contract = contracts.data?.find((c) => c.proposalId === proposalId);
  // The contract is written by a job right after the approval: say so until it shows (live).
  if (!contract)
    return contracts.isSuccess ? (
      <Group gap="xs" wrap="nowrap" data-testid="contract-preparing">
        <Loader size="xs" />
        <Text size="sm" c="dimmed">
          {t("contract.preparing")}
        </Text>
      </Group>
    ) : null;
  return (
    <Button
      component={Link}
      to={`/Clicksign?contrato=${contract.id}`}
      variant="light"
      data-testid="open-contract"
    >
      {t("contract.open")} · {t(`contract.status.${contract.status}`)}
    </Button>
  );
}
