import { Alert, Anchor, Button, Container, Group, Loader, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPlus } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/page-header";
import { companiesQuery, useSaveCompany } from "../../features/companies/api/companies";
import { CompanyForm } from "../../features/companies/company-form";
import { CompanyList } from "../../features/companies/company-list";
import { useProfile } from "../../features/profile/api/profile";
import { profilePath } from "../../features/profile/profile-path";
import { useErrorText } from "../../lib/error-text";

/** `?empresa=nova`: a new company. */
const NEW = "nova";

/** Whoever signs for a company signs with their own qualification: it needs the profile complete. */
function ProfileNeeded() {
  const { t } = useTranslation();
  const profile = useProfile();
  if (!profile.data || profile.data.complete) return null;
  return (
    <Alert color="orange" data-testid="profile-needed">
      <Stack gap={4} align="flex-start">
        <Text size="sm">{t("companies.profileNeeded")}</Text>
        <Anchor component={Link} to={profilePath(profile.data, "/Empresas")} size="sm">
          {t("companies.completeProfile")}
        </Anchor>
      </Stack>
    </Alert>
  );
}

function CompanyEditor({ id, onDone }: { id: string | null; onDone: () => void }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const { state } = useAuth();
  const companies = useQuery(companiesQuery());
  const save = useSaveCompany(id);
  const company = id ? companies.data?.empresas.find((c) => c.id === id) : undefined;
  return (
    <Stack gap="md">
      <Anchor component={Link} to="/Empresas" size="sm">
        ← {t("companies.back")}
      </Anchor>
      <PageHeader title={id ? t("companies.formEdit") : t("companies.formNew")} />
      <ProfileNeeded />
      {id && companies.isPending && <Loader />}
      {id && companies.isError && (
        <Alert color="red" role="alert">
          {err.of(companies.error)}
        </Alert>
      )}
      {id && companies.isSuccess && !company && <Alert color="yellow">{t("companies.notFound")}</Alert>}
      {(!id || company) && (
        <CompanyForm
          initial={company}
          userId={state.status === "signed-in" ? state.user.id : null}
          onCancel={onDone}
          onSave={async (input) => {
            await save.mutateAsync(input);
            notifications.show({ color: "teal", message: t("companies.saved") });
            onDone();
          }}
        />
      )}
    </Stack>
  );
}

function Companies({ onNew, onEdit }: { onNew: () => void; onEdit: (id: string) => void }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const companies = useQuery(companiesQuery());
  return (
    <Stack gap="md">
      <PageHeader title={t("companies.title")} lead={t("companies.lead")} />
      <ProfileNeeded />
      <Group>
        <Button
          onClick={onNew}
          leftSection={<IconPlus size={16} />}
          h="auto"
          mih={36}
          py={6}
          styles={{ label: { whiteSpace: "normal" } }}
        >
          {t("companies.new")}
        </Button>
      </Group>
      {companies.isPending && <Loader />}
      {companies.isError && (
        <Alert color="red" role="alert">
          <Stack gap={4} align="flex-start">
            <Text size="sm">
              {t("companies.loadFailed")} {err.of(companies.error)}
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => void companies.refetch()}>
              {t("companies.retry")}
            </Button>
          </Stack>
        </Alert>
      )}
      {companies.data && <CompanyList companies={companies.data.empresas} onEdit={(c) => onEdit(c.id)} />}
    </Stack>
  );
}

/**
 * /Empresas (issue 34): the companies one rents or lets in the name of, signing for them; with
 * `?empresa=nova` a new one, `?empresa=ID` one to change.
 */
export function EmpresasScreen() {
  const [params, setParams] = useSearchParams();
  const editing = params.get("empresa");
  return (
    <Container size="sm" py="lg">
      {editing ? (
        <CompanyEditor id={editing === NEW ? null : editing} onDone={() => setParams({})} />
      ) : (
        <Companies onNew={() => setParams({ empresa: NEW })} onEdit={(id) => setParams({ empresa: id })} />
      )}
    </Container>
  );
}
