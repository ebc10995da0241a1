import { Alert, Container, Group, Loader, Select, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { PROPOSAL_STATUSES, type ProposalStatus } from "../../../shared/contracts/proposals";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/page-header";
import { contractsQuery } from "../../features/contracts/api/contracts";
import { ContractForProposal } from "../../features/contracts/contract-for-proposal";
import { useProfile } from "../../features/profile/api/profile";
import { profilePath } from "../../features/profile/profile-path";
import { proposalsQuery } from "../../features/proposals/api/proposals";
import { ProposalById } from "../../features/proposals/proposal-by-id";
import { ProposalList } from "../../features/proposals/proposal-list";
import { useErrorText } from "../../lib/error-text";

function Inbox() {
  const { t } = useTranslation();
  const err = useErrorText();
  const [params, setParams] = useSearchParams();
  const oferta = params.get("oferta") ?? undefined;
  const status = (params.get("status") ?? undefined) as ProposalStatus | undefined;
  const all = useQuery(proposalsQuery({ role: "landlord" }));
  const contracts = useQuery(contractsQuery());
  const offers = [...new Map((all.data ?? []).map((p) => [p.oferta.id, p.oferta.titulo])).entries()];
  const items = (all.data ?? []).filter(
    (p) => (!oferta || p.oferta.id === oferta) && (!status || p.status === status),
  );
  const set = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  };
  return (
    <Stack gap="md">
      <PageHeader title={t("proposal.inbox")} />
      <Group>
        <Select
          label={t("proposal.filterOffer")}
          data={[
            { value: "", label: t("proposal.all") },
            ...offers.map(([value, label]) => ({ value, label })),
          ]}
          value={oferta ?? ""}
          onChange={(v) => set("oferta", v)}
          w={260}
        />
        <Select
          label={t("proposal.filterStatus")}
          data={[
            { value: "", label: t("proposal.all") },
            ...PROPOSAL_STATUSES.map((s) => ({ value: s, label: t(`proposal.status.${s}`) })),
          ]}
          value={status ?? ""}
          onChange={(v) => set("status", v)}
          w={220}
        />
      </Group>
      {all.isPending && <Loader />}
      {all.isError && <Alert color="red">{err.of(all.error)}</Alert>}
      {all.isSuccess && items.length === 0 && <Text c="dimmed">{t("proposal.inboxEmpty")}</Text>}
      <ProposalList
        items={items}
        href={(p) => `/AprovarProposta?id=${p.id}`}
        contractOf={(p) => contracts.data?.find((c) => c.proposalId === p.id)?.status}
      />
    </Stack>
  );
}

/** Approving needs the landlord's complete profile: the dialog says so, with the way there and back. */
function ProfileNeeded({ proposalId }: { proposalId: string }) {
  const { t } = useTranslation();
  const profile = useProfile();
  if (!profile.data || profile.data.complete) return null;
  return (
    <Alert color="orange">
      {t("profile.needed")}{" "}
      <Link to={profilePath(profile.data, `/AprovarProposta?id=${proposalId}`)}>{t("profile.complete")}</Link>
    </Alert>
  );
}

/** /AprovarProposta: the landlord's inbox across their offers; `?id=` one proposal to decide. */
export function AprovarPropostaScreen() {
  const { state } = useAuth();
  const userId = state.status === "signed-in" ? state.user.id : null;
  const [params] = useSearchParams();
  const id = params.get("id");
  return (
    <Container size="md" py="lg">
      {id ? (
        <ProposalById
          id={id}
          slots={{
            contract: (p) => <ContractForProposal proposalId={p.id} />,
            approvalNotice: (p) => p.role === "landlord" && <ProfileNeeded proposalId={p.id} />,
            userId,
          }}
        />
      ) : (
        <Inbox />
      )}
    </Container>
  );
}
