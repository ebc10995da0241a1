import { createHash } from "node:crypto";
import { type Html, html } from "./html";

/*
 * A page with a snapshot asks for the app's JavaScript only once what its first paint needs has
 * arrived (decision 025). Left in the page, the entry script and its modulepreloads (~370 KB over
 * the wire) are asked for at once and share a slow link with the stylesheet and the first photo,
 * which the snapshot's paint waits for; and a paint that comes after them waits, in Lighthouse's
 * simulation, for every byte of them. So the page names them to a small script of ours instead,
 * which adds them once the page's `load` has fired (the stylesheet and the first photo are in) and
 * the next frame is painted, or after BOOT_CAP_MS at the latest (a large photo, or a tab in the
 * background that paints no frames, must not hold the app back). The app then boots as ever; the
 * snapshot covers the wait.
 */

/** The longest the app waits for the page's `load` after the page was parsed. */
export const BOOT_CAP_MS = 1500;

/** Plain ES5 (it runs before anything else of ours), a classic deferred script: it reads its own tag. */
export const BOOT_SCRIPT = `(function () {
  var me = document.currentScript;
  var entry = me && me.getAttribute("data-entry");
  if (!entry) return;
  var preloads = (me.getAttribute("data-preload") || "").split(" ");
  var started = false;
  function add(tag, attrs) {
    var el = document.createElement(tag);
    el.crossOrigin = "";
    for (var k in attrs) el[k] = attrs[k];
    document.head.appendChild(el);
  }
  function boot() {
    if (started) return;
    started = true;
    for (var i = 0; i < preloads.length; i++) if (preloads[i]) add("link", { rel: "modulepreload", href: preloads[i] });
    add("script", { type: "module", src: entry });
  }
  // After the frame that follows: what loaded is painted before any script is asked for.
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(boot, 0);
    });
  }
  if (document.readyState === "complete") afterPaint();
  else window.addEventListener("load", afterPaint);
  setTimeout(boot, ${BOOT_CAP_MS});
})();
`;

/** Where the server answers with BOOT_SCRIPT: named by its content, so it is cached for good. */
export const BOOT_PATH = `/prerender-boot-${createHash("sha256").update(BOOT_SCRIPT).digest("hex").slice(0, 10)}.js`;

const ENTRY = /<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"[^>]*><\/script>/;
/** A modulepreload, with the line it stands on. */
const MODULE_PRELOAD = /\n?[ \t]*<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"[^>]*>/g;

/**
 * The build's <head> with its entry script and modulepreloads handed to the boot script (in the
 * entry's place); as it is when it has no module entry.
 */
export function bootAfterLoad(head: string): string {
  const entry = ENTRY.exec(head);
  if (!entry?.[1]) return head;
  const preloads = [...head.matchAll(MODULE_PRELOAD)].map((m) => m[1] ?? "");
  const boot: Html = html`<script defer src="${BOOT_PATH}" data-entry="${entry[1]}" data-preload="${preloads.join(" ")}"></script>`;
  const before = head.slice(0, entry.index).replace(MODULE_PRELOAD, "");
  const after = head.slice(entry.index + entry[0].length).replace(MODULE_PRELOAD, "");
  return before + boot.value + after;
}
