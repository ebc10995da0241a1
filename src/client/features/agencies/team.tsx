import { Badge, Button, Card, Group, Modal, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconArrowsExchange, IconUserMinus } from "@tabler/icons-react";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  type AgencyMemberView,
  type AgencyRole,
  type AgencyView,
  creciInput,
  formatCreci,
  type MemberUpdate,
} from "../../../shared/contracts/agencies";
import { UFS } from "../../../shared/listing-names";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { SelectField } from "../../components/fields/select-field";
import { TextField } from "../../components/fields/text-fields";
import { useErrorText } from "../../lib/error-text";
import { useRemoveMember, useUpdateMember } from "./api/agencies";
import { dayOf, RoleBadge, RoleField } from "./role-field";

/** A label that wraps on a phone instead of being cut. */
const WRAP = { h: "auto", mih: 30, py: 4, styles: { label: { whiteSpace: "normal" as const } } };

interface RoleValues {
  papel: AgencyRole;
  creci: { numero: string; uf: string | null };
}

/**
 * A member's role, and for a corretor their own CRECI (optional; left blank, it is cleared). Another
 * role keeps whatever CRECI the member has.
 */
function RoleDialog({
  agency,
  member,
  onClose,
}: {
  agency: AgencyView;
  member: AgencyMemberView;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const update = useUpdateMember(agency.id);
  const { control, handleSubmit, setError, formState } = useForm<RoleValues>({
    defaultValues: {
      papel: member.papel,
      creci: { numero: member.creci?.numero ?? "", uf: member.creci?.uf ?? agency.creci.uf },
    },
  });
  const papel = useWatch({ control, name: "papel" });
  const submit = handleSubmit(async ({ papel, creci }) => {
    const body: MemberUpdate = { papel };
    if (papel === "corretor") {
      if (creci.numero.trim() === "") body.creci = null;
      else {
        const parsed = creciInput.safeParse(creci);
        if (!parsed.success) {
          setError("creci.numero", { message: "invalid-creci" });
          return;
        }
        body.creci = parsed.data;
      }
    }
    try {
      await update.mutateAsync({ userId: member.userId, update: body });
      notifications.show({ color: "teal", message: t("agencies.team.roleSaved", { name: member.nome }) });
      onClose();
    } catch {
      // Said in the dialog (update.error).
    }
  });
  return (
    <Modal opened onClose={onClose} title={t("agencies.team.roleTitle", { name: member.nome })} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <RoleField control={control} name="papel" label={t("agencies.team.role")} />
          {papel === "corretor" && (
            <SimpleGrid cols={{ base: 1, xs: 2 }}>
              <TextField
                control={control}
                name="creci.numero"
                label={t("agencies.team.creciNumero")}
                description={t("agencies.team.creciHelp")}
                placeholder="54321-F"
                maxLength={10}
                autoCapitalize="characters"
                autoComplete="off"
                spellCheck={false}
              />
              <SelectField
                control={control}
                name="creci.uf"
                label={t("agencies.team.creciUf")}
                data={[...UFS]}
                allowDeselect={false}
                searchable
              />
            </SimpleGrid>
          )}
          {update.isError && (
            <Text c="red" size="sm" role="alert">
              {err.message(update.error)}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t("common.cancel")}
            </Button>
            <Button type="submit" loading={formState.isSubmitting}>
              {t("agencies.team.saveRole")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

function MemberCard({
  member: m,
  isSelf,
  canManage,
  onChangeRole,
  onRemove,
}: {
  member: AgencyMemberView;
  isSelf: boolean;
  canManage: boolean;
  onChangeRole: () => void;
  onRemove: () => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="sm" data-testid="member-card" component="li">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
          <Group gap={6} wrap="wrap" style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
              {m.nome}
            </Text>
            {isSelf && (
              <Badge variant="outline" color="gray" size="sm">
                {t("agencies.team.you")}
              </Badge>
            )}
          </Group>
          <RoleBadge role={m.papel} />
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {m.email}
        </Text>
        {m.creci && (
          <Text size="sm" c="dimmed" data-testid="member-creci">
            {formatCreci(m.creci)}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t("agencies.team.since", { date: dayOf(m.desde, i18n.language) })}
        </Text>
        {canManage && (
          <Group gap="xs" mt={6}>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowsExchange size={14} />}
              onClick={onChangeRole}
              {...WRAP}
            >
              {t("agencies.team.changeRole")}
            </Button>
            {/* Oneself leaves with "Sair da imobiliária", below the team. */}
            {!isSelf && (
              <Button
                size="xs"
                color="red"
                variant="subtle"
                leftSection={<IconUserMinus size={14} />}
                onClick={onRemove}
                {...WRAP}
              >
                {t("agencies.team.remove")}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/**
 * The agency's team, each member with their role and CRECI; an administrador changes roles and
 * removes members (asked first; the server keeps the last administrador and says why).
 */
export function Team({ agency, selfId }: { agency: AgencyView; selfId: string | null }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const canManage = agency.areas.includes("equipe");
  const [changing, setChanging] = useState<AgencyMemberView | null>(null);
  const [removing, setRemoving] = useState<AgencyMemberView | null>(null);
  const remove = useRemoveMember(agency.id, selfId);
  const closeRemove = () => {
    setRemoving(null);
    remove.reset();
  };
  const agencyName = agency.nomeFantasia ?? agency.razaoSocial;
  return (
    <Stack gap="sm" component="section" aria-labelledby="agency-team">
      <Title order={2} size="h4" id="agency-team">
        {t("agencies.team.title")}
      </Title>
      <Stack gap="sm" component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
        {agency.membros.map((m) => (
          <MemberCard
            key={m.userId}
            member={m}
            isSelf={m.userId === selfId}
            canManage={canManage}
            onChangeRole={() => setChanging(m)}
            onRemove={() => setRemoving(m)}
          />
        ))}
      </Stack>
      {changing && <RoleDialog agency={agency} member={changing} onClose={() => setChanging(null)} />}
      <ConfirmDialog
        opened={removing !== null}
        onClose={closeRemove}
        title={t("agencies.team.removeTitle")}
        error={remove.isError ? err.message(remove.error) : null}
        confirmLabel={t("agencies.team.remove")}
        confirmColor="red"
        pending={remove.isPending}
        onConfirm={() =>
          removing &&
          remove.mutate(removing.userId, {
            onSuccess: () => {
              notifications.show({
                color: "teal",
                message: t("agencies.team.removed", { name: removing.nome }),
              });
              closeRemove();
            },
          })
        }
      >
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {t("agencies.team.removeText", { name: removing?.nome ?? "", agency: agencyName })}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
