import { describe, expect, it } from "vitest";
import { sanitizeEvent, stopAnalytics, withoutSecrets } from "./analytics";

describe("what analytics may carry", () => {
  it("drops signing and export tokens, codes and personal data from URLs, and keeps the rest", () => {
    expect(withoutSecrets("https://chave.example/Clicksign?contrato=abc&token=SECRET")).toBe(
      "https://chave.example/Clicksign?contrato=abc",
    );
    expect(withoutSecrets("https://chave.example/Config?exportacao=1&token=T&x=1")).toBe(
      "https://chave.example/Config?x=1",
    );
    expect(withoutSecrets("not a url")).toBe("not a url");
  });

  it("cleans every URL property of an event and the page address inside a replay", () => {
    const e = sanitizeEvent({
      event: "$snapshot",
      properties: {
        $current_url: "https://c.example/Clicksign?token=S",
        $referrer: "https://c.example/?email=a@b.c",
        link: "https://c.example/?token=T&q=rio",
        $snapshot_data: [{ type: 4, data: { href: "https://c.example/Clicksign?token=S", width: 390 } }],
      },
    });
    expect(e.properties).toEqual({
      $current_url: "https://c.example/Clicksign",
      $referrer: "https://c.example/",
      link: "https://c.example/?q=rio",
      $snapshot_data: [{ type: 4, data: { href: "https://c.example/Clicksign", width: 390 } }],
    });
  });
});

describe("a withdrawal before posthog-js loaded on this page", () => {
  it("clears what it stored on an earlier page and records the no, as opting out does", async () => {
    localStorage.setItem("ph_phc_chave_posthog", JSON.stringify({ distinct_id: "u_123" }));
    sessionStorage.setItem("ph_phc_chave_window_id", "w1");
    localStorage.setItem("chave.consent", "kept");
    // biome-ignore lint/suspicious/noDocumentCookie: posthog-js's own cookie, as it writes it.
    document.cookie = "ph_phc_chave_posthog=abc; path=/";
    await stopAnalytics({ key: "phc_chave" });
    expect(localStorage.getItem("ph_phc_chave_posthog")).toBeNull();
    expect(sessionStorage.getItem("ph_phc_chave_window_id")).toBeNull();
    expect(document.cookie).not.toContain("ph_phc_chave_posthog");
    expect(localStorage.getItem("__ph_opt_in_out_phc_chave")).toBe("0");
    // Chave's own keys stay.
    expect(localStorage.getItem("chave.consent")).toBe("kept");
  });
});
