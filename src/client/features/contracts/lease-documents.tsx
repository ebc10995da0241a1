import { Anchor, Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { contractsQuery } from "./api/contracts";

/**
 * The documents signed on a lease after it (decision 047: its laudos de vistoria, later its
 * receipts and amendments), beside the lease on its page, each with its status and its page.
 */
export function LeaseDocuments({ leaseId }: { leaseId: string }) {
  const { t } = useTranslation();
  const contracts = useQuery(contractsQuery());
  const children = (contracts.data ?? []).filter((c) => c.parentId === leaseId);
  if (children.length === 0) return null;
  return (
    <Card withBorder padding="sm" data-testid="lease-documents">
      <Text fw={600} mb={6}>
        {t("contract.laterDocuments")}
      </Text>
      <Stack gap={6}>
        {children.map((c) => (
          <Group key={c.id} justify="space-between" wrap="nowrap" gap="xs">
            <Anchor component={Link} to={`/Clicksign?contrato=${c.id}`} size="sm">
              {c.titulo.split(" – ")[0]}
            </Anchor>
            <Badge variant="light" size="sm">
              {t(`contract.status.${c.status}`)}
            </Badge>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}
