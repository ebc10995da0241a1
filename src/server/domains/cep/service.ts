import { LRUCache } from "lru-cache";
import { type CepAddress, cepAddress } from "../../../shared/contracts/cep";
import { formatCep } from "../../../shared/contracts/listings";
import { AppError } from "../../../shared/errors";

/**
 * The address a CEP names, asked of public CEP services in turn (decision 020): BrasilAPI first
 * (it itself asks the Correios and others), ViaCEP when BrasilAPI fails or is slow. A CEP's
 * address rarely changes, so answers (found and not found) are kept a day per node.
 */
export interface CepLookupOptions {
  brasilApiUrl: string;
  viaCepUrl: string;
  /** The longest each service may take before the next is asked. */
  timeoutMs: number;
  log?: { warn(o: unknown, m: string): void };
}

/** What one service said: an address, "no such CEP", or nothing useful (down, slow, garbled). */
type Answer = CepAddress | "not-found" | "failed";

const DAY_MS = 24 * 60 * 60 * 1000;

export class CepLookup {
  private readonly cache = new LRUCache<string, CepAddress | "not-found">({ max: 10_000, ttl: DAY_MS });

  constructor(private readonly options: CepLookupOptions) {}

  /** `cep` is 8 digits. Throws `cep-not-found` (404) or `cep-lookup-unavailable` (503). */
  async find(cep: string): Promise<CepAddress> {
    const known = this.cache.get(cep);
    if (known === "not-found") throw new AppError("cep-not-found");
    if (known) return known;
    let notFound = false;
    for (const ask of [() => this.brasilApi(cep), () => this.viaCep(cep)]) {
      const answer = await ask();
      if (answer === "failed") continue;
      if (answer === "not-found") {
        // One service may lack a new CEP the other has: ask the next before saying so.
        notFound = true;
        continue;
      }
      this.cache.set(cep, answer);
      return answer;
    }
    if (notFound) {
      this.cache.set(cep, "not-found");
      throw new AppError("cep-not-found");
    }
    throw new AppError("cep-lookup-unavailable");
  }

  /** BrasilAPI CEP v1: 200 `{ cep, state, city, neighborhood, street }`, 404 when no service knows it. */
  private async brasilApi(cep: string): Promise<Answer> {
    const res = await this.get(`${this.options.brasilApiUrl}/${cep}`, "brasilapi");
    if (!res) return "failed";
    if (res.status === 404) return "not-found";
    if (!res.ok) return this.failed("brasilapi", `status ${res.status}`);
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    return this.address("brasilapi", cep, {
      logradouro: body?.street,
      bairro: body?.neighborhood,
      cidade: body?.city,
      uf: body?.state,
    });
  }

  /** ViaCEP: 200 with the address, or 200 `{ "erro": true }` (or `"true"`) for an unknown CEP. */
  private async viaCep(cep: string): Promise<Answer> {
    const res = await this.get(`${this.options.viaCepUrl}/${cep}/json/`, "viacep");
    if (!res) return "failed";
    if (!res.ok) return this.failed("viacep", `status ${res.status}`);
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (body?.erro === true || body?.erro === "true") return "not-found";
    return this.address("viacep", cep, {
      logradouro: body?.logradouro,
      bairro: body?.bairro,
      cidade: body?.localidade,
      uf: body?.uf,
    });
  }

  private async get(url: string, service: string): Promise<Response | null> {
    try {
      return await fetch(url, {
        headers: { accept: "application/json" },
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      this.options.log?.warn({ err, service }, "the CEP service did not answer");
      return null;
    }
  }

  private address(service: string, cep: string, fields: Record<string, unknown>): Answer {
    const parsed = cepAddress.safeParse({
      cep: formatCep(cep),
      logradouro: typeof fields.logradouro === "string" ? fields.logradouro.trim() : "",
      bairro: typeof fields.bairro === "string" ? fields.bairro.trim() : "",
      cidade: fields.cidade,
      uf: fields.uf,
    });
    return parsed.success ? parsed.data : this.failed(service, "an answer without city or UF");
  }

  private failed(service: string, why: string): "failed" {
    this.options.log?.warn({ service, why }, "the CEP service answered something unusable");
    return "failed";
  }
}
