/*
 * The server's snapshot of the first screen (decision 025): for a visitor, `/` and
 * `/AluguelOferta?id=` arrive with `<div id="prerender">` (plain HTML, before JavaScript) beside
 * `#root`, and its CSS keeps #root out of the layout while it is there. The app renders into #root
 * as ever and, once its own content stands where the snapshot's does, releases the snapshot: in
 * one frame the snapshot goes and #root shows, so nothing drawn moves.
 */

const ID = "prerender";

/** Whether the page still shows the server's snapshot. */
export function isPrerendered(): boolean {
  return typeof document !== "undefined" && document.getElementById(ID) !== null;
}

/**
 * Removes the snapshot, which lets #root show (its CSS hides #root only while #prerender precedes
 * it). Safe to call at any time, any number of times, on pages that never had one.
 */
export function releasePrerender(): void {
  if (typeof document === "undefined") return;
  document.getElementById(ID)?.remove();
}
