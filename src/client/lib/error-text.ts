import { useTranslation } from "react-i18next";
import { isErrorCode } from "../../shared/errors";
import { ApiError, errorCodeOf } from "./api";

/** Turns a field message (an error code from the shared contracts) or a thrown error into text. */
export function useErrorText() {
  const { t } = useTranslation();
  return {
    field: (message: string | undefined) =>
      message === undefined ? undefined : isErrorCode(message) ? t(`errors.${message}`) : message,
    of: (err: unknown) => t(`errors.${errorCodeOf(err)}`),
    /**
     * The server's own message when it answered (it can be more specific, e.g. quota figures);
     * the catalogue's text otherwise (no connection, a cancelled call, anything unexpected).
     */
    message: (err: unknown) =>
      err instanceof ApiError && err.status > 0 ? err.message : t(`errors.${errorCodeOf(err)}`),
  };
}
