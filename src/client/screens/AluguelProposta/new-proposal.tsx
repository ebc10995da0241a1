import { Alert, Button, Loader, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import { OPEN_PROPOSAL_STATUSES } from "../../../shared/contracts/proposals";
import { formatBRL } from "../../../shared/money";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/page-header";
import { companiesQuery } from "../../features/companies/api/companies";
import { offerQuery } from "../../features/listings/api/offers";
import { cardTitle, place } from "../../features/listings/describe";
import { useProfile } from "../../features/profile/api/profile";
import { profilePath } from "../../features/profile/profile-path";
import { proposalsQuery } from "../../features/proposals/api/proposals";
import { DocumentPicker } from "../../features/proposals/document-picker";
import { NewProposalForm } from "../../features/proposals/new-proposal-form";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";

/**
 * `?oferta=`: a new proposal — or, before any form, what stops one (an offer no longer open, one's
 * own, a proposal already sent). Its own chunk: following a proposal (`?id=`) does not need it.
 */
export function NewProposal({ offerId }: { offerId: string }) {
  const { state } = useAuth();
  const userId = state.status === "signed-in" ? state.user.id : null;
  const { t } = useTranslation();
  const err = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const profile = useProfile();
  const offer = useQuery(offerQuery(offerId));
  // Someone with companies may propose in the name of one (issue 34); a failed read: as oneself.
  const companies = useQuery(companiesQuery());
  // One open proposal per person and offer: coming back after sending shows it, not a blank form.
  const mine = useQuery(proposalsQuery({ role: "tenant", oferta: offerId }));
  const open = mine.data?.find((p) => OPEN_PROPOSAL_STATUSES.includes(p.status));

  if (profile.isPending || offer.isPending || mine.isPending || companies.isPending) return <Loader />;
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
  const heading = (
    <PageHeader
      title={t("proposal.newTitle")}
      lead={t("proposal.for", {
        offer: `${cardTitle(t, o.unidade)} – ${place(t, o.unidade)} · ${formatBRL(o.total)}`,
      })}
      leadSize="md"
    />
  );
  // Said before the form, not after it was filled: a proposal already sent, an offer no longer open.
  const before = open ? (
    <Alert color="teal" data-testid="proposal-already-sent">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t("proposal.alreadySent")}</Text>
        <Button component={Link} to={`/PropostaEnviada?id=${open.id}`} size="xs" variant="light">
          {t("proposal.seeSent")}
        </Button>
      </Stack>
    </Alert>
  ) : o.isOwner ? (
    <Alert color="gray" data-testid="offer-unavailable">
      {t("errors.own-offer")}
    </Alert>
  ) : o.status !== "publicada" ? (
    <Alert color="gray" data-testid="offer-unavailable">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          {t(
            `offer.unavailable.${o.status === "reservada" || o.status === "alugada" ? o.status : "encerrada"}`,
          )}
        </Text>
        <Button component={Link} to="/" size="xs" variant="light">
          {t("offer.browse")}
        </Button>
      </Stack>
    </Alert>
  ) : !o.recebePropostas ? (
    <Alert color="gray" data-testid="offer-unavailable">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{t("errors.offer-owner-incomplete")}</Text>
        <Button component={Link} to="/" size="xs" variant="light">
          {t("offer.browse")}
        </Button>
      </Stack>
    </Alert>
  ) : null;
  if (before)
    return (
      <Stack gap="md">
        {heading}
        {before}
      </Stack>
    );
  return (
    <Stack gap="md">
      {heading}
      <NewProposalForm
        offerId={offerId}
        offer={o}
        documento={params.get("documento")}
        renda={profile.data?.address?.rendaMensal ?? null}
        companies={companies.data?.empresas ?? []}
        documents={(value, onChange) => <DocumentPicker value={value} onChange={onChange} userId={userId} />}
        onSent={(created) => void navigate(`/PropostaEnviada?id=${created.id}`)}
      />
    </Stack>
  );
}
