import { Alert, Box, Group, Loader, Text } from "@mantine/core";
import { useElementSize } from "@mantine/hooks";
import { IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from "pdfjs-dist";
import workerUrl from "pdfjs-dist/build/pdf.worker.min.mjs?url";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { logger } from "../lib/logger";
import { ViewerButton, ZoomControls } from "./viewer-controls";

/**
 * pdf.js (100 KiB Brotli) comes when a document is first drawn, not with the screen: the screen's
 * frame, its title and actions show while it arrives (issue 18).
 */
async function loadPdfJs() {
  const pdfjs = await import("pdfjs-dist");
  pdfjs.GlobalWorkerOptions.workerSrc = workerUrl;
  return pdfjs;
}

const ZOOMS = [0.5, 0.75, 1, 1.25, 1.5, 2, 3];

/** A PDF drawn page by page with pdf.js: page through it, zoom, fit to width. */
export function PdfView({ url }: { url: string }) {
  const { t } = useTranslation();
  const { ref: frame, width } = useElementSize();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [failed, setFailed] = useState(false);
  const [page, setPage] = useState(1);
  const [zoom, setZoom] = useState(1);
  const [rendered, setRendered] = useState(0);

  useEffect(() => {
    let task: PDFDocumentLoadingTask | null = null;
    let alive = true;
    loadPdfJs()
      .then(({ getDocument }) => {
        if (!alive) return null;
        task = getDocument({ url, isEvalSupported: false });
        return task.promise;
      })
      .then(
        (doc) => alive && doc && setPdf(doc),
        (err: unknown) => {
          logger.warn("pdf.js could not open the document", err);
          if (alive) setFailed(true);
        },
      );
    return () => {
      alive = false;
      void task?.destroy();
    };
  }, [url]);

  useEffect(() => {
    if (!pdf || !canvas.current || width <= 0) return;
    let render: RenderTask | null = null;
    let alive = true;
    void pdf.getPage(page).then((p) => {
      if (!alive || !canvas.current) return;
      const base = p.getViewport({ scale: 1 });
      const scale = (width / base.width) * zoom;
      const ratio = window.devicePixelRatio || 1;
      const viewport = p.getViewport({ scale: scale * ratio });
      const el = canvas.current;
      el.width = Math.floor(viewport.width);
      el.height = Math.floor(viewport.height);
      el.style.width = `${Math.floor(viewport.width / ratio)}px`;
      el.style.height = `${Math.floor(viewport.height / ratio)}px`;
      render = p.render({ canvas: el, viewport });
      render.promise.then(
        () => alive && setRendered(page),
        (err: unknown) => {
          if ((err as Error)?.name !== "RenderingCancelledException") {
            logger.warn("pdf.js could not draw a page", err);
            if (alive) setFailed(true);
          }
        },
      );
    });
    return () => {
      alive = false;
      render?.cancel();
    };
  }, [pdf, page, zoom, width]);

  if (failed) {
    return (
      <Alert color="orange" role="alert">
        {t("viewer.renderFailed")}
      </Alert>
    );
  }
  const pages = pdf?.numPages ?? 0;
  const zoomIndex = ZOOMS.indexOf(zoom);
  return (
    <Box>
      <Group justify="space-between" mb="sm" gap="xs">
        <Group gap={4}>
          <ViewerButton
            label={t("viewer.previousPage")}
            disabled={page <= 1}
            onClick={() => setPage((p) => p - 1)}
          >
            <IconChevronLeft size={18} />
          </ViewerButton>
          <Text size="sm" data-testid="pdf-page" aria-live="polite">
            {pages > 0 ? t("viewer.page", { page, pages }) : "…"}
          </Text>
          <ViewerButton
            label={t("viewer.nextPage")}
            disabled={page >= pages}
            onClick={() => setPage((p) => p + 1)}
          >
            <IconChevronRight size={18} />
          </ViewerButton>
        </Group>
        <ZoomControls
          zoom={zoom}
          canZoomOut={zoomIndex > 0}
          canZoomIn={zoomIndex < ZOOMS.length - 1}
          onZoomOut={() => setZoom(ZOOMS[zoomIndex - 1] ?? zoom)}
          onZoomIn={() => setZoom(ZOOMS[zoomIndex + 1] ?? zoom)}
          onReset={() => setZoom(1)}
          testId="pdf-zoom"
        />
      </Group>
      {/* It scrolls, so the keyboard can reach it and scroll it with the arrow keys. */}
      <Box
        ref={frame}
        style={{ overflow: "auto", maxHeight: "75vh" }}
        bg="gray.1"
        p={0}
        tabIndex={0}
        role="region"
        aria-label={t("viewer.title")}
        className="mantine-focus-auto"
      >
        {!pdf && <Loader m="md" />}
        <canvas
          ref={canvas}
          data-testid="pdf-canvas"
          data-rendered-page={rendered}
          role="img"
          aria-label={t("viewer.page", { page, pages })}
          style={{ display: pdf ? "block" : "none", margin: "0 auto", background: "white" }}
        />
      </Box>
    </Box>
  );
}
