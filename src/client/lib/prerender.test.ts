import { afterEach, describe, expect, it } from "vitest";
import { isPrerendered, releasePrerender } from "./prerender";

afterEach(() => {
  document.head.innerHTML = "";
  document.body.innerHTML = "";
});

describe("releasePrerender", () => {
  it("removes the snapshot, which lets #root show; again and again without harm", () => {
    // What the server sends a visitor (src/server/prerender): the rule that hides #root names the snapshot.
    document.head.innerHTML = "<style>#prerender~#root{display:none}</style>";
    document.body.innerHTML = '<div id="prerender"><h1>Imóveis</h1></div><div id="root"></div>';
    const root = document.getElementById("root") as HTMLElement;
    expect(isPrerendered()).toBe(true);
    expect(getComputedStyle(root).display).toBe("none");

    releasePrerender();
    expect(isPrerendered()).toBe(false);
    expect(document.getElementById("prerender")).toBeNull();
    expect(getComputedStyle(root).display).toBe("block");
    releasePrerender();
    expect(document.getElementById("root")).toBe(root);
  });

  it("does nothing on a page that never had a snapshot", () => {
    document.body.innerHTML = '<div id="root"><p>app</p></div>';
    releasePrerender();
    expect(isPrerendered()).toBe(false);
    expect(document.body.innerHTML).toBe('<div id="root"><p>app</p></div>');
  });
});
