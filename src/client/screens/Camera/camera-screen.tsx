import { Alert, Button, Container, Group, Select, Stack, Text } from "@mantine/core";
import { IconFileTypePdf } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { type DocumentKind, documentKind } from "../../../shared/contracts/storage";
import { PageHeader } from "../../components/page-header";
import { UploadProgress, useRevealed } from "../../components/upload-progress";
import { flowParams } from "../../features/storage/destination";
import { handOffPages } from "../../features/storage/handoff";
import { useCamera } from "../../lib/use-camera";
import { PageGrid } from "./page-grid";
import { usePages } from "./use-pages";
import { useSaveDocument } from "./use-save-document";
import { Viewfinder } from "./viewfinder";

/**
 * /Camera: photograph a document with the device camera (the rear one on phones), several pages
 * in a row, retake any, and save it as one document (a JPEG, or a PDF for several pages).
 * `?tipo=` the kind, `?destino=` where to return with `documento=ID`, `?substitui=` the document
 * it replaces. Without a camera, photos can be picked instead.
 */
export function CameraScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const flow = flowParams(search);
  const camera = useCamera();
  const { pages, retaking, addCapture, addFiles, remove, toggleRetake } = usePages();
  const { save, saving, saveError, task } = useSaveDocument(flow);
  const [kind, setKind] = useState<DocumentKind>(() =>
    documentKind.catch("outro").parse(flow.kind ?? "outro"),
  );

  const capture = async () => {
    const blob = await camera.capture();
    if (blob) addCapture(blob);
  };
  // Convert takes the pages over to crop, turn and reorder them, with the same flow.
  const adjust = () => {
    handOffPages(pages);
    void navigate(`/Convert?${search.toString()}`);
  };

  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <PageHeader title={t("camera.title")} lead={t("camera.lead")} />
        <Select
          label={t("camera.kindLabel")}
          data={documentKind.options
            .filter((k) => k !== "contrato")
            .map((k) => ({ value: k, label: t(`documents.kinds.${k}`) }))}
          value={kind}
          allowDeselect={false}
          onChange={(v) => v && setKind(v as DocumentKind)}
          disabled={saving}
        />
        <Viewfinder
          camera={camera}
          retaking={retaking}
          saving={saving}
          onCapture={() => void capture()}
          onFiles={addFiles}
        />
        <Text fw={600}>{t("camera.pages", { count: pages.length })}</Text>
        <PageGrid
          pages={pages}
          retaking={retaking}
          canRetake={camera.problem === null}
          saving={saving}
          onRetake={toggleRetake}
          onRemove={remove}
        />
        {task && <UploadProgress task={task} />}
        {saveError && <SaveFailure text={saveError} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={adjust} disabled={pages.length === 0 || saving}>
            {t("camera.adjust")}
          </Button>
          <Button
            onClick={() => void save(pages, kind)}
            loading={saving}
            disabled={pages.length === 0}
            leftSection={pages.length > 1 ? <IconFileTypePdf size={16} /> : undefined}
          >
            {pages.length > 1 ? t("camera.saveAsPdf") : t("camera.save")}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}

/** Why the document was not saved: announced, and brought into view above the buttons. */
function SaveFailure({ text }: { text: string }) {
  const ref = useRevealed<HTMLDivElement>(true);
  return (
    <Alert ref={ref} color="red" role="alert">
      {text}
    </Alert>
  );
}
