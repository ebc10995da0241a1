import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, Result } from "axe-core";

// Evaluated through the DevTools protocol, which the page's CSP (script-src 'self') rightly does
// not let a <script> tag do.
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/** The page as a person waits for it: the screen's chunk loaded and its first data shown. */
export async function settled(page: Page) {
  await expect(page.getByTestId("page-spinner")).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator("main")).not.toHaveCount(0);
  // A screen's own loaders (a list, a document) have a role of status while they load.
  await expect(page.locator(".mantine-Loader-root:visible")).toHaveCount(0, { timeout: 15_000 });
}

/**
 * The serious and critical findings of axe (WCAG 2.2 A and AA, and best practices) on the page as
 * it is now, one line each, at most three elements a rule; with `outline`, also a page without
 * exactly one main landmark and one h1 (axe counts those as moderate). A page behind an open
 * dialog is hidden from assistive technology, so a dialog is audited without the outline. `rules`
 * runs only those axe rules (a dark theme's colours, on a page already audited whole in light).
 */
export async function audit(
  page: Page,
  where: string,
  { outline = true, rules }: { outline?: boolean; rules?: string[] } = {},
): Promise<string[]> {
  // A dialog fading in, a toast sliding: colours mid-transition are not the page's colours.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  await page.evaluate(axeSource);
  const runOnly = rules
    ? { type: "rule", values: rules }
    : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] };
  const results = (await page.evaluate(
    (only) =>
      (window as unknown as { axe: { run: (ctx: Document, o: unknown) => Promise<unknown> } }).axe.run(
        document,
        { runOnly: only, resultTypes: ["violations"] },
      ),
    runOnly,
  )) as AxeResults;
  const findings = results.violations
    .filter((v: Result) => v.impact === "serious" || v.impact === "critical")
    .flatMap((v: Result) =>
      v.nodes.slice(0, 3).map((n) => {
        // A contrast finding says which colours and how far they are from AA.
        const c = n.any[0]?.data as
          | { fgColor?: string; bgColor?: string; contrastRatio?: number }
          | undefined;
        const colours = c?.fgColor ? ` ${c.fgColor} on ${c.bgColor} = ${c.contrastRatio}:1` : "";
        const html = n.html.replace(/\s+/g, " ").slice(0, 160);
        return `${where}: [${v.impact}] ${v.id} (${v.help}) at ${n.target.join(" ")}${colours} · ${html}`;
      }),
    );
  if (!outline) return findings;
  const mains = await page.getByRole("main").count();
  const h1s = await page.getByRole("heading", { level: 1 }).count();
  return [
    ...findings,
    ...(mains === 1 ? [] : [`${where}: ${mains} main landmarks (one expected)`]),
    ...(h1s === 1 ? [] : [`${where}: ${h1s} h1 headings (one expected)`]),
  ];
}

/**
 * What a phone user would see cut off (issue 15): the page scrolling sideways, a control or badge
 * reaching past the screen's edge, a text shortened with "…" (a badge, a label, a table cell), a
 * text running past the edge of a box that hides its overflow (a Mantine Card: a long unbroken
 * word, a hash), or a field whose value is wider than the field (a name, a chosen option). One
 * line each, at most five a page.
 */
export async function clipped(page: Page, where: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const out: string[] = [];
    const width = window.innerWidth;
    const doc = document.documentElement;
    if (doc.scrollWidth > width + 1)
      out.push(`the page is ${doc.scrollWidth} px wide on a ${width} px screen`);
    const name = (el: Element) =>
      `<${el.tagName.toLowerCase()}> "${(el.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60)}"`;
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect();
      const s = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && s.visibility !== "hidden" && s.display !== "none";
    };
    // A control reaching past the right edge (or the left), where a thumb cannot reach it, unless
    // it sits in something that scrolls sideways on purpose (a carousel, a wide table's wrapper).
    const scrollsSideways = (el: Element) => {
      for (let p = el.parentElement; p; p = p.parentElement) {
        const s = getComputedStyle(p);
        if ((s.overflowX === "auto" || s.overflowX === "scroll") && p !== doc && p !== document.body)
          return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll(
      "main button, main a, main input, main select, main textarea, main .mantine-Badge-root",
    )) {
      if (!visible(el) || scrollsSideways(el)) continue;
      const r = el.getBoundingClientRect();
      if (r.right > width + 1 || r.left < -1)
        out.push(`${name(el)} reaches past the screen (${Math.round(r.left)}–${Math.round(r.right)} px)`);
    }
    // A text cut with an ellipsis: its box is narrower than what it holds.
    for (const el of document.querySelectorAll("main *")) {
      if (el.children.length > 0 || !visible(el)) continue;
      const s = getComputedStyle(el);
      if (
        s.textOverflow === "ellipsis" &&
        el.scrollWidth > el.clientWidth + 1 &&
        (el.textContent ?? "").trim()
      )
        out.push(`${name(el)} is cut short (${el.clientWidth} of ${el.scrollWidth} px)`);
    }
    // A field whose value is wider than its box: the end of a name or of a chosen option is out of
    // sight (an <input> scrolls its text instead of wrapping it, and shows no "…").
    for (const el of document.querySelectorAll<HTMLInputElement>("main input")) {
      if (!visible(el) || !el.value) continue;
      if (["checkbox", "radio", "range", "color", "file", "hidden", "image"].includes(el.type)) continue;
      if (el.scrollWidth > el.clientWidth + 1)
        out.push(`<input> "${el.value.slice(0, 60)}" shows ${el.clientWidth} of its ${el.scrollWidth} px`);
    }
    // A text that starts inside a box hiding its overflow (overflow: hidden or clip, as a Mantine
    // Card has) and runs past that box's edge: its end is cut with no sign of it. A text wholly
    // outside its box is hidden on purpose (a carousel's other slides), a box of a pixel is a
    // screen-reader-only text, and a box with "…" is the check above.
    const clipper = (el: Element): Element | null => {
      for (let p: Element | null = el; p && p !== doc && p !== document.body; p = p.parentElement) {
        const s = getComputedStyle(p);
        if (s.position === "fixed") return null;
        if (s.overflowX === "auto" || s.overflowX === "scroll") return null;
        if (s.overflowX === "hidden" || s.overflowX === "clip") return p;
      }
      return null;
    };
    const walker = document.createTreeWalker(
      document.querySelector("main") ?? document.body,
      NodeFilter.SHOW_TEXT,
    );
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || !(node.textContent ?? "").trim() || !visible(parent)) continue;
      const box = clipper(parent);
      if (!box) continue;
      const b = box.getBoundingClientRect();
      const bs = getComputedStyle(box);
      if (b.width <= 1 || b.height <= 1 || bs.textOverflow === "ellipsis") continue;
      const left = b.left + box.clientLeft;
      const right = left + box.clientWidth;
      range.selectNodeContents(node);
      for (const line of range.getClientRects()) {
        if (line.width === 0) continue;
        const pastRight = line.left < right && line.right > right + 1;
        const pastLeft = line.right > left && line.left < left - 1;
        if (pastRight || pastLeft) {
          out.push(
            `${name(parent)} runs past the edge of its <${box.tagName.toLowerCase()}> (${Math.round(line.left)}–${Math.round(line.right)} px in ${Math.round(left)}–${Math.round(right)} px)`,
          );
          break;
        }
      }
    }
    return out.slice(0, 5);
  });
  return found.map((f) => `${where}: ${f}`);
}
