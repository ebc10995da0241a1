import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { findRoute, routes, safeNextPath } from "./routes";

describe("route table", () => {
  it("holds every route of the seed once, and the public privacy policy and terms (issue 17)", () => {
    const seed = [
      "/",
      "/v1",
      "/v2",
      "/v3",
      "/v4",
      "/AluguelOferta",
      "/AluguelOfertaOLD",
      "/AluguelProposta",
      "/AprovarProposta",
      "/PropostaEnviada",
      "/AluguelHistorico",
      "/signup",
      "/login",
      "/password",
      "/logoff",
      "/profile",
      "/profile2",
      "/profile3",
      "/AdicionarUnidade",
      "/preferences",
      "/preferences2",
      "/Clicksign",
      "/Config",
      "/ViewDocument",
      "/Camera",
      "/PreferencesHist",
      "/Message",
      "/Convert",
      "/privacidade",
      "/termos",
      "/Verificar",
      "/Vistoria",
      "/Locacao",
      "/Cobranca",
      "/Empresas",
      "/Imobiliaria",
    ];
    expect(routes.map((r) => r.path).sort()).toEqual([...seed].sort());
  });

  it("serves /Imobiliaria (issue 34) to a signed-in person, exactly and case-sensitively", () => {
    expect(findRoute("/Imobiliaria")).toEqual({
      path: "/Imobiliaria",
      match: "exact",
      access: "signed-in",
      screen: "Imobiliaria",
    });
    expect(findRoute("/Imobiliaria/")?.screen).toBe("Imobiliaria");
    expect(findRoute("/Imobiliaria/x")).toBeUndefined();
    expect(findRoute("/imobiliaria")).toBeUndefined();
  });

  it("matches exact routes only on their path", () => {
    expect(findRoute("/AluguelOferta")?.path).toBe("/AluguelOferta");
    expect(findRoute("/AluguelOferta/1")).toBeUndefined();
    expect(findRoute("/AluguelOfertaOLD")?.path).toBe("/AluguelOfertaOLD");
    expect(findRoute("/aluguelOferta")).toBeUndefined();
  });

  it("matches prefix routes at a / boundary", () => {
    expect(findRoute("/profile/x")?.path).toBe("/profile");
    expect(findRoute("/profile2")?.path).toBe("/profile2");
    expect(findRoute("/profile2/a/b")?.path).toBe("/profile2");
    expect(findRoute("/password/reset")?.path).toBe("/password");
    expect(findRoute("/preferences2")?.path).toBe("/preferences2");
    expect(findRoute("/PreferencesHist")?.path).toBe("/PreferencesHist");
    expect(findRoute("/profilex")).toBeUndefined();
  });

  it("never sends ?next= away from the site", () => {
    expect(safeNextPath("/Config?x=1")).toBe("/Config?x=1");
    for (const bad of [
      null,
      "",
      "https://golpe.example",
      "//golpe.example",
      "/\\golpe.example",
      "javascript:alert(1)",
      "/\t/golpe.example",
      "/\n/golpe.example",
    ]) {
      expect(safeNextPath(bad)).toBe("/");
    }
    fc.assert(
      fc.property(fc.string(), (s) => {
        const next = safeNextPath(s);
        return next.startsWith("/") && !next.startsWith("//") && !next.startsWith("/\\");
      }),
    );
  });
});
