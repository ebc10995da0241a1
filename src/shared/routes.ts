/**
 * The route table of the seed: every path it names, how it matches and who may enter.
 * The client router is built from this table; `screen` names the screen folder that serves the
 * route. A route whose screen has not been built yet has no `screen` and falls to not-found.
 */
export type RouteMatch = "exact" | "prefix";
/** public: anyone; signed-in: needs a session; signed-out: a signed-in user is sent home. */
export type RouteAccess = "public" | "signed-in" | "signed-out";

export type ScreenName =
  | "Home"
  | "Signup"
  | "Login"
  | "Password"
  | "Logoff"
  | "Config"
  | "ViewDocument"
  | "Camera"
  | "Convert"
  | "profile3"
  | "AluguelOferta"
  | "AluguelOfertaOLD"
  | "AdicionarUnidade"
  | "profile"
  | "profile2"
  | "AluguelProposta"
  | "PropostaEnviada"
  | "AprovarProposta"
  | "AluguelHistorico"
  | "Clicksign"
  | "Message"
  | "preferences"
  | "preferences2"
  | "PreferencesHist"
  | "Privacidade"
  | "Termos"
  | "Verificar"
  | "Vistoria"
  | "Locacao"
  | "Cobranca"
  | "Empresas"
  | "Imobiliaria";

export interface RouteDef {
  path: string;
  match: RouteMatch;
  access: RouteAccess;
  screen?: ScreenName;
}

export const routes: readonly RouteDef[] = [
  { path: "/", match: "exact", access: "public", screen: "Home" },
  { path: "/v1", match: "exact", access: "public", screen: "Home" },
  { path: "/v2", match: "exact", access: "public", screen: "Home" },
  { path: "/v3", match: "exact", access: "public", screen: "Home" },
  { path: "/v4", match: "exact", access: "public", screen: "Home" },
  { path: "/AluguelOferta", match: "exact", access: "public", screen: "AluguelOferta" },
  { path: "/AluguelOfertaOLD", match: "exact", access: "public", screen: "AluguelOfertaOLD" },
  { path: "/AluguelProposta", match: "exact", access: "signed-in", screen: "AluguelProposta" },
  { path: "/AprovarProposta", match: "exact", access: "signed-in", screen: "AprovarProposta" },
  { path: "/PropostaEnviada", match: "exact", access: "signed-in", screen: "PropostaEnviada" },
  { path: "/AluguelHistorico", match: "exact", access: "signed-in", screen: "AluguelHistorico" },
  { path: "/signup", match: "prefix", access: "signed-out", screen: "Signup" },
  { path: "/login", match: "prefix", access: "signed-out", screen: "Login" },
  { path: "/password", match: "prefix", access: "public", screen: "Password" },
  { path: "/logoff", match: "prefix", access: "public", screen: "Logoff" },
  { path: "/profile", match: "prefix", access: "signed-in", screen: "profile" },
  { path: "/profile2", match: "prefix", access: "signed-in", screen: "profile2" },
  { path: "/profile3", match: "prefix", access: "signed-in", screen: "profile3" },
  { path: "/AdicionarUnidade", match: "prefix", access: "signed-in", screen: "AdicionarUnidade" },
  { path: "/preferences", match: "prefix", access: "signed-in", screen: "preferences" },
  { path: "/preferences2", match: "prefix", access: "signed-in", screen: "preferences2" },
  { path: "/Clicksign", match: "prefix", access: "public", screen: "Clicksign" },
  { path: "/Config", match: "prefix", access: "signed-in", screen: "Config" },
  { path: "/ViewDocument", match: "prefix", access: "signed-in", screen: "ViewDocument" },
  { path: "/Camera", match: "prefix", access: "signed-in", screen: "Camera" },
  { path: "/PreferencesHist", match: "prefix", access: "signed-in", screen: "PreferencesHist" },
  { path: "/Message", match: "prefix", access: "signed-in", screen: "Message" },
  { path: "/Convert", match: "prefix", access: "signed-in", screen: "Convert" },
  // Not in the seed: LGPD asks for them (issue 17), linked from the footer and the sign-up form.
  { path: "/privacidade", match: "exact", access: "public", screen: "Privacidade" },
  { path: "/termos", match: "exact", access: "public", screen: "Termos" },
  // Not in the seed: anyone checks a sealed contract's PDF (issue 27; decision 033).
  { path: "/Verificar", match: "exact", access: "public", screen: "Verificar" },
  // Not in the seed: the move-in and move-out inspection of a lease (issue 31).
  { path: "/Vistoria", match: "exact", access: "signed-in", screen: "Vistoria" },
  // Not in the seed: a signed lease's money, and one month's charge (issue 32).
  { path: "/Locacao", match: "exact", access: "signed-in", screen: "Locacao" },
  { path: "/Cobranca", match: "exact", access: "signed-in", screen: "Cobranca" },
  // Issue 34: the companies one rents or lets in the name of.
  { path: "/Empresas", match: "exact", access: "signed-in", screen: "Empresas" },
  // Issue 34: the agency one works in, its team by role and the invitations to one's e-mail.
  { path: "/Imobiliaria", match: "exact", access: "signed-in", screen: "Imobiliaria" },
];

/** Whether `pathname` (no query) belongs to `route`, case-sensitively as the seed's paths are. */
export function matchesRoute(route: RouteDef, pathname: string): boolean {
  if (route.match === "exact") return pathname === route.path || pathname === `${route.path}/`;
  if (route.path === "/") return true;
  return pathname === route.path || pathname.startsWith(`${route.path}/`);
}

/** The route that serves `pathname`: exact routes first, then the longest matching prefix. */
export function findRoute(pathname: string): RouteDef | undefined {
  const exact = routes.find((r) => r.match === "exact" && matchesRoute(r, pathname));
  if (exact) return exact;
  let best: RouteDef | undefined;
  for (const r of routes) {
    if (r.match === "prefix" && matchesRoute(r, pathname) && (!best || r.path.length > best.path.length)) {
      best = r;
    }
  }
  return best;
}

/** Only same-site relative paths are accepted as a `?next=` target, so a link cannot send a user away. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return "/";
  // Browsers drop tabs and line breaks from a URL: "/\t/golpe.example" would become "//golpe.example".
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses.
  if (/[\u0000-\u001f\u007f]/.test(next)) return "/";
  return next;
}
