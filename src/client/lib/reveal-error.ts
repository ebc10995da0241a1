/**
 * After a form refuses to send: brings the first field marked invalid into view and focuses it,
 * so on a phone the error above the fold does not leave the button looking dead. Runs after the
 * render that marks the fields (React sets aria-invalid from the error props).
 */
export function revealFirstError(root: ParentNode = document): void {
  requestAnimationFrame(() => {
    const field = root.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    field.scrollIntoView({ block: "center", behavior: "smooth" });
    field.focus({ preventScroll: true });
  });
}
