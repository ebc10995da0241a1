import http from "node:http";
import type { AddressInfo } from "node:net";
import { SGS_195_POINTS } from "./sgs-savings";

/**
 * A stand-in for Banco Central's SGS JSON API (api.bcb.gov.br), written from its public
 * documentation (dadosabertos.bcb.gov.br, "json_serie-sgs") and what its users reported:
 * - `GET /dados/serie/bcdata.sgs.{series}/dados?formato=json&dataInicial=dd/MM/yyyy&dataFinal=dd/MM/yyyy`
 *   answers 200 `[{ "data": "01/11/2024", "valor": "0.39" }, …]`, both dates inclusive, in the
 *   order the data was given here (SGS answers in date order);
 * - a window holding no data, after some data: SGS has been seen answering the series' LAST
 *   earlier value instead of `[]` (rafpyprog/pySGS#32, 2019–2020). Whether it still does is not
 *   documented; this fake does it, so the client is proven to filter;
 * - a window wholly before the series' first data: `[]` here. Unsure: reports say "an error 400
 *   or an empty answer" for refused windows, nothing specific for this case;
 * - an unknown series: 404 with an HTML page (the gateway's; its exact text is not documented);
 * - a malformed date, or a window that ends before it starts: 400 with
 *   `{ "erro": { "statusCode": 400, "detail": "br.gov.bcb.pec.sgs.comum.excecoes.SGSNegocioException: …" } }`,
 *   the shape SGS is reported to use for a refused `/ultimos/N` (wilsonfreitas/python-bcb#22); the
 *   shape for these two cases is a guess;
 * - a daily series (here 195, the savings rate) is refused with 406 `{ error, message, syntax }`
 *   without a `dataInicial`, or with a window over 10 years (python-bcb#19, rbcb#63/#64). SGS's
 *   own example of the longest window runs from a day to the same day ten years on
 *   (`dataInicial=29/03/2015&dataFinal=29/03/2025`), so that is accepted here and a day more
 *   is not; monthly series have no such limit.
 * Series 195 is served by default, from the real values of tests/support/sgs-savings.ts (the
 * days with no known value are not published); a test's own `195` replaces them.
 * `series` is live: a test may publish a month after the fake started. `mode` makes it fail
 * (`down`: 503 with an HTML page, as the gateway does; `hang`: never answers). `requests` holds
 * each request's path and query, as sent.
 */
export type SgsPoint = { data: string; valor: string };
export type SgsMode = "ok" | "down" | "hang";

const HTML_404 =
  "<!DOCTYPE html><html><head><title>404 Not Found</title></head><body><h1>Not Found</h1>" +
  "<p>The requested URL was not found on this server.</p></body></html>";
const HTML_503 =
  "<!DOCTYPE html><html><head><title>503 Service Unavailable</title></head><body>" +
  "<h1>Service Unavailable</h1></body></html>";

/** The series SGS keeps one value a calendar day for, which it serves ten years at a time. */
const DAILY = new Set([195]);

const WINDOW_TOO_LONG = {
  error: "O sistema aceita uma janela de consulta de, no máximo, 10 anos em séries de periodicidade diária",
  message:
    "Para acessar uma série de periodicidade diária, é necessário informar a dataInicial - parâmetro textual que representa a data de início da consulta, no formato dd/mm/aaaa. Pode-se também especificar a dataFinal (opcional) - parâmetro textual que representa a data final da consulta, no formato dd/mm/aaaa",
  syntax:
    "Para ler os últimos 10 anos, a partir da data de hoje, a sintaxe ficaria da seguinte forma: https://api.bcb.gov.br/dados/serie/bcdata.sgs.195/dados?dataInicial=29/03/2015 ou, caso se especifique também a data final, dessa maneira: https://api.bcb.gov.br/dados/serie/bcdata.sgs.195/dados?dataInicial=29/03/2015&dataFinal=29/03/2025",
};

/** yyyy-MM-dd ten years on (the same day and month; 29 February to 1 March). */
function tenYearsOn(day: string): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y + 10, m - 1, d)).toISOString().slice(0, 10);
}

/** dd/MM/yyyy → yyyy-MM-dd, which sorts as dates do; null when it is not such a date. */
function sortable(date: string | null): string | null {
  const m = date?.match(/^(\d{2})\/(\d{2})\/(\d{4})$/);
  if (!m) return null;
  const [, dd, mm, yyyy] = m;
  const d = new Date(`${yyyy}-${mm}-${dd}T00:00:00Z`);
  if (Number.isNaN(d.getTime()) || d.getUTCDate() !== Number(dd)) return null;
  return `${yyyy}-${mm}-${dd}`;
}

export async function startFakeSgs(series: Record<number, SgsPoint[]>) {
  const known: Record<number, SgsPoint[]> = { 195: SGS_195_POINTS.map((p) => ({ ...p })), ...series };
  const requests: string[] = [];
  const state: { mode: SgsMode } = { mode: "ok" };
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    requests.push(req.url ?? "");
    const url = new URL(req.url ?? "/", "http://fake");
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
    const html = (status: number, body: string) =>
      res.writeHead(status, { "content-type": "text/html; charset=utf-8" }).end(body);

    if (state.mode === "hang") {
      hanging.add(res);
      return;
    }
    if (state.mode === "down") return html(503, HTML_503);

    const match = url.pathname.match(/^\/dados\/serie\/bcdata\.sgs\.(\d+)\/dados$/);
    const points = match ? known[Number(match[1])] : undefined;
    if (!points) return html(404, HTML_404);

    const from = url.searchParams.get("dataInicial");
    const to = url.searchParams.get("dataFinal");
    const start = from === null ? "0000-00-00" : sortable(from);
    const end = to === null ? "9999-99-99" : sortable(to);
    const refuse = (detail: string) =>
      json(400, {
        erro: { statusCode: 400, detail: `br.gov.bcb.pec.sgs.comum.excecoes.SGSNegocioException: ${detail}` },
      });
    if (start === null || end === null) return refuse("Data inválida");
    if (end < start) return refuse("A data final deve ser maior ou igual à data inicial");
    const series = Number(match?.[1]);
    // Without a dataFinal SGS reads to today, which this fake does not know: only the start is judged.
    if (DAILY.has(series) && (from === null || (to !== null && end > tenYearsOn(start))))
      return json(406, WINDOW_TOO_LONG);

    const inWindow = points.filter((p) => {
      const at = sortable(p.data) ?? "";
      return at >= start && at <= end;
    });
    if (inWindow.length > 0) return json(200, inWindow);
    const before = points.filter((p) => (sortable(p.data) ?? "") < start);
    return json(200, before.length > 0 ? [before[before.length - 1]] : []);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The base URL, in the place of https://api.bcb.gov.br. */
    url,
    requests,
    /** What each series holds; assign to publish a month. */
    series: known,
    get mode(): SgsMode {
      return state.mode;
    },
    set mode(mode: SgsMode) {
      state.mode = mode;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
