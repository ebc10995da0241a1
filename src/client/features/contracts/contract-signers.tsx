import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useTranslation } from "react-i18next";
import type { ContractView } from "../../../shared/contracts/contracts";
import { useErrorText } from "../../lib/error-text";
import { useResendToSigner } from "./api/contracts";

function Resend({ contract, signerId }: { contract: ContractView; signerId: string }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const resend = useResendToSigner(contract.id);
  const send = () =>
    resend.mutate(signerId, {
      onSuccess: () => notifications.show({ color: "teal", message: t("contract.resent") }),
      onError: (e) => notifications.show({ color: "red", message: err.message(e) }),
    });
  return (
    <Button size="compact-xs" variant="subtle" loading={resend.isPending} onClick={send}>
      {t("contract.resend")}
    </Button>
  );
}

/** Each signer's status once sent; the landlord sends a fresh link to one who has not signed. */
export function ContractSigners({ contract: c }: { contract: ContractView }) {
  const { t, i18n } = useTranslation();
  if (c.signers.length === 0) return null;
  return (
    <Card withBorder padding="sm">
      <Text fw={600} mb="xs">
        {t("contract.signers")}
      </Text>
      {/* One block per signer, its words wrapping: a table squashed the badges on a phone. */}
      <Stack gap={0} component="ul" p={0} m={0} style={{ listStyle: "none" }} data-testid="contract-signers">
        {c.signers.map((s, index) => (
          <li key={s.id} data-testid="contract-signer">
            <Stack
              gap={4}
              py="xs"
              style={index > 0 ? { borderTop: "1px solid var(--mantine-color-default-border)" } : undefined}
            >
              <Group gap="xs" justify="space-between" wrap="wrap">
                <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
                  {s.nome}
                </Text>
                <Group gap={4} wrap="wrap">
                  <Badge
                    variant="light"
                    color={s.status === "assinado" ? "teal" : s.status === "recusado" ? "red" : "gray"}
                    style={{ flexShrink: 0 }}
                  >
                    {t(`contract.signerStatus.${s.status}`)}
                  </Badge>
                  {s.blocked && (
                    <Badge variant="light" color="red" style={{ flexShrink: 0 }}>
                      {t("contract.blocked")}
                    </Badge>
                  )}
                </Group>
              </Group>
              <Text size="xs" c="dimmed">
                {t(`contract.roles.${s.role}`)}
                {s.signedAt
                  ? ` · ${new Date(s.signedAt).toLocaleString(i18n.language, {
                      dateStyle: "short",
                      timeStyle: "short",
                    })}`
                  : s.motivo
                    ? ` · ${s.motivo}`
                    : ""}
              </Text>
              {c.role === "landlord" &&
                c.status === "enviado" &&
                !s.blocked &&
                (s.status === "pendente" || s.status === "visualizado") && (
                  <Group>
                    <Resend contract={c} signerId={s.id} />
                  </Group>
                )}
            </Stack>
          </li>
        ))}
      </Stack>
    </Card>
  );
}
