import { Button, Card, Collapse, Group, Stack, Text } from "@mantine/core";
import { IconChevronDown, IconChevronUp } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ContractStatus } from "../../../shared/contracts/contracts";
import type { ProposalView } from "../../../shared/contracts/proposals";
import { formatBRL } from "../../../shared/money";
import { ProposalStatusBadge, ProposalTimeline } from "./parts";

/** The contract written for an approved proposal, as the screen reads it from the contracts. */
export interface ProposalContract {
  id: string;
  status: ContractStatus;
}

/**
 * One proposal in one's history, as a card that fits a phone: the offer, one's role, the rent and
 * the date; the status (the contract's step once there is a contract) and whose turn; the way to
 * the proposal and to its contract in sight; the timeline on demand.
 */
export function ProposalHistoryCard({
  proposal: p,
  contract = null,
}: {
  proposal: ProposalView;
  contract?: ProposalContract | null;
}) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Card withBorder padding="sm" data-testid="history-item">
      <Stack gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" lineClamp={2}>
            {p.oferta.titulo}
          </Text>
          <Text size="xs" c="dimmed">
            {p.role === "tenant" ? t("proposal.asTenant") : t("proposal.asLandlord")} ·{" "}
            {formatBRL(p.termos.aluguel)} · {new Date(p.updatedAt).toLocaleDateString(i18n.language)}
          </Text>
        </div>
        <Group gap="xs">
          <ProposalStatusBadge status={p.status} contract={contract?.status} />
          {p.turn && (
            <Text size="xs" c={p.turn === p.role ? "orange" : "dimmed"}>
              {p.turn === p.role ? t("proposal.yourTurn") : t("proposal.theirTurn")}
            </Text>
          )}
        </Group>
        <Group gap="xs">
          <Button
            component={Link}
            to={p.role === "landlord" ? `/AprovarProposta?id=${p.id}` : `/PropostaEnviada?id=${p.id}`}
            size="xs"
            variant="light"
          >
            {t("proposal.open")}
          </Button>
          {contract && (
            <Button
              component={Link}
              to={`/Clicksign?contrato=${contract.id}`}
              size="xs"
              variant="light"
              color="teal"
              data-testid="history-contract"
            >
              {t("proposal.openContract")}
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="gray"
            aria-expanded={open}
            onClick={() => setOpen((o) => !o)}
            rightSection={open ? <IconChevronUp size={14} /> : <IconChevronDown size={14} />}
          >
            {t("proposal.showTimeline")}
          </Button>
        </Group>
        <Collapse expanded={open}>
          <ProposalTimeline proposal={p} />
        </Collapse>
      </Stack>
    </Card>
  );
}
