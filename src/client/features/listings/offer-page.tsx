import { Alert, Anchor, Button, Card, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useLayoutEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import type { OfferView } from "../../../shared/contracts/listings";
import { PageHeader } from "../../components/page-header";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { releasePrerender } from "../../lib/prerender";
import { offerQuery, useCreateOffer, useUpdateOffer } from "./api/offers";
import { unitQuery } from "./api/units";
import { cardTitle, place } from "./describe";
import { OfferForm } from "./offer-form";

/** "Fazer proposta": to the proposal for a signed-in visitor, through sign-in otherwise. */
export function ProposeButton({ offer, signedIn }: { offer: OfferView; signedIn: boolean }) {
  const { t } = useTranslation();
  if (offer.isOwner) return null;
  // A visitor who follows an old link learns why there is no proposal to make.
  if (offer.status !== "publicada")
    return (
      <Alert color="gray" data-testid="offer-unavailable">
        {t(
          `offer.unavailable.${offer.status === "reservada" ? "reservada" : offer.status === "alugada" ? "alugada" : "encerrada"}`,
        )}
      </Alert>
    );
  // An offer published before its advertiser's profile could qualify them in a contract (decision 041).
  if (!offer.recebePropostas)
    return (
      <Alert color="gray" data-testid="offer-unavailable">
        {t("errors.offer-owner-incomplete")}
      </Alert>
    );
  const target = `/AluguelProposta?oferta=${offer.id}`;
  return (
    <Button
      component={Link}
      to={signedIn ? target : `/login?next=${encodeURIComponent(target)}`}
      size="md"
      data-testid="make-proposal"
    >
      {signedIn ? t("offer.makeProposal") : t("offer.loginToPropose")}
    </Button>
  );
}

/** The new-offer form for one's unit (`?unidade=`). */
export function NewOffer({
  unitId,
  basePath,
  signedIn,
  notice = null,
}: {
  unitId: string;
  basePath: string;
  signedIn: boolean;
  /** Said before the form (what publishing will need, decision 041). */
  notice?: React.ReactNode;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const unit = useQuery({ ...unitQuery(unitId), enabled: signedIn });
  const create = useCreateOffer();
  if (!signedIn)
    return <Navigate to={`/login?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (unit.isPending) return <Loader />;
  if (unit.data === undefined)
    return (
      <Alert color="red" role="alert">
        {unit.error instanceof ApiError && unit.error.status === 404
          ? t("units.notFound")
          : err.of(unit.error)}
      </Alert>
    );
  return (
    <Stack gap="md">
      <PageHeader
        title={t("offer.newTitle")}
        lead={t("offer.for", { unit: `${cardTitle(t, unit.data)} – ${place(t, unit.data)}` })}
        leadSize="md"
      />
      {notice}
      <OfferForm
        onSave={async (input) => {
          const created = await create.mutateAsync({ ...input, unidadeId: unitId });
          notifications.show({ color: "teal", message: t("offer.saved") });
          void navigate(`${basePath}?id=${created.id}`);
        }}
      />
    </Stack>
  );
}

/** Loads `?id=` (or shows `?unidade=`'s form) and hands the offer to a layout. */
export function OfferPage({
  basePath,
  otherPath,
  otherLabel,
  signedIn,
  render,
  newOfferNotice = null,
}: {
  basePath: string;
  signedIn: boolean;
  /** Above a new offer's form. */
  newOfferNotice?: React.ReactNode;
  otherPath: string;
  otherLabel: string;
  render: (
    offer: OfferView,
    editing: boolean,
    setEditing: (v: boolean) => void,
    save: (o: OfferView) => void,
  ) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [params] = useSearchParams();
  const id = params.get("id");
  const unitId = params.get("unidade");
  const [editing, setEditing] = useState(false);
  const offer = useQuery({ ...offerQuery(id ?? ""), enabled: Boolean(id) });
  const settled = !id || !offer.isPending;
  // The server's snapshot of this offer (decision 025) gives way once the page stands in its place.
  useLayoutEffect(() => {
    if (settled) releasePrerender();
  }, [settled]);

  let body: React.ReactNode;
  // The page's one heading while there is no offer to name it.
  const pageTitle = <PageHeader title={t("offer.pageTitle")} />;
  if (!id && unitId)
    body = <NewOffer unitId={unitId} basePath={basePath} signedIn={signedIn} notice={newOfferNotice} />;
  else if (!id)
    // No offer named: anyone can go to the search; a signed-in person may have meant to create one.
    body = (
      <>
        {pageTitle}
        <Alert color="yellow" data-testid="offer-missing">
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{t("offer.missingOffer")}</Text>
            <Button component={Link} to="/" size="xs" variant="light">
              {t("offer.browse")}
            </Button>
            {signedIn && (
              <Text size="sm">
                {t("offer.orCreate")}{" "}
                <Anchor component={Link} to="/AdicionarUnidade" inherit>
                  {t("nav.units")}
                </Anchor>
                .
              </Text>
            )}
          </Stack>
        </Alert>
      </>
    );
  else if (offer.isPending) body = <Loader />;
  else if (offer.data === undefined)
    body = (
      <>
        {pageTitle}
        <Alert color="red" role="alert" data-testid="offer-error">
          {offer.error instanceof ApiError && offer.error.status === 404
            ? t("offer.notFound")
            : err.of(offer.error)}
        </Alert>
      </>
    );
  else body = render(offer.data, editing, setEditing, () => setEditing(false));

  return (
    <Container size="md" py="lg">
      <Stack gap="md">
        {body}
        {id && offer.isSuccess && (
          <Group justify="flex-end">
            <Anchor component={Link} to={`${otherPath}?id=${id}`} size="sm">
              {otherLabel}
            </Anchor>
          </Group>
        )}
      </Stack>
    </Container>
  );
}

export function EditOffer({ offer, onSaved }: { offer: OfferView; onSaved: (o: OfferView) => void }) {
  const { t } = useTranslation();
  const update = useUpdateOffer(offer.id);
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("offer.editTitle")}
        </Title>
        <OfferForm
          initial={offer}
          onSave={async (input) => {
            const next = await update.mutateAsync(input);
            notifications.show({ color: "teal", message: t("offer.saved") });
            onSaved(next);
          }}
        />
      </Stack>
    </Card>
  );
}
