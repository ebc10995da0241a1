import {
  ActionIcon,
  Chip,
  Group,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { type InspectionItem, ITEM_STATES, type ItemState } from "../../../shared/contracts/inspections";
import { reaisToCentavos, toReais } from "../../../shared/money";
import { AtEntry } from "./item-card";
import { PhotoStrip } from "./photo-strip";

/**
 * One item as the landlord grades it: its name, its state (chips that wrap on a phone), a note,
 * close-up photos and, on the exit report, damage beyond normal wear with its cost.
 */
export function ItemEditor({
  item,
  label,
  folder,
  userId,
  exit,
  entry,
  onChange,
  onRemove,
  onRemovePhoto,
}: {
  item: InspectionItem;
  label: string;
  folder: string;
  userId: string | null;
  exit: boolean;
  /** On an exit report, the entry's word on this item, shown above. */
  entry?: InspectionItem | undefined;
  onChange: (next: (item: InspectionItem) => InspectionItem) => void;
  onRemove: () => void;
  onRemovePhoto: (id: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="inspection-item" data-item={item.id}>
      {entry && <AtEntry entry={entry} label={label} />}
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          style={{ flex: 1 }}
          size="sm"
          label={t("inspection.itemName")}
          value={item.nome}
          maxLength={80}
          onChange={(e) => {
            const nome = e.currentTarget.value;
            onChange((i) => ({ ...i, nome }));
          }}
        />
        <ActionIcon
          variant="subtle"
          color="red"
          size="lg"
          aria-label={t("inspection.removeItem", { name: item.nome })}
          onClick={onRemove}
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Group>
      <Chip.Group
        multiple={false}
        value={item.estado ?? ""}
        onChange={(v) => onChange((i) => ({ ...i, estado: (v || null) as ItemState | null }))}
      >
        <Group gap={6} role="radiogroup" aria-label={t("inspection.stateOf", { name: item.nome })}>
          {ITEM_STATES.map((s) => (
            <Chip key={s} value={s} size="xs" type="radio">
              {t(`inspection.states.${s}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      {item.estado === null && (
        <Text size="xs" c="red.9">
          {t("inspection.noState")}
        </Text>
      )}
      <Textarea
        size="sm"
        autosize
        minRows={1}
        maxLength={2000}
        label={t("inspection.note")}
        value={item.observacao}
        onChange={(e) => {
          const observacao = e.currentTarget.value;
          onChange((i) => ({ ...i, observacao }));
        }}
      />
      <PhotoStrip
        ids={item.fotos}
        label={label}
        folder={folder}
        userId={userId}
        onAdd={(id) => onChange((i) => (i.fotos.includes(id) ? i : { ...i, fotos: [...i.fotos, id] }))}
        onRemove={onRemovePhoto}
      />
      {exit && (
        <Stack gap={4}>
          <Switch
            label={t("inspection.damage")}
            checked={item.dano !== null}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              onChange((i) => ({ ...i, dano: on ? { descricao: "", custo: 0 } : null }));
            }}
          />
          {item.dano && (
            // Stacked: side by side, a description cut off at 390 px (the e2e's clipping check).
            <Stack gap={4}>
              <Textarea
                size="sm"
                autosize
                minRows={1}
                label={t("inspection.damageWhat")}
                value={item.dano.descricao}
                maxLength={2000}
                onChange={(e) => {
                  const descricao = e.currentTarget.value;
                  onChange((i) => ({ ...i, dano: { custo: i.dano?.custo ?? 0, descricao } }));
                }}
              />
              <NumberInput
                // As components/money-input writes an amount (its own import would split a shared chunk
                // and put AprovarProposta over its budget; decision 026).
                decimalSeparator=","
                thousandSeparator="."
                allowedDecimalSeparators={[","]}
                decimalScale={2}
                prefix="R$ "
                min={0}
                allowNegative={false}
                inputMode="decimal"
                size="sm"
                label={t("inspection.damageCost")}
                value={toReais(item.dano.custo)}
                onChange={(reais) =>
                  onChange((i) => ({
                    ...i,
                    dano: {
                      descricao: i.dano?.descricao ?? "",
                      custo: reais === "" ? 0 : reaisToCentavos(Number(reais)),
                    },
                  }))
                }
              />
            </Stack>
          )}
        </Stack>
      )}
    </Stack>
  );
}
