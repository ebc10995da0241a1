import { Badge, Card, Group, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ContractView } from "../../../shared/contracts/contracts";
import { ApiError } from "../../lib/api";

/** A refusal of the send that names one planned signer ("signatarios.2.cpf"): whose, and why. */
export interface SignerProblem {
  index: number;
  message: string;
}

export function signerProblemOf(err: unknown): SignerProblem | null {
  if (!(err instanceof ApiError)) return null;
  for (const issue of err.issues) {
    const m = /^signatarios\.(\d+)\./.exec(issue.path);
    if (m) return { index: Number(m[1]), message: issue.message };
  }
  return null;
}

/**
 * Everyone who will sign, as both parties see it before sending (decision 017); the one a refused
 * send names is marked, with the reason under their card.
 */
export function PlannedSigners({
  contract,
  problem,
}: {
  contract: ContractView;
  problem?: SignerProblem | null;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="planned-signers">
      <Text size="sm" fw={600}>
        {t("contract.plannedSigners")}
      </Text>
      {contract.plannedSigners.map((s, index) => {
        const wrong = problem?.index === index;
        return (
          <Card
            key={`${s.role}-${s.email}`}
            withBorder
            padding="xs"
            radius="sm"
            data-testid="planned-signer"
            data-invalid={wrong || undefined}
            style={wrong ? { borderColor: "var(--mantine-color-error)" } : undefined}
          >
            <Group justify="space-between" gap={4} wrap="wrap">
              <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                {s.nome}
              </Text>
              <Badge
                variant="light"
                color={s.role === "testemunha" || s.role === "fiador" ? "grape" : "gray"}
              >
                {t(`contract.roles.${s.role}`)}
              </Badge>
            </Group>
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {s.email} · CPF {s.cpf}
              {s.parentesco ? ` · ${s.parentesco}` : ""}
            </Text>
            {s.indicadoPor && (
              <Text size="xs" c="dimmed">
                {t(`contract.namedBy.${s.indicadoPor}`)}
              </Text>
            )}
            {wrong && (
              <Text size="xs" c="red" mt={4}>
                {problem.message}
              </Text>
            )}
          </Card>
        );
      })}
    </Stack>
  );
}
