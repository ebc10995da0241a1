import { ActionIcon, Button, Card, Divider, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import type {
  InspectionContent,
  InspectionRoom,
  InspectionView,
} from "../../../shared/contracts/inspections";
import { newItem, removePhoto, updateItem, updateRoom } from "./content";
import { ItemCard } from "./item-card";
import { ItemEditor } from "./item-editor";
import { PhotoStrip } from "./photo-strip";
import { photoFolder } from "./use-report-draft";

export interface Editing {
  content: InspectionContent;
  change: (next: InspectionContent) => void;
  /** A photo taken out of the report is deleted (it was never the lease's). */
  dropPhoto: (id: string) => void;
  userId: string | null;
}

/** A room: its name and wide photos, then its items, edited (the landlord's draft) or read. */
export function RoomCard({
  report,
  room,
  editing,
  turn,
  onRemove,
}: {
  report: InspectionView;
  room: InspectionRoom;
  editing: Editing | null;
  turn: "review" | "answer" | null;
  onRemove?: () => void;
}) {
  const { t } = useTranslation();
  const exit = report.tipo === "saida";
  const entryRoom = report.entrada?.conteudo.comodos.find((r) => r.id === room.id);
  const edit = (change: (r: InspectionRoom) => InspectionRoom) =>
    editing?.change(updateRoom(editing.content, room.id, change));
  const dropPhoto = (id: string) => {
    if (!editing) return;
    editing.change(removePhoto(editing.content, id));
    editing.dropPhoto(id);
  };
  return (
    <Card withBorder padding="sm" data-testid="inspection-room" data-room={room.id}>
      <Stack gap="sm">
        {editing ? (
          <Group gap="xs" wrap="nowrap" align="flex-end">
            <TextInput
              style={{ flex: 1 }}
              label={t("inspection.roomName")}
              value={room.nome}
              maxLength={80}
              onChange={(e) => {
                const nome = e.currentTarget.value;
                edit((r) => ({ ...r, nome }));
              }}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              size="lg"
              aria-label={t("inspection.removeRoom", { name: room.nome })}
              onClick={onRemove}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        ) : (
          <Title order={3} size="h4">
            {room.nome}
          </Title>
        )}
        <Text size="xs" c="dimmed">
          {t("inspection.widePhotos")}
        </Text>
        <PhotoStrip
          ids={room.fotos}
          label={room.nome}
          folder={photoFolder(report.id, room.id)}
          userId={editing?.userId ?? null}
          {...(editing
            ? {
                onAdd: (id: string) =>
                  edit((r) => (r.fotos.includes(id) ? r : { ...r, fotos: [...r.fotos, id] })),
                onRemove: dropPhoto,
              }
            : {})}
        />
        {room.itens.map((item) => (
          <Fragment key={item.id}>
            <Divider />
            {editing ? (
              <ItemEditor
                item={item}
                label={`${room.nome} · ${item.nome}`}
                folder={photoFolder(report.id, item.id)}
                userId={editing.userId}
                exit={exit}
                entry={entryRoom?.itens.find((i) => i.id === item.id)}
                onChange={(change) => editing.change(updateItem(editing.content, item.id, change))}
                onRemove={() => edit((r) => ({ ...r, itens: r.itens.filter((i) => i.id !== item.id) }))}
                onRemovePhoto={dropPhoto}
              />
            ) : (
              <ItemCard
                reportId={report.id}
                item={item}
                label={`${room.nome} · ${item.nome}`}
                entry={entryRoom?.itens.find((i) => i.id === item.id)}
                contest={report.contestacoes[item.id]}
                agreed={report.concordados.includes(item.id)}
                turn={turn}
              />
            )}
          </Fragment>
        ))}
        {editing && (
          <Button
            variant="light"
            size="compact-sm"
            leftSection={<IconPlus size={16} />}
            style={{ alignSelf: "flex-start" }}
            onClick={() => edit((r) => ({ ...r, itens: [...r.itens, newItem(t("inspection.newItem"))] }))}
          >
            {t("inspection.addItem")}
          </Button>
        )}
      </Stack>
    </Card>
  );
}
