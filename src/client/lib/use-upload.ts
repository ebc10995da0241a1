import { useSyncExternalStore } from "react";
import {
  listUploads,
  subscribeUploads,
  type UploadSnapshot,
  type UploadTask,
  uploadsVersion,
} from "./storage";

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
