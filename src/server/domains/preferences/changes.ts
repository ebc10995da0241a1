import {
  type ChosenKind,
  DEFAULT_CHANNELS,
  type NotificationSettings,
  type SearchFilters,
} from "../../../shared/contracts/preferences";
import { UNIT_TYPE_NAMES } from "../../../shared/listing-names";
import { formatBRL } from "../../../shared/money";

/*
 * What changed between two versions of one's searches, in pt-BR words, for /PreferencesHist:
 * "Criou a busca “Perto do trabalho”", "“Perto do trabalho”: preço máximo R$ 3.000,00 → R$ 2.500,00".
 */

export interface SearchSnapshot {
  nome: string;
  ativa: boolean;
  filtros: SearchFilters;
}

const brl = formatBRL;
const day = (iso: string) => iso.split("-").reverse().join("/");
const list = (xs: string[]) => (xs.length ? xs.join(", ") : "qualquer");
const none = "sem limite";

/** Each filter's name and how its value reads. */
const FIELDS: { [K in keyof SearchFilters]: [string, (v: SearchFilters[K]) => string] } = {
  ufs: ["UFs", (v) => list(v)],
  cidades: ["cidades", (v) => list(v)],
  bairros: ["bairros", (v) => list(v)],
  precoMin: ["preço mínimo", (v) => (v === null ? none : brl(v))],
  precoMax: ["preço máximo", (v) => (v === null ? none : brl(v))],
  quartosMin: ["quartos (mínimo)", (v) => (v === null ? "qualquer" : String(v))],
  banheirosMin: ["banheiros (mínimo)", (v) => (v === null ? "qualquer" : String(v))],
  vagasMin: ["vagas (mínimo)", (v) => (v === null ? "qualquer" : String(v))],
  areaMin: ["área mínima", (v) => (v === null ? "qualquer" : `${v} m²`)],
  tipos: ["tipos", (v) => list(v.map((t) => UNIT_TYPE_NAMES[t]))],
  pets: ["animais", (v) => (v ? "aceita animais" : "tanto faz")],
  mobiliado: ["mobília", (v) => (v === null ? "tanto faz" : v ? "mobiliado" : "sem mobília")],
  entradaDe: ["entrada a partir de", (v) => (v === null ? "qualquer data" : day(v))],
  entradaAte: ["entrada até", (v) => (v === null ? "qualquer data" : day(v))],
  palavras: ["palavras", (v) => (v ? `“${v}”` : "nenhuma")],
};

function filterChanges(nome: string, before: SearchFilters, after: SearchFilters): string[] {
  const out: string[] = [];
  for (const key of Object.keys(FIELDS) as (keyof SearchFilters)[]) {
    const [label, show] = FIELDS[key] as [string, (v: unknown) => string];
    const a = show(before[key]);
    const b = show(after[key]);
    if (a !== b) out.push(`“${nome}”: ${label} ${a} → ${b}`);
  }
  return out;
}

/**
 * The changes from `before` to `after`. Searches are paired by position among those kept (a
 * version is always the whole list, in the order they were made), then by name.
 */
export function describeChanges(before: SearchSnapshot[], after: SearchSnapshot[]): string[] {
  const out: string[] = [];
  const left = [...before];
  for (const s of after) {
    const i = left.findIndex((b) => b.nome === s.nome);
    if (i < 0) {
      out.push(`Criou a busca “${s.nome}”`);
      continue;
    }
    const [b] = left.splice(i, 1) as [SearchSnapshot];
    if (b.ativa !== s.ativa) out.push(s.ativa ? `Retomou a busca “${s.nome}”` : `Pausou a busca “${s.nome}”`);
    out.push(...filterChanges(s.nome, b.filtros, s.filtros));
  }
  for (const b of left) out.push(`Apagou a busca “${b.nome}”`);
  return out;
}

const KIND_NAMES: Record<ChosenKind, string> = {
  match: "Novas ofertas",
  price_drop: "Baixas de preço",
  proposal: "Propostas",
  contract: "Contrato e assinaturas",
  message: "Mensagens não lidas",
  rent: "Aluguel e cobranças",
  lease: "Prazo e fim da locação",
};
const CHANNEL_NAMES = {
  app: "só no app",
  email: "por e-mail na hora",
  digest: "no resumo diário",
  off: "desligado",
} as const;

/** What changed in how one is told: "Novas ofertas: por e-mail na hora → no resumo diário". */
export function describeSettingsChanges(
  before: NotificationSettings | null,
  after: NotificationSettings | null,
): string[] {
  if (!before || !after) return [];
  const out: string[] = [];
  for (const kind of Object.keys(KIND_NAMES) as ChosenKind[]) {
    // A version saved before the kind had a choice had it at its default.
    const a = before.canais[kind] ?? DEFAULT_CHANNELS[kind];
    const b = after.canais[kind] ?? DEFAULT_CHANNELS[kind];
    if (a !== b) out.push(`${KIND_NAMES[kind]}: ${CHANNEL_NAMES[a]} → ${CHANNEL_NAMES[b]}`);
  }
  if (before.horaResumo !== after.horaResumo)
    out.push(`Hora do resumo diário: ${before.horaResumo}h → ${after.horaResumo}h`);
  return out;
}

/** What each kind of alert is called in its e-mails and on the unsubscribe page. */
export const KIND_WORDS: Record<ChosenKind, string> = {
  match: "novas ofertas para as suas buscas",
  price_drop: "baixas de preço dos seus favoritos",
  proposal: "mudanças nas suas propostas",
  contract: "passos dos seus contratos",
  message: "mensagens não lidas",
  rent: "cobranças e pagamentos do aluguel",
  lease: "prazo e fim das suas locações",
};
