import { Alert, Container, Loader, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { formatBRL } from "../../../shared/money";
import { useAuth } from "../../app/auth";
import { ContractForProposal } from "../../features/contracts/contract-for-proposal";
import { offerQuery } from "../../features/listings/api/offers";
import { cardTitle, place } from "../../features/listings/describe";
import { useProfile } from "../../features/profile/api/profile";
import { profilePath } from "../../features/profile/profile-path";
import { DocumentPicker } from "../../features/proposals/document-picker";
import { NewProposalForm } from "../../features/proposals/new-proposal-form";
import { ProposalById } from "../../features/proposals/proposal-by-id";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";

function NewProposal({ offerId }: { offerId: string }) {
  const { state } = useAuth();
  const userId = state.status === "signed-in" ? state.user.id : null;
  const { t } = useTranslation();
  const err = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const profile = useProfile();
  const offer = useQuery(offerQuery(offerId));

  if (profile.isPending || offer.isPending) return <Loader />;
  if (offer.data === undefined)
    return (
      <Alert color="red">
        {offer.error instanceof ApiError && offer.error.status === 404
          ? t("offer.notFound")
          : err.of(offer.error)}
      </Alert>
    );
  if (profile.data && !profile.data.complete)
    return <Navigate to={profilePath(profile.data, location.pathname + location.search)} replace />;
  const o = offer.data;
  return (
    <Stack gap="md">
      <div>
        <Title order={1} size="h2">
          {t("proposal.newTitle")}
        </Title>
        <Text c="dimmed">
          {t("proposal.for", {
            offer: `${cardTitle(t, o.unidade)} – ${place(t, o.unidade)} · ${formatBRL(o.total)}`,
          })}
        </Text>
      </div>
      <NewProposalForm
        offerId={offerId}
        offer={o}
        documento={params.get("documento")}
        renda={profile.data?.address?.rendaMensal ?? null}
        documents={(value, onChange) => <DocumentPicker value={value} onChange={onChange} userId={userId} />}
        onSent={(created) => void navigate(`/PropostaEnviada?id=${created.id}`)}
      />
    </Stack>
  );
}

/** /AluguelProposta: `?oferta=` a new proposal; `?id=` a proposal to follow and answer. */
export function AluguelPropostaScreen() {
  const { state } = useAuth();
  const userId = state.status === "signed-in" ? state.user.id : null;
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get("id");
  const offerId = params.get("oferta");
  let body: React.ReactNode;
  if (id)
    body = (
      <ProposalById id={id} slots={{ contract: (p) => <ContractForProposal proposalId={p.id} />, userId }} />
    );
  else if (offerId) body = <NewProposal offerId={offerId} />;
  else body = <Alert color="yellow">{t("offer.notFound")}</Alert>;
  return (
    <Container size="md" py="lg">
      {body}
    </Container>
  );
}
