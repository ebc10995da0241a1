import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Container,
  FileButton,
  Group,
  Progress,
  SimpleGrid,
  Stack,
  Text,
} from "@mantine/core";
import { IconCamera, IconPhoto } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router";
import { type ConvertFields, convertFields, documentKind } from "../../../shared/contracts/storage";
import { useAuth } from "../../app/auth";
import { SelectField } from "../../components/fields/select-field";
import { TextField } from "../../components/fields/text-fields";
import { PageHeader } from "../../components/page-header";
import { UploadProgress } from "../../components/upload-progress";
import { flowParams, returnPath } from "../../features/storage/destination";
import { takeHandedOffPages } from "../../features/storage/handoff";
import { imagesToPdf, isAcceptedImage, newPage, type PageImage } from "../../features/storage/image-tools";
import { PageTile } from "../../features/storage/page-tile";
import { formatBytes } from "../../lib/format";
import { logger } from "../../lib/logger";
import { usageQuery } from "../../lib/storage-queries";
import { useSingleUpload, useUploadTask } from "../../lib/use-upload";

/**
 * /Convert: images picked here or photographed in /Camera, ordered and turned, combined into one
 * PDF in the browser (large photos shrunk), and saved as a document.
 * Over 150 lines on purpose: the pages, the PDF being built and its upload are one sequence whose
 * state (busy, building, problem) disables every control at once; each page is a PageTile.
 */
export function ConvertScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { state } = useAuth();
  const [search] = useSearchParams();
  const flow = flowParams(search);
  const [pages, setPages] = useState<PageImage[]>(() => takeHandedOffPages());
  const form = useForm<ConvertFields>({
    resolver: zodResolver(convertFields),
    defaultValues: (() => {
      const kind = documentKind.catch("outro").parse(flow.kind ?? "outro");
      return { kind, name: t(`documents.kinds.${kind}`) };
    })(),
  });
  const [skipped, setSkipped] = useState<string[]>([]);
  const [building, setBuilding] = useState<{ page: number; pages: number } | null>(null);
  const { task, problem, setProblem, start } = useSingleUpload();
  const usage = useQuery(usageQuery());
  const upload = useUploadTask(task);
  const busy =
    building !== null || (upload !== null && upload.state !== "error" && upload.state !== "canceled");

  function add(files: File[]) {
    setSkipped(files.filter((f) => !isAcceptedImage(f)).map((f) => f.name));
    setPages((current) => [...current, ...files.filter(isAcceptedImage).map((f) => newPage(f, f.name))]);
  }

  function move(index: number, by: -1 | 1) {
    setPages((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });
  }

  function rotate(id: string) {
    setPages((current) =>
      current.map((p) => (p.id === id ? { ...p, rotation: (p.rotation + 90) % 360 } : p)),
    );
  }

  const build = form.handleSubmit(async ({ name, kind }) => {
    if (state.status !== "signed-in" || pages.length === 0) return;
    setProblem(null);
    setBuilding({ page: 0, pages: pages.length });
    let pdf: Blob;
    try {
      pdf = await imagesToPdf(pages, (page, total) => setBuilding({ page, pages: total }), name);
    } catch (e) {
      logger.warn("could not build the PDF", e);
      const unreadable = pages.find((p) => p.blob.size === 0);
      setProblem(unreadable ? t("convert.unreadable", { name: unreadable.name }) : t("convert.buildFailed"));
      setBuilding(null);
      return;
    }
    setBuilding(null);
    const max = usage.data?.maxFileSize;
    if (max && pdf.size > max) {
      setProblem(
        t("convert.tooLarge", {
          size: formatBytes(pdf.size, i18n.language),
          max: formatBytes(max, i18n.language),
        }),
      );
      return;
    }
    const fileName = `${name.trim() || t("convert.fileNameDefault")}.pdf`.replace(/[/\\]/g, "-");
    const doc = await start(
      pdf,
      {
        filename: fileName,
        kind,
        folder: flow.folder ?? (flow.destino ? "perfil" : "convertidos"),
        ...(flow.replaces ? { replaces: flow.replaces } : {}),
      },
      state.user.id,
    );
    if (doc) void navigate(returnPath(flow.destino, doc.id) ?? `/ViewDocument?id=${doc.id}`);
  });

  const estimate = pages.reduce((sum, p) => sum + Math.min(p.blob.size, 900_000), 0);
  return (
    <Container size="sm" py="lg">
      <Stack gap="md">
        <PageHeader title={t("convert.title")} lead={t("convert.lead")} />
        <Group>
          <FileButton onChange={add} accept="image/jpeg,image/png,image/webp" multiple disabled={busy}>
            {(props) => (
              <Button {...props} leftSection={<IconPhoto size={16} />} data-testid="convert-pick">
                {t("convert.pick")}
              </Button>
            )}
          </FileButton>
          <Button
            component={Link}
            to={`/Camera?${search.toString()}`}
            variant="default"
            leftSection={<IconCamera size={16} />}
          >
            {t("convert.camera")}
          </Button>
        </Group>
        {skipped.map((n) => (
          <Alert key={n} color="yellow" variant="light">
            {t("convert.notImage", { name: n })}
          </Alert>
        ))}
        {pages.length === 0 ? (
          <Text c="dimmed">{t("convert.empty")}</Text>
        ) : (
          <Stack gap="xs" data-testid="convert-pages">
            {pages.map((page, i) => (
              <PageTile
                key={page.id}
                page={page}
                index={i}
                count={pages.length}
                disabled={busy}
                onMove={(by) => move(i, by)}
                onRotate={() => rotate(page.id)}
                onRemove={() => setPages((current) => current.filter((p) => p.id !== page.id))}
              />
            ))}
            <Text size="xs" c="dimmed">
              {t("convert.summary", { count: pages.length, size: formatBytes(estimate, i18n.language) })}
            </Text>
          </Stack>
        )}
        {/* One field a row on a phone: side by side they cut the name and the type short. */}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextField
            control={form.control}
            name="name"
            label={t("convert.fileName")}
            maxLength={150}
            disabled={busy}
          />
          <SelectField
            control={form.control}
            name="kind"
            label={t("camera.kindLabel")}
            data={documentKind.options
              .filter((k) => k !== "contrato")
              .map((k) => ({ value: k, label: t(`documents.kinds.${k}`) }))}
            allowDeselect={false}
            disabled={busy}
          />
        </SimpleGrid>
        {building && (
          <Stack gap={4} role="status">
            <Text size="sm">{t("convert.building", { page: building.page, pages: building.pages })}</Text>
            <Progress value={(building.page / Math.max(1, building.pages)) * 100} animated />
          </Stack>
        )}
        {task && <UploadProgress task={task} />}
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button
            onClick={() => void build()}
            disabled={pages.length === 0 || busy}
            loading={building !== null}
          >
            {t("convert.build")}
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
