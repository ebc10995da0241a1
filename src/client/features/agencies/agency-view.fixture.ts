import type { AgencyView, MyAgencies } from "../../../shared/contracts/agencies";

/*
 * An agency as GET /api/agencies/:id shows it to one of its administradores, and one's agencies as
 * GET /api/agencies lists them, for screen and component tests (issue 34).
 */

export const AGENCY_ID = "a9e00000-0000-4000-8000-000000000001";

export function agencyViewOf(over: Partial<AgencyView> = {}): AgencyView {
  return {
    id: AGENCY_ID,
    razaoSocial: "Alfa Administração de Imóveis Ltda.",
    nomeFantasia: "Alfa Imóveis",
    // An alphanumeric CNPJ (IN RFB 2.229/2024), kept as its 14 characters.
    cnpj: "12ABC34501DE35",
    endereco: {
      cep: "20040002",
      logradouro: "Avenida Rio Branco",
      numero: "100",
      complemento: "sala 1201",
      bairro: "Centro",
      cidade: "Rio de Janeiro",
      uf: "RJ",
    },
    creci: { numero: "12345-J", uf: "RJ" },
    meuPapel: "administrador",
    areas: ["equipe", "carteira", "financeiro", "vistorias"],
    membros: [
      {
        userId: "u1",
        nome: "Marta Souza",
        email: "marta@example.com",
        papel: "administrador",
        creci: null,
        desde: "2026-11-02T15:00:00.000Z",
      },
      {
        userId: "u2",
        nome: "Caio Lima",
        email: "caio@example.com",
        papel: "corretor",
        creci: { numero: "54321-F", uf: "RJ" },
        desde: "2026-11-10T15:00:00.000Z",
      },
      {
        userId: "u3",
        nome: "Rita Alves",
        email: "rita@example.com",
        papel: "vistoriador",
        creci: null,
        desde: "2026-11-12T15:00:00.000Z",
      },
    ],
    convites: [
      {
        id: "1a7e0000-0000-4000-8000-000000000001",
        email: "joana@example.com",
        papel: "financeiro",
        convidadoPor: "Marta Souza",
        expiraEm: "2026-12-08T15:00:00.000Z",
      },
    ],
    ...over,
  };
}

/** One's agencies as GET /api/agencies lists them: this one, with one's role in it. */
export function myAgenciesOf(
  agencies: AgencyView[] = [agencyViewOf()],
  convites: MyAgencies["convites"] = [],
) {
  return {
    agencias: agencies.map((a) => ({
      id: a.id,
      nome: a.nomeFantasia ?? a.razaoSocial,
      papel: a.meuPapel,
      areas: a.areas,
    })),
    convites,
  } satisfies MyAgencies;
}
