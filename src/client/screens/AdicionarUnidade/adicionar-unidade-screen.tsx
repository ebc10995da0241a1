import { Alert, Anchor, Button, Card, Container, Group, Loader, Stack, Text, Tooltip } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate } from "react-router";
import { ACTIVE_STATUSES, type UnitView } from "../../../shared/contracts/listings";
import { formatBRL } from "../../../shared/money";
import { useAuth } from "../../app/auth";
import { type CompanyChoice, companyLabel } from "../../components/acting-as-field";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { PageHeader } from "../../components/page-header";
import { companiesQuery } from "../../features/companies/api/companies";
import { unitQuery, unitsQuery, useDeleteUnit, useSaveUnit } from "../../features/listings/api/units";
import { cardTitle, features, place } from "../../features/listings/describe";
import { StatusBadge } from "../../features/listings/offer-details";
import { UnitForm } from "../../features/listings/unit-form";
import { UnitPhoto } from "../../features/listings/unit-photo";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";

function UnitCard({
  unit,
  company,
  onDelete,
}: {
  unit: UnitView;
  /** The company it is let in the name of, if any (issue 34). */
  company: CompanyChoice | undefined;
  onDelete: (u: UnitView) => void;
}) {
  const { t } = useTranslation();
  const offer = unit.ofertas.find((o) => o.status !== "encerrada");
  const blocked = unit.ofertas.some((o) => ACTIVE_STATUSES.includes(o.status));
  return (
    <Card withBorder padding="sm" data-testid="unit-card">
      <Group wrap="nowrap" align="flex-start" gap="sm">
        <div style={{ width: 120, flexShrink: 0 }}>
          <UnitPhoto id={unit.fotos[0]} alt={cardTitle(t, unit)} h={90} />
        </div>
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600}>{cardTitle(t, unit)}</Text>
          <Text size="sm" c="dimmed">
            {unit.logradouro}, {unit.numero} – {place(t, unit)}
          </Text>
          <Text size="xs" c="dimmed">
            {features(t, unit)}
          </Text>
          {company && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }} data-testid="unit-company">
              {t("companies.actingAs")}: {companyLabel(company)}
            </Text>
          )}
          {offer && (
            <Group gap="xs">
              <StatusBadge status={offer.status} />
              <Text size="sm">{formatBRL(offer.total)}</Text>
            </Group>
          )}
          <Group gap="xs" mt={4}>
            <Button component={Link} to={`/AdicionarUnidade/${unit.id}`} size="xs" variant="default">
              {t("units.edit")}
            </Button>
            {offer ? (
              <Button component={Link} to={`/AluguelOferta?id=${offer.id}`} size="xs" variant="light">
                {t("units.viewOffer")}
              </Button>
            ) : (
              <Button component={Link} to={`/AluguelOferta?unidade=${unit.id}`} size="xs">
                {t("units.createOffer")}
              </Button>
            )}
            <Tooltip label={t("units.deleteBlocked")} disabled={!blocked}>
              <Button
                size="xs"
                color="red"
                variant="subtle"
                onClick={() => onDelete(unit)}
                disabled={blocked}
              >
                {t("units.delete")}
              </Button>
            </Tooltip>
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

function UnitList() {
  const { t } = useTranslation();
  const err = useErrorText();
  const [deleting, setDeleting] = useState<UnitView | null>(null);
  const units = useQuery(unitsQuery());
  const companies = useQuery(companiesQuery());
  const remove = useDeleteUnit();
  return (
    <Stack gap="md">
      <Group justify="space-between">
        <PageHeader title={t("units.title")} lead={t("units.lead")} />
        <Button component={Link} to="/AdicionarUnidade/novo" leftSection={<IconPlus size={16} />}>
          {t("units.new")}
        </Button>
      </Group>
      {units.isPending && <Loader />}
      {units.isError && (
        <Alert color="red" role="alert">
          {t("units.loadFailed")} {err.of(units.error)}
        </Alert>
      )}
      {units.data?.length === 0 && <Text c="dimmed">{t("units.empty")}</Text>}
      {units.data?.map((u) => (
        <UnitCard
          key={u.id}
          unit={u}
          company={companies.data?.empresas.find((c) => c.id === u.empresaId)}
          onDelete={setDeleting}
        />
      ))}
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("units.deleteTitle")}
        error={remove.isError ? err.message(remove.error) : null}
        confirmLabel={t("units.delete")}
        confirmColor="red"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              setDeleting(null);
              notifications.show({ message: t("units.deleted") });
            },
          })
        }
      >
        <Text size="sm">
          {t("units.deleteText", { address: deleting ? `${deleting.logradouro}, ${deleting.numero}` : "" })}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}

function UnitEditor({ id }: { id: string | null }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const navigate = useNavigate();
  const { state } = useAuth();
  const unit = useQuery({ ...unitQuery(id ?? ""), enabled: id !== null });
  // Someone with companies chooses whose name the unit is let in; a failed read leaves it as it is.
  const companies = useQuery(companiesQuery());
  const save = useSaveUnit(id);
  const done = () => {
    notifications.show({ color: "teal", message: t("units.saved") });
    void navigate("/AdicionarUnidade");
  };
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/AdicionarUnidade" size="sm">
        ← {t("units.back")}
      </Anchor>
      <PageHeader title={id ? t("units.formEdit") : t("units.formNew")} />
      {id && unit.isPending && <Loader />}
      {id && unit.isError && (
        <Alert color="red" role="alert">
          {unit.error instanceof ApiError && [403, 404].includes(unit.error.status)
            ? t("units.notFound")
            : err.of(unit.error)}
        </Alert>
      )}
      {(!id || unit.data) && !companies.isPending && (
        <UnitForm
          initial={unit.data}
          companies={companies.data?.empresas ?? []}
          userId={state.status === "signed-in" ? state.user.id : null}
          onSave={async (input) => {
            await save.mutateAsync(input);
            done();
          }}
        />
      )}
    </Stack>
  );
}

/** /AdicionarUnidade: one's units; /AdicionarUnidade/novo a new one; /AdicionarUnidade/ID edits one. */
export function AdicionarUnidadeScreen() {
  const { pathname } = useLocation();
  const rest = pathname.replace(/^\/AdicionarUnidade\/?/, "").split("/")[0] ?? "";
  return (
    <Container size="md" py="lg">
      {rest === "" ? <UnitList /> : <UnitEditor id={rest === "novo" ? null : rest} />}
    </Container>
  );
}
