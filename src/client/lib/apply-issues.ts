import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError } from "./api";

/** Puts the server's per-field messages under their fields; says whether any was placed. */
export function applyIssues<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fields: Path<T>[],
) {
  if (!(err instanceof ApiError)) return false;
  let placed = false;
  for (const issue of err.issues) {
    const field = fields.find((f) => f === issue.path);
    if (field) {
      setError(field, { message: issue.message });
      placed = true;
    }
  }
  return placed;
}
