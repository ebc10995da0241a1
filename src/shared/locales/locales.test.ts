import i18next from "i18next";
import { describe, expect, it } from "vitest";
import en from "./en.json";
import ptBR from "./pt-BR.json";

/*
 * The words people read (issue 15): both languages say the same things, counts read right in
 * pt-BR through i18next's plural rules (0 included), Portuguese keeps its accents, and no internal
 * code leaks into a text.
 */

const LOCALES = { "pt-BR": ptBR, en } as const;

/** Every text by its key path ("proposal.term_one"; a list's items as "privacy.terms.0"). */
function texts(tree: unknown, prefix = "", out: Record<string, string> = {}): Record<string, string> {
  for (const [k, v] of Object.entries(tree as Record<string, unknown>)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === "object") texts(v, key, out);
    else out[key] = String(v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
/** The keys that take a count: the key without its plural suffix. */
const pluralKeys = (all: Record<string, string>) =>
  [
    ...new Set(
      Object.keys(all)
        .filter((k) => PLURAL.test(k))
        .map((k) => k.replace(PLURAL, "")),
    ),
  ].sort();

/**
 * The counted texts without a `_zero` form, each only ever shown for a count above 0 (where, and
 * why). In pt-BR 0 takes the singular ("0 quarto"), so any other counted text needs a `_zero`.
 */
const ONLY_ABOVE_ZERO: Record<string, string> = {
  "lease.notice.entregaMin": "said only when the law asks for days of notice (lease-notice.tsx)",
  "inspection.status.respostas.landlord":
    "said only while a contest waits for its answer (report-status.tsx)",
  "inspection.ungraded": "said only when an item is still ungraded (report-status.tsx)",
  "inspection.uploading": "said only while a photo uploads (report-page.tsx)",
  "notices.inspection.contested.title":
    "told only when the tenant contested something (inspections/service.ts)",
  "charge.status.atrasada": "a charge is late from its first day late (charge-summary.tsx)",
  "charge.late.title": "the late box shows only for a charge at least a day late (charge-summary.tsx)",
  "charge.late.juros": "the late box shows only for a charge at least a day late (charge-summary.tsx)",
  "charge.payments.fees": "said only for a payment with fees, so at least a day late (charge-paid.tsx)",
  "charge.payments.waived": "said only for a late payment whose fees were waived (charge-paid.tsx)",
  "charge.receive.breakdown": "said only for a date after the due date (charge-landlord.tsx)",
  "charge.receive.waived": "said only for a date after the due date (charge-landlord.tsx)",
  "lease.entry.multa": "a fee line exists only for a payment at least a day late (rent/views.ts)",
  "lease.entry.juros": "a fee line exists only for a payment at least a day late (rent/views.ts)",
  "home.awaiting.review": "the home lists only the kinds with something waiting (signed-in-home.tsx)",
  "home.awaiting.proposals": "the home lists only the kinds with something waiting (signed-in-home.tsx)",
  "home.awaiting.contracts": "the home lists only the kinds with something waiting (signed-in-home.tsx)",
  "home.awaiting.messages": "the home lists only the kinds with something waiting (signed-in-home.tsx)",
  "storage.panelCount": "the uploads panel is not drawn without uploads (uploads-panel.tsx)",
  "storage.panelFailed": "said only when failed > 0 (uploads-panel.tsx)",
  "convert.summary": "shown under the list of pages, which is there only with a page (convert-screen.tsx)",
  "listings.months": "a term (1 to 120 months) or a caução (1 to 3 months)",
  "offer.term": "an offer's term is at least 1 month",
  "offer.deposit": "shown only when the offer asks for a caução (1 to 3 months)",
  "proposal.term": "a proposal's term is at least 1 month",
  "proposal.depositMonths": "shown only when the proposal has a caução (1 to 3 months)",
  "proposal.residents": "a proposal has at least 1 resident",
  "messages.unreadLabel": "the header names the count only when unread > 0 (signed-in-header.tsx)",
  "messages.unread": "the badge shows only when naoLidas > 0 (message-screen.tsx)",
  "notices.unreadLabel": "the bell names the count only when unread > 0 (notice-bell.tsx)",
  "notices.digest.title": "a digest is sent only with at least one notice (notices/service.ts)",
  "notices.unreadMessages.title": "told only for a conversation with unread > 0 (messages/service.ts)",
  "notices.account.confirmEmail.days": "the link's validity in whole days, at least 1 (account-templates.ts)",
  "notices.account.confirmEmail.hours": "the link's validity in hours, at least 1 (account-templates.ts)",
};

/** Portuguese words that never go without their accent (a word, or a word and a space). */
const UNACCENTED = ["codigo", "voce", "nao ", "informacao", "endereco"];

async function i18n(lng: keyof typeof LOCALES) {
  const instance = i18next.createInstance();
  await instance.init({
    lng,
    fallbackLng: lng,
    resources: { [lng]: { translation: LOCALES[lng] } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
  return instance;
}

describe("the locale files", () => {
  const pt = texts(ptBR);
  const english = texts(en);

  it("have the same keys in pt-BR and in English", () => {
    expect(
      Object.keys(pt).filter((k) => !(k in english)),
      "in pt-BR, missing in en",
    ).toEqual([]);
    expect(
      Object.keys(english).filter((k) => !(k in pt)),
      "in en, missing in pt-BR",
    ).toEqual([]);
  });

  it("give every counted pt-BR text a form for 0, unless it is only shown above 0", () => {
    const counted = pluralKeys(pt);
    expect(
      counted.filter((k) => !(`${k}_zero` in pt) && !(k in ONLY_ABOVE_ZERO)),
      "counted texts with no _zero and not listed in ONLY_ABOVE_ZERO",
    ).toEqual([]);
    // The list names counted texts that still have no _zero, nothing stale.
    expect(
      Object.keys(ONLY_ABOVE_ZERO).filter((k) => !counted.includes(k) || `${k}_zero` in pt),
      "ONLY_ABOVE_ZERO entries that are not counted texts without a _zero",
    ).toEqual([]);
  });

  it.each(Object.keys(LOCALES) as (keyof typeof LOCALES)[])(
    "read every count in %s through i18next: 0 by its _zero form, and a million too",
    async (lng) => {
      const { t } = await i18n(lng);
      const all = texts(LOCALES[lng]);
      const unresolved: string[] = [];
      for (const key of pluralKeys(all)) {
        const counts = key in ONLY_ABOVE_ZERO ? [1, 2, 1_000_000] : [0, 1, 2, 1_000_000];
        for (const count of counts) {
          // Every variable a text names, so none is left as {{…}}: the usual ones, and any other
          // its forms name (an amount, a month), as the screen that says it gives them.
          const named = Object.entries(all)
            .filter(([k]) => k.startsWith(`${key}_`))
            .flatMap(([, text]) => [...String(text).matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] as string));
          const said = t(key, {
            ...Object.fromEntries(named.map((n) => [n, "x"])),
            count,
            index: "IGP-M",
            size: "1 MB",
            value: "R$ 1,00",
            from: "Ana",
            about: "Studio",
            numero: "2026-ABC123",
          });
          if (said === key || said.includes("{{")) unresolved.push(`${key} (${count}): ${said}`);
        }
        if (`${key}_zero` in all) expect(t(key, { count: 0 }), key).toBe(t(`${key}_zero`, { count: 0 }));
      }
      // pt-BR reads 1,000,000 as "many", a form English lacks: a missing one showed the key.
      expect(unresolved, "counts that read as a key or leave a {{variable}}").toEqual([]);
    },
  );

  it("never drop the accents of pt-BR words", () => {
    const found = Object.entries(pt).flatMap(([key, value]) => {
      const words = value.replace(/\{\{[^}]*\}\}/g, "").toLowerCase();
      return UNACCENTED.filter((w) => new RegExp(`(^|[^\\p{L}])${w}`, "u").test(words)).map(
        (w) => `${key}: "${w.trim()}" in "${value}"`,
      );
    });
    expect(found).toEqual([]);
  });

  it("never show an internal code (a status or kind like documentos_solicitados) in a text", () => {
    const found = Object.entries(LOCALES).flatMap(([lng, tree]) =>
      Object.entries(texts(tree))
        .filter(([, value]) => /[\p{L}\d]_[\p{L}\d]/u.test(value.replace(/\{\{[^}]*\}\}/g, "")))
        .map(([key, value]) => `${lng} ${key}: ${value}`),
    );
    expect(found).toEqual([]);
  });
});
