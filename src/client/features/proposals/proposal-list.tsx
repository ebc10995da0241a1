import { Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ProposalView } from "../../../shared/contracts/proposals";
import { formatBRL } from "../../lib/money";
import { ProposalStatusBadge } from "./parts";

/** Proposals as rows: offer, the other party, terms, status and whose turn. */
export function ProposalList({ items, href }: { items: ProposalView[]; href: (p: ProposalView) => string }) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="xs">
      {items.map((p) => (
        <Card
          key={p.id}
          withBorder
          padding="sm"
          component={Link}
          to={href(p)}
          style={{ color: "inherit", textDecoration: "none" }}
          data-testid="proposal-row"
        >
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" truncate>
                {p.oferta.titulo}
              </Text>
              <Text size="xs" c="dimmed">
                {p.role === "landlord" ? p.inquilino.nome : p.locador.nome} · {formatBRL(p.termos.aluguel)} ·{" "}
                {new Date(p.updatedAt).toLocaleDateString(i18n.language)}
              </Text>
            </Stack>
            <Stack gap={2} align="flex-end">
              <ProposalStatusBadge status={p.status} />
              {p.turn && (
                <Text size="xs" c={p.turn === p.role ? "orange" : "dimmed"}>
                  {p.turn === p.role ? t("proposal.yourTurn") : t("proposal.theirTurn")}
                </Text>
              )}
            </Stack>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
