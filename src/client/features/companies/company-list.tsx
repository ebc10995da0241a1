import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPencil, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCnpj } from "../../../shared/cnpj";
import type { CompanyView } from "../../../shared/contracts/companies";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { useErrorText } from "../../lib/error-text";
import { useDeleteCompany } from "./api/companies";

function CompanyCard({
  company,
  onEdit,
  onDelete,
}: {
  company: CompanyView;
  onEdit: (c: CompanyView) => void;
  onDelete: (c: CompanyView) => void;
}) {
  const { t } = useTranslation();
  const c = company;
  return (
    <Card withBorder padding="md" data-testid="company-card">
      <Stack gap={4}>
        <Group gap="xs" wrap="nowrap" align="flex-start" justify="space-between">
          <Text fw={600} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
            {c.razaoSocial}
          </Text>
          {c.emUso && (
            <Badge color="teal" variant="light" style={{ flexShrink: 0 }}>
              {t("companies.inUse")}
            </Badge>
          )}
        </Group>
        {c.nomeFantasia && (
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {c.nomeFantasia}
          </Text>
        )}
        <Text size="sm" c="dimmed" data-testid="company-cnpj">
          {t("companies.cnpjOf", { cnpj: formatCnpj(c.cnpj) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t("companies.sede", { cidade: c.endereco.cidade, uf: c.endereco.uf })}
        </Text>
        {c.chavePix && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }} data-testid="company-pix">
            {t("companies.pixOf", { chave: c.chavePix })}
          </Text>
        )}
        <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {t("companies.signsAs", {
            cargo: c.cargo,
            instrumento: t(`companies.instruments.${c.instrumento}`),
          })}
        </Text>
        {c.outrosRepresentantes.length > 0 && (
          <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }} data-testid="company-also-sign">
            {t("companies.alsoSign", { names: c.outrosRepresentantes.map((r) => r.nome).join(", ") })}
          </Text>
        )}
        <Group gap="xs" mt={6}>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPencil size={14} />}
            onClick={() => onEdit(c)}
          >
            {t("companies.edit")}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="subtle"
            leftSection={<IconTrash size={14} />}
            onClick={() => onDelete(c)}
            disabled={c.emUso}
            aria-describedby={c.emUso ? `in-use-${c.id}` : undefined}
          >
            {t("companies.delete")}
          </Button>
        </Group>
        {/* Said, not hidden in a tooltip: a phone has no hover. */}
        {c.emUso && (
          <Text size="xs" c="dimmed" id={`in-use-${c.id}`}>
            {t("companies.deleteBlocked")}
          </Text>
        )}
      </Stack>
    </Card>
  );
}

/** One's companies, each to edit or (when nothing is in its name) to delete after asking. */
export function CompanyList({
  companies,
  onEdit,
}: {
  companies: CompanyView[];
  onEdit: (c: CompanyView) => void;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [deleting, setDeleting] = useState<CompanyView | null>(null);
  const remove = useDeleteCompany();
  const close = () => {
    setDeleting(null);
    remove.reset();
  };
  return (
    <Stack gap="sm">
      {companies.length === 0 && <Text c="dimmed">{t("companies.empty")}</Text>}
      {companies.map((c) => (
        <CompanyCard key={c.id} company={c} onEdit={onEdit} onDelete={setDeleting} />
      ))}
      <ConfirmDialog
        opened={deleting !== null}
        onClose={close}
        title={t("companies.deleteTitle")}
        error={remove.isError ? err.message(remove.error) : null}
        confirmLabel={t("companies.delete")}
        confirmColor="red"
        pending={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting, {
            onSuccess: () => {
              close();
              notifications.show({ color: "teal", message: t("companies.deleted") });
            },
          })
        }
      >
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          {t("companies.deleteText", {
            name: deleting ? `${deleting.razaoSocial} (${formatCnpj(deleting.cnpj)})` : "",
          })}
        </Text>
      </ConfirmDialog>
    </Stack>
  );
}
