const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/**
 * 250000 centavos → "R$ 2.500,00", always in reais whatever the interface language, with a plain
 * space (e-mail subjects and tests read it as typed). The screens and the server's e-mails both
 * write amounts through here.
 */
export function formatBRL(centavos: number): string {
  return brl.format(centavos / 100).replace(/\u00a0/g, " ");
}

/** A number field's reais → centavos; an empty or invalid field (NaN) stays NaN, for the schema to refuse. */
export function reaisToCentavos(reais: number): number {
  return Number.isFinite(reais) ? Math.round(reais * 100) : Number.NaN;
}

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

/** Centavos → reais, for a number field to show. */
export function toReais(centavos: number): number {
  return centavos / 100;
}
