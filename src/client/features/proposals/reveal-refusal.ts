import type { RefObject } from "react";
import { reveal, whenPresent } from "../../lib/reveal-error";

/**
 * After the server refuses a form: the field it names when one is marked, otherwise the refusal's
 * own message (`message`, focusable with tabIndex -1), so on a phone the answer never lands out of
 * sight and the button seems to do nothing. Waits for the render that shows them (whenPresent).
 */
export function revealRefusal(message: RefObject<HTMLElement | null>): void {
  whenPresent(
    document,
    () => document.querySelector<HTMLElement>('[aria-invalid="true"]') ?? message.current,
    reveal,
  );
}
