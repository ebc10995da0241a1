import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { DocumentKind } from "../../../shared/contracts/storage";
import { useAuth } from "../../app/auth";
import { type flowParams, returnPath } from "../../features/storage/destination";
import { imagesToPdf, type PageImage } from "../../features/storage/image-tools";
import { logger } from "../../lib/logger";
import { type UploadTask, uploadFile } from "../../lib/storage";
import { storageErrorText } from "../../lib/storage-error-text";

/**
 * Saves the pages as one document (one JPEG as it is, several as a PDF) and goes where the flow
 * says, with the new document; the upload's progress and why it failed meanwhile.
 */
export function useSaveDocument(flow: ReturnType<typeof flowParams>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { state } = useAuth();
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [task, setTask] = useState<UploadTask | null>(null);

  async function save(pages: PageImage[], kind: DocumentKind) {
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

  return { save, saving, saveError, task };
}
