import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { addMonths, brazilDate } from "../../src/shared/contracts/proposals";
import { makePng, randomCpf } from "./files";
import { addressProfileOf, personalProfileOf } from "./profiles";
import { ORIGIN, signUp } from "./test-app";
import { uploadBytes } from "./tus";

/** Helpers that set the market up through the API: people with profiles, published offers. */
export function caller(app: FastifyInstance) {
  return (
    method: "GET" | "POST" | "PUT" | "DELETE",
    url: string,
    cookie?: string,
    body?: unknown,
    ip?: string,
  ) =>
    app.inject({
      ...(ip ? { remoteAddress: ip } : {}),
      method,
      url,
      headers: {
        origin: ORIGIN,
        ...(cookie ? { cookie } : {}),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
      },
      ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
    });
}

/** A signed-in person whose profile is complete (may propose, sign, publish). */
export async function personWithProfile(app: FastifyInstance, name: string) {
  const call = caller(app);
  const u = await signUp(app, { name });
  const body = personalProfileOf(name);
  const personal = await call("PUT", "/api/profile/personal", u.cookie, body);
  if (personal.statusCode !== 200) throw new Error(personal.body);
  const address = await call("PUT", "/api/profile/address", u.cookie, addressProfileOf());
  if (address.statusCode !== 200) throw new Error(address.body);
  return { ...u, cpf: body.cpf, fullName: body.nomeCompleto };
}

/** What a test may change in the offer `publishedOfferOf` publishes (integers in centavos). */
export interface OfferTerms {
  aluguel?: number;
  condominio?: number;
  iptu?: number;
  seguroIncendio?: number;
  caucaoMeses?: number;
  prazoMeses?: number;
  disponivelEm?: string;
}

export async function publishedOfferOf(
  app: FastifyInstance,
  baseUrl: string,
  cookie: string,
  garantias = ["fiador", "seguro_fianca"],
  terms: OfferTerms = {},
  unitOver: Record<string, unknown> = {},
) {
  const call = caller(app);
  const photo = (
    await uploadBytes({ baseUrl, cookie, origin: ORIGIN }, makePng(30, 20, [10, 120, 200]), {
      filename: "f.png",
      kind: "foto_unidade",
      folder: "unidades",
    })
  ).json<{ id: string }>().id;
  const unit = (
    await call("POST", "/api/units", cookie, {
      tipo: "apartamento",
      cep: "22250040",
      logradouro: "Praia de Botafogo",
      numero: "300",
      complemento: "apto 1201",
      bairro: "Botafogo",
      cidade: "Rio de Janeiro",
      uf: "RJ",
      areaM2: 90,
      quartos: 3,
      banheiros: 2,
      vagas: 1,
      mobiliado: true,
      aceitaPets: false,
      fotos: [photo],
      ...unitOver,
    })
  ).json<{ id: string }>();
  if (!unit.id) throw new Error(`unit: ${JSON.stringify(unit)}`);
  const offer = (
    await call("POST", "/api/offers", cookie, {
      unidadeId: unit.id,
      aluguel: 450000,
      condominio: 120000,
      iptu: 25000,
      seguroIncendio: 4000,
      garantias,
      disponivelEm: "2027-01-05",
      ...(garantias.includes("caucao") ? { caucaoMeses: 2 } : {}),
      ...terms,
    })
  ).json<{ id: string }>();
  if (!offer.id) throw new Error(`offer: ${JSON.stringify(offer)}`);
  const published = await call("POST", `/api/offers/${offer.id}/publish`, cookie);
  if (published.statusCode !== 200) throw new Error(published.body);
  return offer.id;
}

/** An entry date the rules accept: a month from `now` (Brazil's date). */
export const entryDate = (now = new Date()) => addMonths(brazilDate(now), 1);

/** A guarantor of one's own, with an e-mail and a CPF nobody else in the contract has. */
export function guarantorOf(name = "Antônio Gonçalves Fiador") {
  return {
    nome: name,
    cpf: randomCpf(),
    email: `fiador.${randomBytes(5).toString("hex")}@exemplo.com.br`,
    parentesco: "pai",
    estadoCivil: "viuvo",
    conjuge: null,
  };
}

/** A married guarantor and the spouse who consents (CC art. 1.647, III): both sign. */
export function marriedGuarantorOf(name = "Antônio Gonçalves Fiador", spouse = "Marta Gonçalves Anuente") {
  return {
    ...guarantorOf(name),
    estadoCivil: "casado",
    conjuge: {
      nome: spouse,
      cpf: randomCpf(),
      email: `conjuge.${randomBytes(5).toString("hex")}@exemplo.com.br`,
    },
  };
}

/**
 * The body of a tenant's proposal for `offerId` on the usual terms (an offer of R$ 4.500); with
 * fiador, the tenant names the guarantor (decision 017).
 */
export function proposalBodyOf(offerId: string, garantia = "fiador", over: Record<string, unknown> = {}) {
  return {
    ...(garantia === "fiador" ? { fiador: guarantorOf() } : {}),
    ofertaId: offerId,
    aluguel: 440000,
    dataEntrada: entryDate(),
    prazoMeses: 30,
    garantia,
    moradores: 2,
    pets: false,
    renda: 1_500_000,
    ...over,
  };
}

/** A tenant's proposal for `offerId` on the usual terms; its id. */
export async function proposalOf(
  app: FastifyInstance,
  cookie: string,
  offerId: string,
  garantia = "fiador",
  over: Record<string, unknown> = {},
) {
  const res = await caller(app)("POST", "/api/proposals", cookie, proposalBodyOf(offerId, garantia, over));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json<{ id: string }>().id;
}
