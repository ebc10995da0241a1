/*
 * Numbers and money in Brazilian Portuguese words, as contracts write them:
 * 2.500,00 → "dois mil e quinhentos reais"; 1.234,56 → "mil duzentos e trinta e quatro reais e
 * cinquenta e seis centavos" (no comma between classes, as LibreOffice's NUMBERTEXT writes it).
 * "quatorze", the form Brazilian contracts and libnumbertext's pt-BR use (VOLP admits both).
 * Tested against extenso (words.test.ts) on every amount below a million and every class pattern
 * up to the product's maximum.
 */

const UNITS = ["zero", "um", "dois", "três", "quatro", "cinco", "seis", "sete", "oito", "nove"];
const TEENS = [
  "dez",
  "onze",
  "doze",
  "treze",
  "quatorze",
  "quinze",
  "dezesseis",
  "dezessete",
  "dezoito",
  "dezenove",
];
const TENS = [
  "",
  "",
  "vinte",
  "trinta",
  "quarenta",
  "cinquenta",
  "sessenta",
  "setenta",
  "oitenta",
  "noventa",
];
const HUNDREDS = [
  "",
  "cento",
  "duzentos",
  "trezentos",
  "quatrocentos",
  "quinhentos",
  "seiscentos",
  "setecentos",
  "oitocentos",
  "novecentos",
];

/** 1 to 999 in words. */
function upTo999(n: number): string {
  if (n === 100) return "cem";
  const h = Math.floor(n / 100);
  const rest = n % 100;
  const parts: string[] = [];
  if (h > 0) parts.push(HUNDREDS[h] as string);
  if (rest > 0) {
    if (rest < 10) parts.push(UNITS[rest] as string);
    else if (rest < 20) parts.push(TEENS[rest - 10] as string);
    else {
      const t = Math.floor(rest / 10);
      const u = rest % 10;
      parts.push(u > 0 ? `${TENS[t]} e ${UNITS[u]}` : (TENS[t] as string));
    }
  }
  return parts.join(" e ");
}

const SCALES: [number, string, string][] = [
  [1_000_000_000, "bilhão", "bilhões"],
  [1_000_000, "milhão", "milhões"],
  [1_000, "mil", "mil"],
];

/** A whole number (0 to 999.999.999.999) in words. */
export function numberInWords(value: number): string {
  if (!Number.isInteger(value) || value < 0 || value >= 1e12) throw new RangeError(`out of range: ${value}`);
  if (value === 0) return "zero";
  // Each non-zero class: its own value (1–999) and its words.
  const groups: { n: number; words: string }[] = [];
  let rest = value;
  for (const [size, one, many] of SCALES) {
    const n = Math.floor(rest / size);
    rest %= size;
    if (n === 0) continue;
    if (size === 1000) groups.push({ n, words: n === 1 ? "mil" : `${upTo999(n)} mil` });
    else groups.push({ n, words: `${upTo999(n)} ${n === 1 ? one : many}` });
  }
  if (rest > 0) groups.push({ n: rest, words: upTo999(rest) });
  // "e" joins the last non-zero class when its value is below one hundred or a round number of
  // hundreds ("um milhão e duzentos mil", "um milhão e mil", "dois mil e quinhentos"); the other
  // classes follow one another without it ("três milhões duzentos e cinquenta mil").
  return groups
    .map((g, i) => {
      const joinWithE = i > 0 && i === groups.length - 1 && (g.n < 100 || g.n % 100 === 0);
      return `${i === 0 ? "" : joinWithE ? " e " : " "}${g.words}`;
    })
    .join("");
}

/** Centavos in words: 250000 → "dois mil e quinhentos reais"; 5 → "cinco centavos". */
export function moneyInWords(centavos: number): string {
  if (!Number.isInteger(centavos) || centavos < 0) throw new RangeError(`invalid amount: ${centavos}`);
  const reais = Math.floor(centavos / 100);
  const cents = centavos % 100;
  const parts: string[] = [];
  if (reais > 0) {
    const words = numberInWords(reais);
    // "um milhão de reais", "dois bilhões de reais": a round scale takes "de".
    const of = reais % 1_000_000 === 0 ? " de" : "";
    parts.push(`${words}${of} ${reais === 1 ? "real" : "reais"}`);
  }
  if (cents > 0) parts.push(`${numberInWords(cents)} ${cents === 1 ? "centavo" : "centavos"}`);
  if (parts.length === 0) return "zero real";
  return parts.join(" e ");
}

/**
 * "R$ 2.500,00 (dois mil e quinhentos reais)", with a no-break space after "R$" (Intl's own) so a
 * line never ends with the symbol and starts the next with its figure.
 */
export function moneyWithWords(centavos: number): string {
  const figures = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" })
    .format(centavos / 100)
    .replace(/\s/g, "\u00a0");
  return `${figures} (${moneyInWords(centavos)})`;
}
