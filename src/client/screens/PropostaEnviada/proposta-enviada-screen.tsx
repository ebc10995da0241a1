import { Alert, Container, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/page-header";
import { contractsQuery } from "../../features/contracts/api/contracts";
import { ContractForProposal } from "../../features/contracts/contract-for-proposal";
import { proposalsQuery } from "../../features/proposals/api/proposals";
import { ProposalById } from "../../features/proposals/proposal-by-id";
import { ProposalList } from "../../features/proposals/proposal-list";
import { useErrorText } from "../../lib/error-text";

/** /PropostaEnviada: `?id=` the proposal just sent, followed live; without it, the ones one has sent. */
export function PropostaEnviadaScreen() {
  const { state } = useAuth();
  const userId = state.status === "signed-in" ? state.user.id : null;
  const { t, i18n } = useTranslation();
  const err = useErrorText();
  const [params] = useSearchParams();
  const id = params.get("id");
  const mine = useQuery({ ...proposalsQuery({ role: "tenant" }), enabled: !id });
  const contracts = useQuery({ ...contractsQuery(), enabled: !id });
  let body: React.ReactNode;
  if (id) {
    body = (
      <ProposalById
        id={id}
        slots={{ contract: (p) => <ContractForProposal proposalId={p.id} />, userId }}
        above={(p) =>
          p.role === "tenant" &&
          p.events.length === 1 &&
          p.status === "enviada" && (
            <Alert color="teal" title={t("proposal.sent")} data-testid="sent-confirmation">
              {t("proposal.sentLead", {
                date: p.deadline
                  ? new Date(p.deadline).toLocaleString(i18n.language, {
                      dateStyle: "short",
                      timeStyle: "short",
                    })
                  : "",
              })}
            </Alert>
          )
        }
      />
    );
  } else {
    body = (
      <Stack gap="md">
        <PageHeader title={t("proposal.mine")} />
        {mine.isPending && <Loader />}
        {mine.isError && <Alert color="red">{err.of(mine.error)}</Alert>}
        {mine.data?.length === 0 && <Text c="dimmed">{t("proposal.mineEmpty")}</Text>}
        {mine.data && (
          <ProposalList
            items={mine.data}
            href={(p) => `/PropostaEnviada?id=${p.id}`}
            contractOf={(p) => contracts.data?.find((c) => c.proposalId === p.id)?.status}
          />
        )}
      </Stack>
    );
  }
  return (
    <Container size="md" py="lg">
      {body}
    </Container>
  );
}
