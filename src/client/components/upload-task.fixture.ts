import { vi } from "vitest";
import { StorageError, type UploadSnapshot, type UploadTask } from "../lib/storage";

/** An upload in a given state, for a component test: no network, the buttons are spies. */
export function fakeUpload(patch: Partial<UploadSnapshot> = {}, id = "up1"): UploadTask {
  const snapshot: UploadSnapshot = {
    id,
    fileName: "rg-frente.jpg",
    state: "running",
    progress: { bytesTransferred: 0, totalBytes: 2_000_000, speed: 0 },
    error: null,
    document: null,
    restored: false,
    orphaned: true,
    ...patch,
  };
  return {
    id,
    getSnapshot: () => snapshot,
    subscribe: () => () => undefined,
    watch: () => () => undefined,
    pause: vi.fn(),
    resume: vi.fn(),
    cancel: vi.fn(),
    get state() {
      return snapshot.state;
    },
  } as unknown as UploadTask;
}

/** An upload that failed with `code` and the HTTP `status` (0: no answer). */
export const failedUpload = (code: StorageError["code"], status: number, id = "up1") =>
  fakeUpload({ state: "error", error: new StorageError(code, status) }, id);
