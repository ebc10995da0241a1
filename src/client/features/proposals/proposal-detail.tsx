import { Anchor, Button, Card, Group, List, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCpf } from "../../../shared/contracts/profile";
import type { ProposalView } from "../../../shared/contracts/proposals";
import { formatBRL } from "../../lib/money";
import { storage } from "../../lib/storage";
import { contractsApi } from "../contracts/api";
import { ProposalActions } from "./actions";
import { ProposalStatusBadge, ProposalTimeline, TermsSummary, TurnBanner } from "./parts";

/** A shared document by its kind and name (the landlord may read its metadata), opening in the viewer. */
function DocumentLink({ id, index }: { id: string; index: number }) {
  const { t } = useTranslation();
  const meta = useQuery({
    queryKey: [`/api/storage/objects/${id}`],
    queryFn: () => storage.getMetadata(id),
    retry: false,
  });
  return (
    <Anchor component={Link} to={`/ViewDocument?id=${id}`} size="sm">
      {meta.data
        ? `${t(`documents.kinds.${meta.data.kind}`)} — ${meta.data.fileName}`
        : `${t("proposal.documents")} ${index + 1}`}
    </Anchor>
  );
}

/** The contract written for an approved proposal. */
function ContractLink({ proposalId }: { proposalId: string }) {
  const { t } = useTranslation();
  const contracts = useQuery({ queryKey: ["/api/contracts"], queryFn: contractsApi.list });
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

/** One proposal, as its tenant or its landlord sees it: turn, terms, people, documents, actions, timeline. */
export function ProposalDetail({ proposal }: { proposal: ProposalView }) {
  const { t } = useTranslation();
  return (
    <Stack gap="md" data-testid="proposal-detail">
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} size="h2">
            {proposal.oferta.titulo}
          </Title>
          <Text c="dimmed" size="sm">
            {proposal.oferta.cidade} – {proposal.oferta.uf} ·{" "}
            <Anchor component={Link} to={`/AluguelOferta?id=${proposal.oferta.id}`} size="sm">
              {t("proposal.viewOffer")}
            </Anchor>
          </Text>
        </div>
        <ProposalStatusBadge status={proposal.status} />
      </Group>
      <TurnBanner proposal={proposal} />
      {proposal.status === "aprovada" && <ContractLink proposalId={proposal.id} />}
      <ProposalActions proposal={proposal} />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder padding="md">
          <Stack gap="xs">
            <Text fw={600}>{t("proposal.terms")}</Text>
            <TermsSummary proposal={proposal} />
          </Stack>
        </Card>
        <Card withBorder padding="md">
          <Stack gap="xs">
            <Text fw={600}>{proposal.role === "landlord" ? t("proposal.tenant") : t("listings.total")}</Text>
            {proposal.role === "landlord" ? (
              <>
                <Text size="sm" data-testid="tenant-name">
                  {proposal.inquilino.nome} · {formatBRL(proposal.renda)}
                </Text>
                {proposal.cotenants.map((c) => (
                  <Text size="sm" key={c.cpf}>
                    {c.nome} ({formatCpf(c.cpf)}) · {formatBRL(c.renda)}
                  </Text>
                ))}
              </>
            ) : (
              <Text size="sm">{formatBRL(proposal.oferta.total)}</Text>
            )}
            {proposal.mensagem && (
              <Text size="sm" fs="italic">
                “{proposal.mensagem}”
              </Text>
            )}
            {proposal.documentos.length > 0 && (
              <>
                <Text size="sm" fw={600}>
                  {t("proposal.documents")}
                </Text>
                <List size="sm" data-testid="proposal-documents">
                  {proposal.documentos.map((id, i) => (
                    <List.Item key={id}>
                      <DocumentLink id={id} index={i} />
                    </List.Item>
                  ))}
                </List>
              </>
            )}
          </Stack>
        </Card>
      </SimpleGrid>
      <Card withBorder padding="md">
        <Text fw={600} mb="sm">
          {t("proposal.timeline")}
        </Text>
        <ProposalTimeline proposal={proposal} />
      </Card>
    </Stack>
  );
}
