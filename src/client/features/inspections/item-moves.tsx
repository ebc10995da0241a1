import { Button, Chip, Group, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ContestView,
  type InspectionItem,
  ITEM_STATES,
  type ItemState,
} from "../../../shared/contracts/inspections";
import { useAuth } from "../../app/auth";
import { useErrorText } from "../../lib/error-text";
import { useAnswerContest, useReviewItem } from "./api";
import { PhotoStrip } from "./photo-strip";
import { photoFolder } from "./use-report-draft";

/** The tenant's word on one item: "Concordo", or a contest with their state, note and photos. */
export function ReviewControls({
  reportId,
  item,
  label,
  contest,
  agreed,
}: {
  reportId: string;
  item: InspectionItem;
  label: string;
  contest: ContestView | undefined;
  agreed: boolean;
}) {
  const { t } = useTranslation();
  const { state } = useAuth();
  const user = state.status === "signed-in" ? state.user : null;
  const errors = useErrorText();
  const review = useReviewItem(reportId);
  const [open, setOpen] = useState(false);
  const [estado, setEstado] = useState<ItemState | null>(contest?.estado ?? null);
  const [observacao, setObservacao] = useState(contest?.observacao ?? "");
  const [fotos, setFotos] = useState<string[]>(contest?.fotos ?? []);

  if (!open)
    return (
      <Stack gap={4}>
        <Group gap="xs">
          <Button
            size="compact-sm"
            // The chosen one filled (the primary colour passes contrast); the other plain.
            variant={agreed ? "filled" : "default"}
            loading={review.isPending && review.variables?.body.decisao === "concorda"}
            onClick={() => review.mutate({ itemId: item.id, body: { decisao: "concorda" } })}
          >
            {t("inspection.agree")}
          </Button>
          <Button size="compact-sm" variant={contest ? "filled" : "default"} onClick={() => setOpen(true)}>
            {contest ? t("inspection.editContest") : t("inspection.contest")}
          </Button>
        </Group>
        {review.error && (
          <Text size="sm" c="red" role="alert">
            {errors.message(review.error)}
          </Text>
        )}
      </Stack>
    );

  return (
    <Stack gap={6} p={8} style={{ border: "1px solid var(--mantine-color-orange-4)", borderRadius: 8 }}>
      <Text size="sm" fw={600}>
        {t("inspection.contestLead", { name: item.nome })}
      </Text>
      <Chip.Group
        multiple={false}
        value={estado ?? ""}
        onChange={(v) => setEstado((v || null) as ItemState | null)}
      >
        <Group gap={6} role="radiogroup" aria-label={t("inspection.contestState")}>
          {ITEM_STATES.map((s) => (
            <Chip key={s} value={s} size="xs" type="radio">
              {t(`inspection.states.${s}`)}
            </Chip>
          ))}
        </Group>
      </Chip.Group>
      <Textarea
        autosize
        minRows={2}
        maxLength={2000}
        label={t("inspection.contestNote")}
        value={observacao}
        onChange={(e) => setObservacao(e.currentTarget.value)}
      />
      <PhotoStrip
        ids={fotos}
        label={`${label} · ${t("inspection.contestTitle")}`}
        folder={photoFolder(reportId, `contestacao-${item.id}`)}
        userId={user?.id ?? null}
        onAdd={(id) => setFotos((list) => [...list, id])}
        onRemove={(id) => setFotos((list) => list.filter((x) => x !== id))}
      />
      {review.error && (
        <Text size="sm" c="red" role="alert">
          {errors.message(review.error)}
        </Text>
      )}
      <Group gap="xs">
        <Button
          size="sm"
          loading={review.isPending}
          onClick={() =>
            review.mutate(
              { itemId: item.id, body: { decisao: "contesta", estado, observacao, fotos } },
              { onSuccess: () => setOpen(false) },
            )
          }
        >
          {t("inspection.saveContest")}
        </Button>
        <Button size="sm" variant="subtle" onClick={() => setOpen(false)}>
          {t("inspection.cancel")}
        </Button>
      </Group>
    </Stack>
  );
}

/** The landlord's answer to a contest: take the tenant's version, or keep theirs saying why. */
export function AnswerControls({ reportId, itemId }: { reportId: string; itemId: string }) {
  const { t } = useTranslation();
  const errors = useErrorText();
  const answer = useAnswerContest(reportId);
  const [keeping, setKeeping] = useState(false);
  const [motivo, setMotivo] = useState("");
  return (
    <Stack gap={6}>
      {keeping ? (
        <>
          <Textarea
            autosize
            minRows={2}
            maxLength={2000}
            label={t("inspection.keepReason")}
            value={motivo}
            onChange={(e) => setMotivo(e.currentTarget.value)}
          />
          <Group gap="xs">
            <Button
              size="sm"
              loading={answer.isPending}
              onClick={() => answer.mutate({ itemId, body: { decisao: "mantem", motivo } })}
            >
              {t("inspection.keepConfirm")}
            </Button>
            <Button size="sm" variant="subtle" onClick={() => setKeeping(false)}>
              {t("inspection.cancel")}
            </Button>
          </Group>
        </>
      ) : (
        <Group gap="xs">
          <Button
            size="compact-sm"
            loading={answer.isPending}
            onClick={() => answer.mutate({ itemId, body: { decisao: "aceita" } })}
          >
            {t("inspection.accept")}
          </Button>
          <Button size="compact-sm" variant="default" onClick={() => setKeeping(true)}>
            {t("inspection.keep")}
          </Button>
        </Group>
      )}
      {answer.error && (
        <Text size="sm" c="red" role="alert">
          {errors.message(answer.error)}
        </Text>
      )}
    </Stack>
  );
}
