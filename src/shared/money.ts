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

/** Centavos → reais, for a number field to show. */
export function toReais(centavos: number): number {
  return centavos / 100;
}
