import { Alert, Anchor, Button, Card, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from "react-router";
import type { OfferView } from "../../../shared/contracts/listings";
import { useAuth } from "../../app/auth";
import { listingsApi } from "../../features/listings/api";
import { cardTitle, place } from "../../features/listings/describe";
import { OfferForm } from "../../features/listings/offer-form";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { refreshPaths } from "../../lib/query";

/** "Fazer proposta": to the proposal for a signed-in visitor, through sign-in otherwise. */
export function ProposeButton({ offer }: { offer: OfferView }) {
  const { t } = useTranslation();
  const { state } = useAuth();
  if (offer.isOwner || offer.status !== "publicada") return null;
  const target = `/AluguelProposta?oferta=${offer.id}`;
  const signedIn = state.status === "signed-in";
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
export function NewOffer({ unitId, basePath }: { unitId: string; basePath: string }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const { state } = useAuth();
  const unit = useQuery({
    queryKey: [`/api/units/${unitId}`],
    queryFn: () => listingsApi.unit(unitId),
    enabled: state.status === "signed-in",
    retry: false,
  });
  if (state.status !== "signed-in")
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
      <div>
        <Title order={1} size="h2">
          {t("offer.newTitle")}
        </Title>
        <Text c="dimmed">
          {t("offer.for", { unit: `${cardTitle(t, unit.data)} – ${place(t, unit.data)}` })}
        </Text>
      </div>
      <OfferForm
        onSave={async (input) => {
          const created = await listingsApi.createOffer({ ...input, unidadeId: unitId });
          queryClient.setQueryData([`/api/offers/${created.id}`], created);
          void refreshPaths(queryClient, ["/api/units"]);
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
  render,
}: {
  basePath: string;
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
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const offer = useQuery({
    queryKey: [`/api/offers/${id}`],
    queryFn: () => listingsApi.offer(id ?? ""),
    enabled: Boolean(id),
    retry: false,
  });

  let body: React.ReactNode;
  if (!id && unitId) body = <NewOffer unitId={unitId} basePath={basePath} />;
  else if (!id)
    body = (
      <Alert color="yellow">
        {t("offer.missingUnit")}{" "}
        <Anchor component={Link} to="/AdicionarUnidade">
          {t("nav.units")}
        </Anchor>
      </Alert>
    );
  else if (offer.isPending) body = <Loader />;
  else if (offer.data === undefined)
    body = (
      <Alert color="red" role="alert" data-testid="offer-error">
        {offer.error instanceof ApiError && offer.error.status === 404
          ? t("offer.notFound")
          : err.of(offer.error)}
      </Alert>
    );
  else
    body = render(offer.data, editing, setEditing, (next) => {
      queryClient.setQueryData([`/api/offers/${next.id}`], next);
      void refreshPaths(queryClient, ["/api/search"]);
      setEditing(false);
    });

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
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t("offer.editTitle")}
        </Title>
        <OfferForm
          initial={offer}
          onSave={async (input) => {
            const next = await listingsApi.updateOffer(offer.id, input);
            notifications.show({ color: "teal", message: t("offer.saved") });
            onSaved(next);
          }}
        />
      </Stack>
    </Card>
  );
}
