import { randomBytes } from "node:crypto";
import { addMonths, brazilDate } from "../../src/shared/contracts/proposals";
import { randomCpf } from "./files";

/*
 * Valid request bodies for the market's entities, for Vitest, Playwright and the benches alike (no
 * test runner imported here), as profiles.ts is for a person's profile: a new required field of a
 * unit, an offer or a proposal is added here once, and every test that sets one up follows.
 */

/** A valid `POST /api/units` body: a furnished 3-bedroom flat in Botafogo, Rio, unless `over` says otherwise. */
export function unitBodyOf(fotos: string[], over: Record<string, unknown> = {}) {
  return {
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
    fotos,
    ...over,
  };
}

/** What a test may change in an offer's body (integers in centavos). */
export interface OfferTerms {
  aluguel?: number;
  condominio?: number;
  iptu?: number;
  seguroIncendio?: number;
  caucaoMeses?: number;
  prazoMeses?: number;
  disponivelEm?: string;
}

/** A valid `POST /api/offers` body for `unitId`: R$ 4.500 of rent, a caução of 2 months where it is accepted. */
export function offerBodyOf(unitId: string, garantias = ["fiador", "seguro_fianca"], terms: OfferTerms = {}) {
  return {
    unidadeId: unitId,
    aluguel: 450000,
    condominio: 120000,
    iptu: 25000,
    seguroIncendio: 4000,
    garantias,
    disponivelEm: "2027-01-05",
    ...(garantias.includes("caucao") ? { caucaoMeses: 2 } : {}),
    ...terms,
  };
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
