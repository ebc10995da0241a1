import { useRef, useState } from "react";
import type { UseFormReturn } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { MAX_UNIT_PHOTOS, type UnitInput } from "../../../shared/contracts/listings";
import { dismissUpload, StorageError, type UploadTask, uploadFile } from "../../lib/storage";
import { storageErrorText } from "../../lib/storage-error-text";

export interface PhotoFailureNote {
  key: string;
  text: string;
}

/**
 * A unit form's photos: the uploads under way (resumable, tus), the ones that failed, and the
 * order of `fotos` in the form (the first is the cover).
 */
export function useUnitPhotos(form: UseFormReturn<UnitInput>, userId: string | null) {
  const { t } = useTranslation();
  const { setValue, watch } = form;
  const fotos = watch("fotos") ?? [];
  const [uploads, setUploads] = useState<UploadTask[]>([]);
  // Failed uploads, said where the photos are (not at the foot of the form, off-screen on a phone).
  const [failures, setFailures] = useState<PhotoFailureNote[]>([]);
  // The order the photos were chosen in (issue 29: the order uploads finished in made a small
  // third photo the cover). Each finished upload takes its own place among the chosen ones.
  const chosen = useRef(0);
  const chosenAs = useRef(new Map<string, number>());
  const uploading = uploads.some(
    (u) => u.state === "running" || u.state === "pausing" || u.state === "paused",
  );
  const setFotos = (next: string[]) => setValue("fotos", next, { shouldDirty: true });

  function placeChosen(docId: string, order: number) {
    chosenAs.current.set(docId, order);
    const current = form.getValues("fotos") ?? [];
    // Before the first photo chosen after it; photos already saved came before any of them.
    const at = current.findIndex((id) => (chosenAs.current.get(id) ?? -1) > order);
    setFotos(at === -1 ? [...current, docId] : [...current.slice(0, at), docId, ...current.slice(at)]);
  }

  function add(files: File[]) {
    if (!userId) return;
    setFailures([]);
    const room = MAX_UNIT_PHOTOS - fotos.length - uploads.length;
    for (const file of files.slice(0, Math.max(0, room))) {
      const order = chosen.current++;
      const task = uploadFile(
        file,
        { filename: file.name, kind: "foto_unidade", folder: "unidades" },
        userId,
      );
      setUploads((list) => [...list, task]);
      task.done.then(
        (doc) => {
          placeChosen(doc.id, order);
          setUploads((list) => list.filter((x) => x !== task));
        },
        (e: unknown) => {
          if (!(e instanceof StorageError && e.code === "canceled"))
            setFailures((list) => [
              ...list,
              {
                key: task.id,
                text: t("units.photoFailed", { name: file.name, reason: storageErrorText(e, t) }),
              },
            ]);
          // Said in the form; the uploads panel need not show the same failure again.
          dismissUpload(task.id);
          setUploads((list) => list.filter((x) => x !== task));
        },
      );
    }
    if (files.length > room)
      setFailures((list) => [...list, { key: "too-many", text: t("errors.too-many-photos") }]);
  }

  function move(index: number, to: number) {
    const next = [...fotos];
    const [item] = next.splice(index, 1);
    if (item) next.splice(to, 0, item);
    setFotos(next);
  }

  return {
    fotos,
    uploads,
    uploading,
    failures,
    full: fotos.length + uploads.length >= MAX_UNIT_PHOTOS,
    add,
    move,
    remove: (id: string) => setFotos(fotos.filter((x) => x !== id)),
    dismiss: (failure: PhotoFailureNote) => setFailures((list) => list.filter((x) => x !== failure)),
  };
}

export type UnitPhotos = ReturnType<typeof useUnitPhotos>;
