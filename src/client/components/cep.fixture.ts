import { vi } from "vitest";
import type { CepAddress } from "../../shared/contracts/cep";
import ptBR from "../../shared/locales/pt-BR.json";

/**
 * Answers the address forms' CEP lookups (`GET /api/cep/:cep`) as our server would: the known
 * addresses, 404 `cep-not-found` for the rest. Returns the stub to count the calls.
 */
export function stubCepLookup(known: Record<string, CepAddress> = {}) {
  const fetch = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    const cep = url.match(/\/api\/cep\/(\d+)$/)?.[1];
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    if (!cep) return json(404, { code: "not-found", message: ptBR.errors["not-found"] });
    const address = known[cep];
    return address
      ? json(200, address)
      : json(404, { code: "cep-not-found", message: ptBR.errors["cep-not-found"] });
  });
  vi.stubGlobal("fetch", fetch);
  return fetch;
}
