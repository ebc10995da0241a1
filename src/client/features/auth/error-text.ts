import { useTranslation } from "react-i18next";
import { isErrorCode } from "../../../shared/errors";
import { errorCodeOf } from "../../lib/api";

/** Turns a field message (an error code from the shared contracts) or a thrown error into text. */
export function useErrorText() {
  const { t } = useTranslation();
  return {
    field: (message: string | undefined) =>
      message === undefined ? undefined : isErrorCode(message) ? t(`errors.${message}`) : message,
    of: (err: unknown) => t(`errors.${errorCodeOf(err)}`),
  };
}
