import { ActionIcon, Button, Card, Group, NumberInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { type InspectionContent, METER_KINDS } from "../../../shared/contracts/inspections";
import { addPhoto, removePhoto } from "./content";
import { PhotoStrip } from "./photo-strip";
import type { Editing } from "./room-card";
import { photoFolder } from "./use-report-draft";

/** The meters' readings (água, luz, gás), each with its photo, and the keys handed over. */
export function MetersAndKeys({
  reportId,
  content,
  editing,
}: {
  reportId: string;
  content: InspectionContent;
  editing: Editing | null;
}) {
  const { t } = useTranslation();
  const set = (next: InspectionContent) => editing?.change(next);
  const missing = METER_KINDS.filter((k) => !content.medidores.some((m) => m.tipo === k));
  return (
    <Card withBorder padding="sm" data-testid="inspection-meters">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("inspection.meters")}
        </Title>
        {content.medidores.map((m) => (
          <Stack key={m.tipo} gap={4}>
            {editing ? (
              <TextInput
                label={t(`inspection.meter.${m.tipo}`)}
                value={m.leitura}
                maxLength={40}
                inputMode="decimal"
                onChange={(e) => {
                  const leitura = e.currentTarget.value;
                  set({
                    ...content,
                    medidores: content.medidores.map((x) => (x.tipo === m.tipo ? { ...x, leitura } : x)),
                  });
                }}
              />
            ) : (
              <Text size="sm">
                {t(`inspection.meter.${m.tipo}`)}: {m.leitura || "—"}
              </Text>
            )}
            <PhotoStrip
              ids={m.foto ? [m.foto] : []}
              label={t(`inspection.meter.${m.tipo}`)}
              max={1}
              folder={photoFolder(reportId, `medidor-${m.tipo}`)}
              userId={editing?.userId ?? null}
              {...(editing
                ? {
                    onAdd: (id: string) => set(addPhoto(content, `medidor-${m.tipo}`, id)),
                    onRemove: (id: string) => {
                      set(removePhoto(content, id));
                      editing.dropPhoto(id);
                    },
                  }
                : {})}
            />
          </Stack>
        ))}
        {editing &&
          missing.map((k) => (
            <Button
              key={k}
              variant="subtle"
              size="compact-sm"
              leftSection={<IconPlus size={16} />}
              style={{ alignSelf: "flex-start" }}
              onClick={() =>
                set({ ...content, medidores: [...content.medidores, { tipo: k, leitura: "", foto: null }] })
              }
            >
              {t("inspection.addMeter", { name: t(`inspection.meter.${k}`) })}
            </Button>
          ))}
        <Title order={3} size="h4">
          {t("inspection.keys")}
        </Title>
        {content.chaves.length === 0 && !editing && <Text size="sm">{t("inspection.noKeys")}</Text>}
        {content.chaves.map((k, n) =>
          editing ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a key row has no id; rows are only appended or removed.
            <Group key={n} gap="xs" wrap="nowrap" align="flex-end">
              <TextInput
                style={{ flex: 1 }}
                label={t("inspection.keyWhat")}
                value={k.descricao}
                maxLength={80}
                onChange={(e) => {
                  const descricao = e.currentTarget.value;
                  set({
                    ...content,
                    chaves: content.chaves.map((x, i) => (i === n ? { ...x, descricao } : x)),
                  });
                }}
              />
              <NumberInput
                w={80}
                label={t("inspection.keyCount")}
                min={1}
                max={99}
                allowDecimal={false}
                value={k.quantidade}
                onChange={(v) => {
                  const quantidade = typeof v === "number" ? v : 1;
                  set({
                    ...content,
                    chaves: content.chaves.map((x, i) => (i === n ? { ...x, quantidade } : x)),
                  });
                }}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                size="lg"
                aria-label={t("inspection.removeKey", { name: k.descricao })}
                onClick={() => set({ ...content, chaves: content.chaves.filter((_, i) => i !== n) })}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <Text key={n} size="sm">
              {k.quantidade} × {k.descricao}
            </Text>
          ),
        )}
        {editing && (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={16} />}
            style={{ alignSelf: "flex-start" }}
            onClick={() =>
              set({
                ...content,
                chaves: [...content.chaves, { descricao: t("inspection.newKey"), quantidade: 1 }],
              })
            }
          >
            {t("inspection.addKey")}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
