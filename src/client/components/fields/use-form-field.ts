import {
  type Control,
  type FieldValues,
  get,
  type Path,
  type UseControllerReturn,
  useController,
  useFormState,
} from "react-hook-form";
import { useErrorText } from "../../lib/error-text";

/**
 * Where a field of the kit sits: the form's `control` and the field's `name` (typed against the
 * form's values). Every field takes `control` explicitly, so no form needs a FormProvider.
 */
export interface BoundField<T extends FieldValues, N extends Path<T>, Out = T> {
  control: Control<T, unknown, Out>;
  name: N;
}

/**
 * A field bound to its form: its value and handlers, and its error as the person reads it (a code
 * of the shared contracts turned into the locale's text, a server's message as it came). Mantine
 * sets aria-invalid and ties the text to the input (aria-describedby) from `error`, so the first
 * invalid field is the one revealFirstError finds.
 */
export function useFormField<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
}: BoundField<T, N, Out>): UseControllerReturn<T, N> & { error: string | undefined } {
  const err = useErrorText();
  const controller = useController<T, N, Out>({ control, name });
  return { ...controller, error: err.field(controller.fieldState.error?.message) };
}

/**
 * A field's error text without binding it again: for a field that words its help by whether it
 * is in error (a new password's strength is not said twice).
 */
export function useFieldError<T extends FieldValues, N extends Path<T>, Out = T>({
  control,
  name,
}: BoundField<T, N, Out>): string | undefined {
  const err = useErrorText();
  const { errors } = useFormState<T, Out>({ control, name });
  return err.field((get(errors, name) as { message?: string } | undefined)?.message);
}

/** The props a field takes from its input, less what the kit wires itself. */
export type Wired = "value" | "defaultValue" | "onChange" | "onBlur" | "error" | "name" | "checked";
