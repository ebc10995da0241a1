import { Anchor, Card, Group, List, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatCpf } from "../../../shared/contracts/profile";
import type { ProposalView } from "../../../shared/contracts/proposals";
import { formatBRL } from "../../../shared/money";
import { documentQuery } from "../../lib/storage-queries";
import { ProposalActions } from "./actions";
import { contractStepsQuery } from "./api/proposals";
import { ProposalStatusBadge, ProposalTimeline, TermsSummary, TotalAtRent, TurnBanner } from "./parts";

/**
 * What the screen adds from other features and from the session: the contract of an approved
 * proposal, what the landlord must do before approving (her profile), and who is looking (whose
 * uploads a document sent from here is).
 */
export interface ProposalSlots {
  contract?: (proposal: ProposalView) => ReactNode;
  approvalNotice?: (proposal: ProposalView) => ReactNode;
  userId?: string | null;
}

/** A shared document by its kind and name (the landlord may read its metadata), opening in the viewer. */
function DocumentLink({ id, index }: { id: string; index: number }) {
  const { t } = useTranslation();
  const meta = useQuery(documentQuery(id));
  return (
    <Anchor component={Link} to={`/ViewDocument?id=${id}`} size="sm">
      {meta.data
        ? `${t(`documents.kinds.${meta.data.kind}`)} — ${meta.data.fileName}`
        : `${t("proposal.documents")} ${index + 1}`}
    </Anchor>
  );
}

/** The company the tenant proposes in the name of (issue 34): its registered name and CNPJ. */
function OnBehalf({ proposal }: { proposal: ProposalView }) {
  const { t } = useTranslation();
  const company = proposal.inquilino.empresa;
  if (!company) return null;
  return (
    <Text size="sm" style={{ overflowWrap: "anywhere" }} data-testid="tenant-company">
      {t("companies.onBehalf", { name: company.razaoSocial, cnpj: company.cnpj })}
    </Text>
  );
}

/** One proposal, as its tenant or its landlord sees it: turn, terms, people, documents, actions, timeline. */
export function ProposalDetail({ proposal, slots = {} }: { proposal: ProposalView; slots?: ProposalSlots }) {
  // Once approved, the header says where its contract stands ("Assinado"), not "Aprovada" forever.
  const contracts = useQuery({ ...contractStepsQuery(), enabled: proposal.status === "aprovada" });
  const contract = contracts.data?.find((c) => c.proposalId === proposal.id)?.status ?? null;
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
          {proposal.role !== "landlord" && <OnBehalf proposal={proposal} />}
        </div>
        <ProposalStatusBadge status={proposal.status} contract={contract} />
      </Group>
      <TurnBanner proposal={proposal} />
      {proposal.status === "aprovada" && slots.contract?.(proposal)}
      <ProposalActions
        proposal={proposal}
        approvalNotice={slots.approvalNotice}
        userId={slots.userId ?? null}
      />
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
                <OnBehalf proposal={proposal} />
                {proposal.cotenants.map((c) => (
                  <Text size="sm" key={c.cpf}>
                    {c.nome} ({formatCpf(c.cpf)}) · {formatBRL(c.renda)}
                  </Text>
                ))}
              </>
            ) : (
              <TotalAtRent proposal={proposal} />
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
