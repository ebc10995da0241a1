import { Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ContractStatus } from "../../../shared/contracts/contracts";
import type { ProposalView } from "../../../shared/contracts/proposals";
import { formatBRL } from "../../../shared/money";
import { ProposalStatusBadge } from "./parts";

/**
 * Proposals as rows: offer, the other party (to the landlord, with the company the tenant proposes
 * in the name of), terms, status and whose turn. The status sits on its own line under the offer
 * so it is never cut on a phone; `contractOf` gives an approved proposal's contract status (the
 * screen reads the contracts), shown instead of "Aprovada".
 */
export function ProposalList({
  items,
  href,
  contractOf,
}: {
  items: ProposalView[];
  href: (p: ProposalView) => string;
  contractOf?: (p: ProposalView) => ContractStatus | null | undefined;
}) {
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
          <Stack gap={4}>
            <div style={{ minWidth: 0 }}>
              <Text fw={600} size="sm" lineClamp={2}>
                {p.oferta.titulo}
              </Text>
              <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                {p.role === "landlord" ? p.inquilino.nome : p.locador.nome}
                {p.role === "landlord" && p.inquilino.empresa && (
                  <span data-testid="proposal-on-behalf">
                    {" "}
                    {t("proposal.onBehalfOf", {
                      name: p.inquilino.empresa.nomeFantasia || p.inquilino.empresa.razaoSocial,
                    })}
                  </span>
                )}{" "}
                · {formatBRL(p.termos.aluguel)} · {new Date(p.updatedAt).toLocaleDateString(i18n.language)}
              </Text>
            </div>
            <Group gap="xs">
              <ProposalStatusBadge status={p.status} contract={contractOf?.(p) ?? null} />
              {p.turn && (
                <Text size="xs" c={p.turn === p.role ? "orange" : "dimmed"}>
                  {p.turn === p.role ? t("proposal.yourTurn") : t("proposal.theirTurn")}
                </Text>
              )}
            </Group>
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
