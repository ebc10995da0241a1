import type { RefObject } from "react";
import { revealFirstError } from "../../lib/reveal-error";

/**
 * After the server refuses a form: the field it names when one is marked (revealFirstError),
 * otherwise the refusal's own message (`message`, focusable with tabIndex -1), so on a phone the
 * answer never lands out of sight and the button seems to do nothing. Runs after the render that
 * shows them.
 */
export function revealRefusal(message: RefObject<HTMLElement | null>): void {
  requestAnimationFrame(() => {
    if (document.querySelector('[aria-invalid="true"]')) return revealFirstError();
    const alert = message.current;
    if (!alert) return;
    alert.scrollIntoView({ block: "center", behavior: "smooth" });
    alert.focus({ preventScroll: true });
  });
}
