import { useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import type { StoredDocument, UploadMetadata } from "../../shared/contracts/storage";
import {
  dismissUpload,
  listUploads,
  StorageError,
  subscribeUploads,
  type UploadSnapshot,
  type UploadTask,
  uploadFile,
  uploadsVersion,
} from "./storage";
import { storageErrorText } from "./storage-error-text";

const idle = () => () => undefined;
const none = () => null;

/** The live state of one upload (or null), re-rendering on every change. */
export function useUploadTask(task: UploadTask | null): UploadSnapshot | null {
  return useSyncExternalStore(task ? task.subscribe : idle, task ? task.getSnapshot : none);
}

/** Every upload of this page. */
export function useUploads(): UploadTask[] {
  useSyncExternalStore(subscribeUploads, uploadsVersion);
  return listUploads();
}

/**
 * One upload at a time from a form or a slot, said where it was started: `start` uploads the file
 * and resolves with the stored document, or with null when it failed (the reason is `problem`,
 * in the person's words) or was cancelled (nothing to say). A failure said here is taken off the
 * uploads panel, which need not say it again.
 */
export function useSingleUpload() {
  const { t } = useTranslation();
  const [task, setTask] = useState<UploadTask | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function start(file: Blob, meta: UploadMetadata, userId: string): Promise<StoredDocument | null> {
    setProblem(null);
    const started = uploadFile(file, meta, userId);
    setTask(started);
    try {
      return await started.done;
    } catch (err) {
      if (!(err instanceof StorageError && err.code === "canceled")) setProblem(storageErrorText(err, t));
      dismissUpload(started.id);
      return null;
    } finally {
      setTask(null);
    }
  }

  return { task, problem, setProblem, start };
}
