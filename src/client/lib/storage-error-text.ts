import type { TFunction } from "i18next";
import { ApiError } from "./api";
import { StorageError } from "./storage";

/** What to tell the user about a storage failure: the server's pt-BR words, or the catalogue's. */
export function storageErrorText(err: unknown, t: TFunction, fallback = "errors.unknown"): string {
  if (err instanceof StorageError || err instanceof ApiError) {
    if (err.message && err.message !== err.code && /\s/.test(err.message)) return err.message;
    return t(`errors.${err.code}`);
  }
  return t(fallback);
}
