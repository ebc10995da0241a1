import { Badge, Group, Paper, Stack, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ContestView, InspectionItem, ItemState } from "../../../shared/contracts/inspections";
import { formatBRL } from "../../../shared/money";
import { AnswerControls, ReviewControls } from "./item-moves";
import { PhotoStrip } from "./photo-strip";

const STATE_COLOR: Record<ItemState, string> = {
  novo: "teal",
  bom: "green",
  regular: "yellow",
  ruim: "red",
  nao_se_aplica: "gray",
};

/** The entry report's word on an item, shown above the exit's (side by side on a phone: stacked). */
export function AtEntry({ entry, label }: { entry: InspectionItem; label: string }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p={6} bg="var(--mantine-color-default-hover)" data-testid="inspection-at-entry">
      <Group gap={6}>
        <Text size="xs" fw={600}>
          {t("inspection.atEntry")}
        </Text>
        <StateBadge state={entry.estado} />
      </Group>
      {entry.observacao && <Text size="xs">{entry.observacao}</Text>}
      <PhotoStrip ids={entry.fotos} label={`${label} · ${t("inspection.atEntry")}`} />
    </Paper>
  );
}

function StateBadge({ state }: { state: ItemState | null }) {
  const { t } = useTranslation();
  return (
    <Badge color={state ? STATE_COLOR[state] : "gray"} variant="light" size="sm">
      {state ? t(`inspection.states.${state}`) : t("inspection.states.none")}
    </Badge>
  );
}

/**
 * One item as the report says it, with the entry's beside it on an exit report; the tenant's
 * contest and the landlord's answer when there are; and, when it is their turn, the tenant's
 * agree/contest buttons or the landlord's accept/keep.
 */
export function ItemCard({
  reportId,
  item,
  label,
  entry,
  contest,
  agreed,
  turn,
}: {
  reportId: string;
  item: InspectionItem;
  label: string;
  entry?: InspectionItem | undefined;
  contest?: ContestView | undefined;
  agreed: boolean;
  turn: "review" | "answer" | null;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="inspection-item" data-item={item.id}>
      {entry && <AtEntry entry={entry} label={label} />}
      <Group gap={6} justify="space-between" wrap="nowrap">
        <Text size="sm" fw={600}>
          {item.nome}
        </Text>
        <StateBadge state={item.estado} />
      </Group>
      {item.observacao && <Text size="sm">{item.observacao}</Text>}
      <PhotoStrip ids={item.fotos} label={label} />
      {item.dano && (
        <Text size="sm" c="red.9" data-testid="inspection-damage">
          {t("inspection.damageSaid", { what: item.dano.descricao, cost: formatBRL(item.dano.custo) })}
        </Text>
      )}
      {agreed && !contest && (
        <Text size="xs" c="teal.9">
          {t("inspection.agreedItem")}
        </Text>
      )}
      {contest && (
        <Paper withBorder p={8} data-testid="inspection-contest">
          <Text size="xs" fw={600}>
            {t("inspection.contestTitle")}
          </Text>
          {contest.estado && <StateBadge state={contest.estado} />}
          <Text size="sm">{contest.observacao}</Text>
          <PhotoStrip
            ids={contest.fotos.filter((f) => !item.fotos.includes(f))}
            label={`${label} · ${t("inspection.contestTitle")}`}
          />
          {contest.resposta && (
            <Text size="sm" mt={4} fw={500}>
              {contest.resposta.decisao === "aceita"
                ? t("inspection.answerAccepted")
                : t("inspection.answerKept", { reason: contest.resposta.motivo ?? "" })}
            </Text>
          )}
        </Paper>
      )}
      {turn === "review" && (
        <ReviewControls reportId={reportId} item={item} label={label} contest={contest} agreed={agreed} />
      )}
      {turn === "answer" && contest && !contest.resposta && (
        <AnswerControls reportId={reportId} itemId={item.id} />
      )}
    </Stack>
  );
}
