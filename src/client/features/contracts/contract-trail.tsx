import { Card, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { type ContractView, trailWords } from "../../../shared/contracts/contracts";

/** The audit trail, oldest first, in words (never the event's code), with who and from where. */
export function ContractTrail({ events }: { events: ContractView["events"] }) {
  const { t, i18n } = useTranslation();
  return (
    <Card withBorder padding="sm">
      <Text fw={600} mb="xs">
        {t("contract.trail")}
      </Text>
      <Stack gap={4} component="ol" p={0} m={0} style={{ listStyle: "none" }} data-testid="contract-trail">
        {events.map((e, i) => {
          const words = trailWords(e.type);
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: events are append-only and ordered
            <li key={i}>
              <Text size="xs" style={{ overflowWrap: "anywhere" }} data-testid="trail-step">
                <Text span size="xs" c="dimmed">
                  {new Date(e.createdAt).toLocaleString(i18n.language, {
                    dateStyle: "short",
                    timeStyle: "medium",
                  })}
                </Text>{" "}
                · {t(`contract.events.${words.key}`, { provider: words.provider })}
                {e.detail ? ` – ${e.detail}` : ""}
                {e.actor ? ` · ${e.actor}` : ""}
                {e.ip ? ` · IP ${e.ip}` : ""}
              </Text>
            </li>
          );
        })}
      </Stack>
    </Card>
  );
}
