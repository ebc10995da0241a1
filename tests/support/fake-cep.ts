import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * Stand-ins for the two public CEP services Chave asks, written from their public documentation:
 * - BrasilAPI CEP v1 (brasilapi.com.br/docs#tag/CEP): `GET /api/cep/v1/{cep}` answers 200
 *   `{ cep, state, city, neighborhood, street, service }`, 404 `{ name: "CepPromiseError",
 *   type: "service_error", ... }` when no service knows it, 400 for a malformed CEP;
 * - ViaCEP (viacep.com.br): `GET /ws/{cep}/json/` answers 200 with `{ cep, logradouro,
 *   complemento, unidade, bairro, localidade, uf, estado, regiao, ibge, gia, ddd, siafi }`, 200
 *   `{ "erro": "true" }` for an unknown CEP, 400 (an HTML page) for a malformed one.
 * A test sets how each behaves (`ok`, `down` = 500, `hang` = never answers) and counts the calls.
 */
export interface KnownCep {
  street: string;
  neighborhood: string;
  city: string;
  state: string;
}

export type ServiceMode = "ok" | "down" | "hang";

export async function startFakeCep(known: Record<string, KnownCep>, port = 0) {
  const mode: { brasilapi: ServiceMode; viacep: ServiceMode } = { brasilapi: "ok", viacep: "ok" };
  const calls = { brasilapi: 0, viacep: 0 };
  /** What each service knows (a test may make one lack a CEP the other has). */
  const knows = { brasilapi: { ...known }, viacep: { ...known } };
  const hanging = new Set<http.ServerResponse>();

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const brasil = url.pathname.match(/^\/api\/cep\/v1\/([^/]+)$/);
    const via = url.pathname.match(/^\/ws\/([^/]+)\/json\/?$/);
    const service = brasil ? "brasilapi" : via ? "viacep" : null;
    if (!service) {
      res.writeHead(404).end();
      return;
    }
    calls[service]++;
    if (mode[service] === "hang") {
      hanging.add(res);
      return;
    }
    if (mode[service] === "down") {
      res.writeHead(500, { "content-type": "text/plain" }).end("Internal Server Error");
      return;
    }
    const cep = decodeURIComponent((brasil ?? via)?.[1] ?? "");
    const json = (status: number, body: unknown) =>
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" }).end(JSON.stringify(body));
    if (!/^\d{8}$/.test(cep)) {
      if (service === "brasilapi")
        json(400, {
          name: "CepPromiseError",
          message: "CEP deve conter exatamente 8 caracteres.",
          type: "validation_error",
          errors: [{ message: "CEP informado possui mais do que 8 caracteres.", service: "cep_validation" }],
        });
      else res.writeHead(400, { "content-type": "text/html" }).end("<h1>Erro 400</h1>");
      return;
    }
    const hit = knows[service][cep];
    if (service === "brasilapi") {
      if (!hit)
        json(404, {
          name: "CepPromiseError",
          message: "Todos os serviços de CEP retornaram erro.",
          type: "service_error",
          errors: [{ name: "ServiceError", message: "CEP NAO ENCONTRADO", service: "correios" }],
        });
      else json(200, { cep, ...hit, service: "correios" });
      return;
    }
    if (!hit) json(200, { erro: "true" });
    else
      json(200, {
        cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
        logradouro: hit.street,
        complemento: "",
        unidade: "",
        bairro: hit.neighborhood,
        localidade: hit.city,
        uf: hit.state,
        estado: "",
        regiao: "",
        ibge: "",
        gia: "",
        ddd: "",
        siafi: "",
      });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    /** The environment that points Chave at this fake. */
    env: { CEP_BRASILAPI_URL: `${base}/api/cep/v1`, CEP_VIACEP_URL: `${base}/ws` },
    mode,
    calls,
    knows,
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
