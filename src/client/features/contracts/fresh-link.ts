import type React from "react";

/** How long before its end a signed link is asked for again: the file must still start downloading. */
const MARGIN_MS = 15_000;

/**
 * Whether a signed file link (`?expires=` seconds since the epoch, decision 006) is past, or about
 * to be: a signing page left open while the signer fetched her code outlives the link it was given.
 */
export function linkExpiring(url: string, now: number): boolean {
  const expires = Number(new URL(url, window.location.href).searchParams.get("expires"));
  return Number.isFinite(expires) && expires > 0 && expires * 1000 - now < MARGIN_MS;
}

/**
 * A click on a file link that has expired asks the page's view again (`refresh`, which answers the
 * fresh link) and opens that one instead — in a tab opened at once, so the browser does not take it
 * for a pop-up; a fresh link opens as it is.
 */
export function openFresh(
  event: React.MouseEvent,
  url: string,
  refresh: () => Promise<string | null>,
  { newTab, now = Date.now() }: { newTab: boolean; now?: number },
): void {
  if (!linkExpiring(url, now)) return;
  event.preventDefault();
  const tab = newTab ? window.open("", "_blank") : null;
  void refresh().then(
    (fresh) => {
      if (!fresh) tab?.close();
      else if (tab) tab.location.href = fresh;
      else window.location.assign(fresh);
    },
    () => tab?.close(),
  );
}
