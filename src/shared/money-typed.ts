/*
 * Reading money as a person types it, apart from src/shared/money.ts: only the proposal forms
 * need it, and what money.ts holds is in the home page's first download (issue 18's budget).
 */

/** Reais as typed ("2.500,50", "2500.5", 2500.5) → centavos; null when it is not a number. */
export function toCentavos(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === "") return null;
  if (typeof value === "number") return Number.isFinite(value) ? Math.round(value * 100) : null;
  const cleaned = value.replace(/[R$\s]/g, "");
  // pt-BR: "." groups thousands and "," marks the centavos; "2500.5" is still read as a decimal.
  const normalized =
    cleaned.includes(",") || /^\d{1,3}(\.\d{3})+$/.test(cleaned)
      ? cleaned.replace(/\./g, "").replace(",", ".")
      : cleaned;
  const n = Number(normalized);
  return Number.isFinite(n) ? Math.round(n * 100) : null;
}
