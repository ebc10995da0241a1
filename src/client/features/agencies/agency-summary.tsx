import { Button, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { formatCnpj } from "../../../shared/cnpj";
import { type AgencyView, formatCreci } from "../../../shared/contracts/agencies";

/** The agency's name, CNPJ, CRECI and head office, and the reader's role in it. */
export function AgencySummary({ agency: a, onEdit }: { agency: AgencyView; onEdit?: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md" data-testid="agency-summary">
      <Stack gap={4}>
        <Title order={2} size="h3" style={{ overflowWrap: "anywhere" }} data-testid="agency-name">
          {a.nomeFantasia ?? a.razaoSocial}
        </Title>
        {a.nomeFantasia && (
          <Text size="sm" style={{ overflowWrap: "anywhere" }}>
            {a.razaoSocial}
          </Text>
        )}
        <Text size="sm" c="dimmed" data-testid="agency-cnpj">
          {t("agencies.header.cnpj", { cnpj: formatCnpj(a.cnpj) })}
        </Text>
        <Text size="sm" c="dimmed" data-testid="agency-creci">
          {formatCreci(a.creci)}
        </Text>
        <Text size="sm" c="dimmed">
          {t("agencies.header.sede", { cidade: a.endereco.cidade, uf: a.endereco.uf })}
        </Text>
        <Text size="sm" mt={6} fw={500} data-testid="my-role">
          {t("agencies.header.myRole", { role: t(`agencies.roles.${a.meuPapel}`) })}
        </Text>
        <Text size="xs" c="dimmed">
          {t(`agencies.roleHelp.${a.meuPapel}`)}
        </Text>
        {onEdit && (
          <Group mt={6}>
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={onEdit}>
              {t("agencies.header.edit")}
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}
