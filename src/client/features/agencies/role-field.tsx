import { Badge, Stack, Text } from "@mantine/core";
import { type FieldValues, type Path, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { AGENCY_ROLES, type AgencyRole } from "../../../shared/contracts/agencies";
import { SelectField } from "../../components/fields/select-field";
import type { BoundField } from "../../components/fields/use-form-field";

const isRole = (v: unknown): v is AgencyRole => AGENCY_ROLES.includes(v as AgencyRole);

/**
 * A role of the agency's team to choose, each option with what it opens in one line; the chosen
 * one's line stays under the field (a phone shows no list until it is opened).
 */
export function RoleField<T extends FieldValues, N extends Path<T>>({
  control,
  name,
  label,
}: BoundField<T, N> & { label: string }) {
  const { t } = useTranslation();
  const chosen = useWatch({ control, name }) as unknown;
  return (
    <SelectField
      control={control}
      name={name}
      label={label}
      data={AGENCY_ROLES.map((r) => ({ value: r, label: t(`agencies.roles.${r}`) }))}
      allowDeselect={false}
      description={isRole(chosen) ? t(`agencies.roleHelp.${chosen}`) : undefined}
      renderOption={({ option }) => (
        <Stack gap={0}>
          <Text size="sm">{option.label}</Text>
          <Text size="xs" c="dimmed">
            {isRole(option.value) ? t(`agencies.roleHelp.${option.value}`) : null}
          </Text>
        </Stack>
      )}
    />
  );
}

/** A member's role, as a badge (the administradores' in another colour). */
export function RoleBadge({ role }: { role: AgencyRole }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={role === "administrador" ? "grape" : "blue"}
      variant="light"
      style={{ flexShrink: 0 }}
      data-testid="role-badge"
    >
      {t(`agencies.roles.${role}`)}
    </Badge>
  );
}

/** What each role opens, one line a role: for someone deciding whom to invite, or reading about it. */
export function RoleList() {
  const { t } = useTranslation();
  return (
    <Stack gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }}>
      {AGENCY_ROLES.map((r) => (
        <Text component="li" size="sm" key={r}>
          <Text span fw={600} size="sm">
            {t(`agencies.roles.${r}`)}:
          </Text>{" "}
          {t(`agencies.roleHelp.${r}`)}
        </Text>
      ))}
    </Stack>
  );
}

/** A day as the reader writes it (dd/mm/aaaa in pt-BR). */
export function dayOf(iso: string, lang: string) {
  return new Date(iso).toLocaleDateString(lang);
}
