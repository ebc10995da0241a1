// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from "vitest";
import { BOOT_CAP_MS, BOOT_PATH, BOOT_SCRIPT, bootAfterLoad } from "./boot";

/*
 * The boot script (decision 025) in a browser's document: it adds the app's entry and its
 * modulepreloads once the page has loaded, or after BOOT_CAP_MS at the latest, once.
 */

const HEAD = `<head>
    <title>Chave</title>
    <script type="module" crossorigin src="/assets/index-Ab12.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-Ef56.js">
    <link rel="modulepreload" crossorigin href="/assets/api-Gh78.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Cd34.css">
  </head>`;

/** Runs the boot script as the page's deferred <script> would, with the document in `readyState`. */
function runBoot(readyState: DocumentReadyState) {
  const tag = document.createElement("script");
  tag.setAttribute("data-entry", "/assets/index-Ab12.js");
  tag.setAttribute("data-preload", "/assets/react-Ef56.js /assets/api-Gh78.js");
  vi.spyOn(document, "currentScript", "get").mockReturnValue(tag);
  vi.spyOn(document, "readyState", "get").mockReturnValue(readyState);
  new Function(BOOT_SCRIPT)();
  vi.restoreAllMocks();
}

const added = () => ({
  entry: [...document.head.querySelectorAll("script[type=module]")].map((s) => s.getAttribute("src")),
  preloads: [...document.head.querySelectorAll("link[rel=modulepreload]")].map((l) => l.getAttribute("href")),
});

afterEach(() => {
  document.head.innerHTML = "";
  vi.useRealTimers();
});

describe("the boot script", () => {
  it("adds the entry and its modulepreloads once the page has loaded and a frame is painted", () => {
    vi.useFakeTimers();
    runBoot("interactive");
    vi.advanceTimersByTime(100);
    expect(added()).toEqual({ entry: [], preloads: [] });
    window.dispatchEvent(new Event("load"));
    expect(added().entry).toEqual([]);
    vi.advanceTimersByTime(50);
    expect(added()).toEqual({
      entry: ["/assets/index-Ab12.js"],
      preloads: ["/assets/react-Ef56.js", "/assets/api-Gh78.js"],
    });
    const entry = document.head.querySelector("script[type=module]") as HTMLScriptElement;
    expect(entry.crossOrigin).toBe("");
    window.dispatchEvent(new Event("load"));
    vi.advanceTimersByTime(BOOT_CAP_MS);
    expect(added().entry).toHaveLength(1);
  });

  it("does not wait for a load that is slow to come (a large photo), nor for one already past", () => {
    vi.useFakeTimers();
    runBoot("interactive");
    vi.advanceTimersByTime(BOOT_CAP_MS - 1);
    expect(added().entry).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(added().entry).toEqual(["/assets/index-Ab12.js"]);
    document.head.innerHTML = "";
    runBoot("complete");
    vi.advanceTimersByTime(50);
    expect(added().entry).toEqual(["/assets/index-Ab12.js"]);
  });
});

describe("bootAfterLoad", () => {
  it("hands the entry and the modulepreloads to the boot script, in the entry's place", () => {
    const head = bootAfterLoad(HEAD);
    expect(head).toContain(
      `<script defer src="${BOOT_PATH}" data-entry="/assets/index-Ab12.js" data-preload="/assets/react-Ef56.js /assets/api-Gh78.js"></script>`,
    );
    expect(head).not.toContain('type="module"');
    expect(head).not.toContain("modulepreload");
    expect(head.indexOf(BOOT_PATH)).toBeLessThan(head.indexOf("stylesheet"));
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Cd34.css">');
    expect(BOOT_PATH).toMatch(/^\/prerender-boot-[0-9a-f]{10}\.js$/);
  });

  it("leaves a head without a module entry as it is", () => {
    expect(bootAfterLoad("<head><title>Chave</title></head>")).toBe("<head><title>Chave</title></head>");
  });
});
