import { useTranslation } from "react-i18next";
import { isErrorCode } from "../../shared/errors";
import { ApiError, errorCodeOf } from "./api";

/** Turns a field message (an error code from the shared contracts) or a thrown error into text. */
export function useErrorText() {
  const { t } = useTranslation();
  // The catalogue is not in the first chunk: an error shown before it arrives reads the fallback,
  // then its own text (the screen re-renders when the texts are added).
  const text = (code: string) => t(`errors.${code}`, { defaultValue: t("app.errorFallback") });
  return {
    field: (message: string | undefined) =>
      message === undefined ? undefined : isErrorCode(message) ? text(message) : message,
    of: (err: unknown) => text(errorCodeOf(err)),
    /**
     * The server's own message when it answered (it can be more specific, e.g. quota figures);
     * the catalogue's text otherwise (no connection, a cancelled call, anything unexpected).
     */
    message: (err: unknown) =>
      err instanceof ApiError && err.status > 0 ? err.message : text(errorCodeOf(err)),
  };
}
