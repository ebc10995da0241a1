import {
  ActionIcon,
  Alert,
  AspectRatio,
  Box,
  Button,
  Card,
  Container,
  FileButton,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Tooltip,
} from "@mantine/core";
import {
  IconCamera,
  IconCameraRotate,
  IconFileTypePdf,
  IconPhoto,
  IconRefresh,
  IconTrash,
} from "@tabler/icons-react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { type DocumentKind, documentKind } from "../../../shared/contracts/storage";
import { useAuth } from "../../app/auth";
import { PageHeader } from "../../components/page-header";
import { UploadProgress, useRevealed } from "../../components/upload-progress";
import { BlobImage } from "../../features/storage/blob-image";
import { flowParams, returnPath } from "../../features/storage/destination";
import { handOffPages } from "../../features/storage/handoff";
import { imagesToPdf, isAcceptedImage, newPage, type PageImage } from "../../features/storage/image-tools";
import { logger } from "../../lib/logger";
import { type UploadTask, uploadFile } from "../../lib/storage";
import { storageErrorText } from "../../lib/storage-error-text";

type CameraProblem = "denied" | "absent" | "failed" | null;

function problemOf(err: unknown): CameraProblem {
  const name = (err as DOMException)?.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "TypeError") return "absent";
  return "failed";
}

/**
 * /Camera: photograph a document with the device camera (the rear one on phones), several pages
 * in a row, retake any, and save it as one document (a JPEG, or a PDF for several pages).
 * `?tipo=` the kind, `?destino=` where to return with `documento=ID`, `?substitui=` the document
 * it replaces. Without a camera, photos can be picked instead.
 */
export function CameraScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useAuth();
  const [search] = useSearchParams();
  const flow = flowParams(search);
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<CameraProblem>(null);
  const [starting, setStarting] = useState(true);
  const [facing, setFacing] = useState<"environment" | "user">("environment");
  const [pages, setPages] = useState<PageImage[]>([]);
  const [retaking, setRetaking] = useState<number | null>(null);
  const [kind, setKind] = useState<DocumentKind>(() =>
    documentKind.catch("outro").parse(flow.kind ?? "outro"),
  );
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [task, setTask] = useState<UploadTask | null>(null);

  useEffect(() => {
    let alive = true;
    let current: MediaStream | null = null;
    setStarting(true);
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem("absent");
      setStarting(false);
      return;
    }
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      })
      .then(
        (s) => {
          if (!alive) {
            for (const track of s.getTracks()) track.stop();
            return;
          }
          current = s;
          setStream(s);
        },
        (err: unknown) => {
          logger.warn("camera unavailable", err);
          if (alive) setProblem(problemOf(err));
        },
      )
      .finally(() => alive && setStarting(false));
    return () => {
      alive = false;
      for (const track of current?.getTracks() ?? []) track.stop();
      setStream(null);
    };
  }, [facing]);

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => undefined);
    }
  }, [stream]);

  const capture = useCallback(async () => {
    const el = video.current;
    if (!el || el.videoWidth === 0) return;
    const canvas = document.createElement("canvas");
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    canvas.getContext("2d")?.drawImage(el, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.92));
    if (!blob) return;
    setPages((current) => {
      const page = newPage(blob, `pagina-${Date.now()}.jpg`);
      if (retaking !== null && current[retaking]) return current.map((p, i) => (i === retaking ? page : p));
      return [...current, page];
    });
    setRetaking(null);
  }, [retaking]);

  function addFiles(files: File[]) {
    const images = files.filter(isAcceptedImage);
    setPages((current) => [...current, ...images.map((f) => newPage(f, f.name))]);
  }

  async function save() {
    if (state.status !== "signed-in" || pages.length === 0) return;
    setSaving(true);
    setSaveError(null);
    try {
      const label = t(`documents.kinds.${kind}`);
      const first = pages[0];
      const single = pages.length === 1 && first && first.blob.type === "image/jpeg";
      const file = single ? first.blob : await imagesToPdf(pages, undefined, label);
      const stamp = new Date().toISOString().slice(0, 10);
      const name = `${label} ${stamp}${single ? ".jpg" : ".pdf"}`.replace(/[/\\]/g, "-");
      const started = uploadFile(
        file,
        {
          filename: name,
          kind,
          folder: flow.folder ?? (flow.destino ? "perfil" : "camera"),
          ...(flow.replaces ? { replaces: flow.replaces } : {}),
        },
        state.user.id,
      );
      setTask(started);
      const doc = await started.done;
      void navigate(returnPath(flow.destino, doc.id) ?? `/ViewDocument?id=${doc.id}`);
    } catch (err) {
      logger.warn("camera save failed", err);
      if ((err as { code?: string }).code !== "canceled")
        setSaveError(storageErrorText(err, t, "convert.buildFailed"));
    } finally {
      setSaving(false);
    }
  }

  function adjust() {
    handOffPages(pages);
    void navigate(`/Convert?${search.toString()}`);
  }

  const noCamera = problem !== null;
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
        {noCamera ? (
          <Alert color="orange" role="alert" data-testid="camera-problem">
            <Stack gap="sm">
              <Text size="sm">{t(`camera.${problem}`)}</Text>
              <FileButton onChange={addFiles} accept="image/jpeg,image/png,image/webp" multiple>
                {(props) => (
                  <Button {...props} leftSection={<IconPhoto size={16} />} variant="light" w="fit-content">
                    {t("camera.pickFiles")}
                  </Button>
                )}
              </FileButton>
            </Stack>
          </Alert>
        ) : (
          <Card withBorder padding={0}>
            <AspectRatio ratio={4 / 3}>
              <Box bg="dark.7" pos="relative">
                {starting && (
                  <Loader
                    color="white"
                    pos="absolute"
                    top="45%"
                    left="45%"
                    aria-label={t("camera.starting")}
                  />
                )}
                <video
                  ref={video}
                  playsInline
                  muted
                  autoPlay
                  data-testid="camera-video"
                  style={{ width: "100%", height: "100%", objectFit: "contain" }}
                />
              </Box>
            </AspectRatio>
            <Group p="sm" justify="space-between">
              <Tooltip label={t("camera.switchCamera")}>
                <ActionIcon
                  variant="default"
                  size="lg"
                  aria-label={t("camera.switchCamera")}
                  onClick={() => setFacing((f) => (f === "environment" ? "user" : "environment"))}
                  disabled={!stream}
                >
                  <IconCameraRotate size={20} />
                </ActionIcon>
              </Tooltip>
              <Button
                size="md"
                leftSection={<IconCamera size={20} />}
                onClick={() => void capture()}
                disabled={!stream || saving}
              >
                {retaking !== null ? t("camera.retaking", { page: retaking + 1 }) : t("camera.capture")}
              </Button>
              <FileButton onChange={addFiles} accept="image/jpeg,image/png,image/webp" multiple>
                {(props) => (
                  <Tooltip label={t("camera.pickFiles")}>
                    <ActionIcon {...props} variant="default" size="lg" aria-label={t("camera.pickFiles")}>
                      <IconPhoto size={20} />
                    </ActionIcon>
                  </Tooltip>
                )}
              </FileButton>
            </Group>
          </Card>
        )}

        <Text fw={600}>{t("camera.pages", { count: pages.length })}</Text>
        {pages.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t("camera.noPages")}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm" data-testid="camera-pages">
            {pages.map((page, i) => (
              <Card key={page.id} withBorder padding={4}>
                <BlobImage
                  blob={page.blob}
                  alt={t("camera.pageAlt", { page: i + 1 })}
                  radius="sm"
                  fit="contain"
                  h={120}
                  bg="gray.1"
                />
                <Group justify="center" gap={4} mt={4}>
                  <Tooltip label={t("camera.retake")}>
                    <ActionIcon
                      variant={retaking === i ? "filled" : "subtle"}
                      aria-label={`${t("camera.retake")} ${i + 1}`}
                      onClick={() => setRetaking(retaking === i ? null : i)}
                      disabled={noCamera || saving}
                    >
                      <IconRefresh size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label={t("camera.remove")}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`${t("camera.remove")} ${i + 1}`}
                      onClick={() => {
                        setPages((current) => current.filter((p) => p.id !== page.id));
                        setRetaking(null);
                      }}
                      disabled={saving}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        )}

        {task && <UploadProgress task={task} />}
        {saveError && <SaveFailure text={saveError} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={adjust} disabled={pages.length === 0 || saving}>
            {t("camera.adjust")}
          </Button>
          <Button
            onClick={() => void save()}
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
