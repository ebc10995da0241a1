import { Alert, Button, Container, Loader, Select, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { MyAgencies } from "../../../shared/contracts/agencies";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/page-header";
import { AgencyAbout } from "../../features/agencies/agency-about";
import { AgencyForm } from "../../features/agencies/agency-form";
import { AgencySummary } from "../../features/agencies/agency-summary";
import { agencyQuery, myAgenciesQuery, useSaveAgency } from "../../features/agencies/api/agencies";
import { InvitationsToMe } from "../../features/agencies/invitations-to-me";
import { InviteForm, PendingInvitations } from "../../features/agencies/invite-person";
import { LeaveAgency } from "../../features/agencies/leave-agency";
import { Team } from "../../features/agencies/team";
import { useErrorText } from "../../lib/error-text";

/** A read that failed, said with a way to try again. */
function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const err = useErrorText();
  return (
    <Alert color="red" role="alert">
      <Stack gap={4} align="flex-start">
        <Text size="sm">
          {t("agencies.loadFailed")} {err.message(error)}
        </Text>
        <Button size="compact-sm" variant="light" onClick={onRetry}>
          {t("agencies.retry")}
        </Button>
      </Stack>
    </Alert>
  );
}

/** Someone in no agency: what one is, and the form to create one (its creator administers it). */
function NoAgency({ onCreated }: { onCreated: (id: string) => void }) {
  const { t } = useTranslation();
  const save = useSaveAgency(null);
  return (
    <Stack gap="lg">
      <AgencyAbout />
      <Stack gap="sm" component="section" aria-labelledby="create-agency">
        <Title order={2} size="h3" id="create-agency">
          {t("agencies.form.createTitle")}
        </Title>
        <AgencyForm
          onSave={async (input) => {
            const agency = await save.mutateAsync(input);
            notifications.show({ color: "teal", message: t("agencies.form.created") });
            onCreated(agency.id);
          }}
        />
      </Stack>
    </Stack>
  );
}

/** One agency: its data, its team, and for administradores the invitations and the data to edit. */
function AgencyPanel({ id, selfId }: { id: string; selfId: string | null }) {
  const { t } = useTranslation();
  const agency = useQuery(agencyQuery(id));
  const save = useSaveAgency(id);
  const [editing, setEditing] = useState(false);
  if (agency.isPending) return <Loader />;
  if (agency.isError) return <LoadFailed error={agency.error} onRetry={() => void agency.refetch()} />;
  const a = agency.data;
  const administers = a.areas.includes("equipe");
  if (editing && administers)
    return (
      <Stack gap="sm" component="section" aria-labelledby="edit-agency">
        <Title order={2} size="h3" id="edit-agency">
          {t("agencies.form.editTitle")}
        </Title>
        <AgencyForm
          initial={a}
          onCancel={() => setEditing(false)}
          onSave={async (input) => {
            await save.mutateAsync(input);
            notifications.show({ color: "teal", message: t("agencies.form.saved") });
            setEditing(false);
          }}
        />
      </Stack>
    );
  return (
    <Stack gap="lg">
      <AgencySummary agency={a} onEdit={administers ? () => setEditing(true) : undefined} />
      <Team agency={a} selfId={selfId} />
      {administers && (
        <>
          <PendingInvitations agency={a} />
          <InviteForm agencyId={a.id} />
        </>
      )}
      {selfId && <LeaveAgency agency={a} selfId={selfId} />}
    </Stack>
  );
}

/** Several agencies: which one to see (`?id=`). */
function AgencyPicker({
  agencies,
  value,
  onChange,
}: {
  agencies: MyAgencies["agencias"];
  value: string;
  onChange: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Select
      label={t("agencies.pick")}
      description={t("agencies.pickHelp")}
      data={agencies.map((a) => ({ value: a.id, label: `${a.nome} · ${t(`agencies.roles.${a.papel}`)}` }))}
      value={value}
      onChange={(v) => v && onChange(v)}
      allowDeselect={false}
    />
  );
}

/**
 * /Imobiliaria (issue 34, decision 059): the invitations to one's e-mail on top; then the agency
 * one works in (`?id=` picks one of several) with its team, or, in none, what an agency is and the
 * form to create one.
 */
export function ImobiliariaScreen() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { state } = useAuth();
  const selfId = state.status === "signed-in" ? state.user.id : null;
  const mine = useQuery(myAgenciesQuery());
  const show = (id: string) => setParams({ id });
  const agencies = mine.data?.agencias ?? [];
  const chosen = agencies.find((a) => a.id === params.get("id")) ?? agencies[0];
  return (
    <Container size="sm" py="lg">
      <Stack gap="lg">
        <PageHeader title={t("agencies.title")} lead={t("agencies.lead")} />
        {mine.isPending && <Loader />}
        {mine.isError && <LoadFailed error={mine.error} onRetry={() => void mine.refetch()} />}
        {mine.data && (
          <>
            <InvitationsToMe invitations={mine.data.convites} onAccepted={show} />
            {chosen ? (
              <>
                {agencies.length > 1 && (
                  <AgencyPicker agencies={agencies} value={chosen.id} onChange={show} />
                )}
                <AgencyPanel key={chosen.id} id={chosen.id} selfId={selfId} />
              </>
            ) : (
              <NoAgency onCreated={show} />
            )}
          </>
        )}
      </Stack>
    </Container>
  );
}
