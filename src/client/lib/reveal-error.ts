/**
 * After a form refuses to send: brings the first field marked invalid into view and focuses it,
 * so on a phone the error above the fold does not leave the button looking dead.
 *
 * React sets aria-invalid from the error props in a render it schedules itself, which usually but
 * not always comes before the next animation frame (a busy phone, or a slow machine, renders
 * later). So it looks at the next frame and, when nothing is marked yet, waits for the marking
 * (a MutationObserver) instead of giving up: the CI run that found this saw the focus never move.
 */
export function revealFirstError(root: ParentNode = document): void {
  whenPresent(root, () => root.querySelector<HTMLElement>('[aria-invalid="true"]'), reveal);
}

/** Scrolls `element` to the middle of the screen and focuses it without a second jump. */
export function reveal(element: HTMLElement): void {
  element.scrollIntoView({ block: "center", behavior: "smooth" });
  element.focus({ preventScroll: true });
}

/** How long a form's refusal may take to render before nothing is revealed (ms). */
const WAIT_MS = 3000;

/**
 * Runs `act` on what `find` returns at the next frame or, when it returns nothing yet, as soon as
 * a change under `root` makes it return something; gives up after WAIT_MS.
 */
export function whenPresent<T>(
  root: ParentNode,
  find: () => T | null | undefined,
  act: (found: T) => void,
): void {
  requestAnimationFrame(() => {
    const now = find();
    if (now) return act(now);
    const observer = new MutationObserver(() => {
      const found = find();
      if (!found) return;
      stop();
      act(found);
    });
    const timer = setTimeout(() => stop(), WAIT_MS);
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
    };
    observer.observe(root instanceof Document ? root.documentElement : (root as Node), {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["aria-invalid"],
    });
  });
}
