import { describe, expect, it } from "vitest";
import type { LeaseAmendmentInput } from "../../../../shared/contracts/lease";
import { pdfText } from "../pdf-boxes.fixture";
import type { StoredContractData } from "../template";
import { crowded } from "../template.fixture";
import { type AmendmentData, aditivo, amendedLease, amendmentClauses } from "./aditivo";
import type { DocumentSource } from "./kind";

/*
 * The termo aditivo's signers and clauses (issue 33 item 1): whoever the change concerns signs —
 * the parties and every co-tenant always, the guarantor and spouse only where the change touches
 * the surety (Súmula 214 do STJ) — and only the changed clauses are written.
 */

const lease: StoredContractData = {
  ...crowded,
  emails: { locador: "locador@example.com", locatario: "locatario@example.com" },
};

/** What an amendment changes, as its data is given (parsed by the kind). */
type AmendmentChanges = LeaseAmendmentInput["mudancas"];

function source(mudancas: AmendmentChanges, l = lease): DocumentSource<AmendmentData> {
  return {
    numero: "2027-ABC123",
    dataEmissao: "2027-02-01",
    lease: l,
    data: aditivo.parse({
      amendmentId: "7b0c6f38-4b4c-4f64-9f1e-1c1f7f0f2a11",
      por: "locatario",
      efeito: "2027-03-01",
      motivo: "Combinado entre as partes",
      mudancas,
      antes: {
        aluguel: l.termos.aluguel,
        prazoMeses: l.termos.prazoMeses,
        diaVencimento: l.termos.diaVencimento,
        garantia: l.termos.garantia,
        colocatarios: l.colocatarios.map((p) => ({ cpf: p.cpf, nome: p.nome })),
      },
      leaseSha256: "ab".repeat(32),
    }),
  };
}

const roles = (m: AmendmentChanges) => aditivo.signers(source(m)).map((s) => s.role);

/** Someone who joins as a co-tenant, qualified as a proposal's co-tenant. */
const carla = {
  nome: "Carla Mendes Ribeiro",
  cpf: "24681357928",
  email: "carla@exemplo.com.br",
  genero: "feminino",
  nacionalidade: "brasileira",
  profissao: "enfermeira",
  rg: "MG-98.765.432",
  rgOrgaoEmissor: "SSP/MG",
  renda: 450_000,
} as const;

/** A new guarantor, married: the spouse consents and signs (CC art. 1.647, III). */
const bruno = {
  nome: "Bruno Tavares Lima",
  cpf: "13579246828",
  email: "bruno@exemplo.com.br",
  parentesco: "tio",
  estadoCivil: "casado",
  genero: "masculino",
  nacionalidade: "brasileiro",
  profissao: "contador",
  conjuge: { nome: "Denise Tavares Lima", cpf: "86420975310", email: "denise@exemplo.com.br" },
  endereco: {
    cep: "30140071",
    uf: "MG",
    cidade: "Belo Horizonte",
    logradouro: "Rua Pernambuco",
    numero: "1000",
    bairro: "Savassi",
  },
} as const;

/** A lease whose guarantee needs no guarantor. */
const insured: StoredContractData = {
  ...lease,
  fiador: null,
  termos: { ...lease.termos, garantia: "seguro_fianca" },
};

describe("the termo aditivo", () => {
  it("is signed by the parties and the co-tenants; the guarantor and spouse only for rent, term or guarantee", () => {
    const all = ["locador", "locatario", "colocatario", "colocatario"];
    const surety = [...all, "fiador", "anuente"];
    expect(roles({ diaVencimento: 5 })).toEqual(all);
    expect(roles({ saemColocatarios: ["15350946056"] })).toEqual(all);
    expect(roles({ aluguel: 300_000 })).toEqual(surety);
    expect(roles({ prazoMeses: 42 })).toEqual(surety);
    expect(roles({ garantia: "caucao", caucaoMeses: 2 })).toEqual(surety);
    // Without a fiança, nobody else.
    const insured = {
      ...lease,
      fiador: null,
      termos: { ...lease.termos, garantia: "seguro_fianca" as const },
    };
    expect(aditivo.signers(source({ aluguel: 300_000 }, insured)).map((s) => s.role)).toEqual(all);
  });

  it("is signed by whoever joins: the new co-tenant; the new guarantor and spouse; the one replaced, released", () => {
    const all = ["locador", "locatario", "colocatario", "colocatario"];
    // A co-tenant joins: she signs, after the others; the surety is not touched.
    const joining = aditivo.signers(source({ entraColocatario: carla }));
    expect(joining.map((s) => s.role)).toEqual([...all, "colocatario"]);
    expect(joining.at(-1)).toMatchObject({ email: carla.email, named: true, p: { cpf: carla.cpf } });
    // Fiança where there was none: the new guarantor and spouse.
    const bonded = aditivo.signers(source({ garantia: "fiador", fiador: bruno }, insured));
    expect(bonded.map((s) => s.role)).toEqual([...all, "fiador", "anuente"]);
    expect(bonded.slice(4).map((s) => [s.p.cpf, s.email, s.named])).toEqual([
      [bruno.cpf, bruno.email, true],
      [bruno.conjuge.cpf, bruno.conjuge.email, true],
    ]);
    // Another guarantor: the one in force and spouse sign (released), then the new ones.
    const replaced = aditivo.signers(source({ fiador: bruno }));
    expect(replaced.slice(4).map((s) => [s.role, s.p.cpf])).toEqual([
      ["fiador", lease.fiador?.cpf],
      ["anuente", lease.fiador?.conjuge?.cpf],
      ["fiador", bruno.cpf],
      ["anuente", bruno.conjuge.cpf],
    ]);
    // An unmarried new guarantor signs alone.
    const single = { ...bruno, estadoCivil: "solteiro", conjuge: null } as const;
    expect(roles({ fiador: single })).toEqual([...all, "fiador", "anuente", "fiador"]);
  });

  it("qualifies the co-tenant who joins as the lease does, jointly liable from the amendment's date", () => {
    const [clause, ...rest] = amendmentClauses(lease, source({ entraColocatario: carla }).data);
    expect(rest).toEqual([]);
    expect(clause?.[0]).toBe("Dos locatários");
    expect(clause?.[1]).toBe(
      "A partir de 01/03/2027, ingressa na locação, como COLOCATÁRIA, CARLA MENDES RIBEIRO, brasileira, enfermeira, portadora do RG nº\u00a0MG-98.765.432\u00a0SSP/MG, inscrita no CPF sob o nº\u00a0246.813.579-28, que declara conhecer e aceitar todas as cláusulas do contrato e passa a responder solidariamente com os demais locatários por todas as obrigações que vencerem a partir dessa data (art. 2º da Lei 8.245/91).",
    );
    // Leaving and joining in one amendment: one clause, the one who leaves first.
    const both = amendmentClauses(
      lease,
      source({ saemColocatarios: ["15350946056"], entraColocatario: carla }).data,
    );
    expect(both).toHaveLength(1);
    expect(both[0]?.[1]).toMatch(
      /^Pedro Henrique Souza, CPF 153\.509\.460-56 deixa de integrar .* ingressa na locação, como COLOCATÁRIA, CARLA/,
    );
  });

  it("writes the new guarantor as the lease's guarantee clause does, with the spouse's consent; the one replaced is released", () => {
    const bonded = amendmentClauses(insured, source({ garantia: "fiador", fiador: bruno }, insured).data);
    expect(bonded.map(([h]) => h)).toEqual(["Da garantia"]);
    const text = bonded[0]?.[1] ?? "";
    expect(text).toMatch(
      /^A garantia da locação, de seguro de fiança locatícia .*, passa a ser de fiança, constituída até 01\/03\/2027\. /,
    );
    expect(text).toContain(
      "Assina este termo como FIADOR e principal pagador, solidariamente responsável com a parte locatária por todas as obrigações do contrato que vencerem a partir de 01/03/2027, BRUNO TAVARES LIMA, brasileiro, casado, contador, inscrito no CPF sob o nº\u00a0135.792.468-28, residente e domiciliado em Rua Pernambuco, 1000, Savassi, Belo Horizonte – MG, CEP 30140-071, que renuncia expressamente aos benefícios de ordem e de divisão (arts. 827 e 829 do Código Civil).",
    );
    expect(text).toContain(
      "A fiança é prestada com a anuência do cônjuge do FIADOR, DENISE TAVARES LIMA, estado civil: casado(a), CPF nº\u00a0864.209.753-10, que também assina este termo",
    );
    expect(text).toContain(
      "que também assina este termo (art. 1.647, III, do Código Civil; Súmula 332 do STJ).",
    );
    expect(text).toContain(
      "(art. 39 da Lei 8.245/91), ressalvada a exoneração prevista no art. 40, X, da mesma lei.",
    );
    expect(text).not.toContain("exonerado(a) da fiança");

    const replaced = amendmentClauses(lease, source({ fiador: bruno }).data);
    expect(replaced.map(([h]) => h)).toEqual(["Da garantia"]);
    expect(replaced[0]?.[1]).toMatch(
      /^A partir de 01\/03\/2027, a fiança que garante a locação passa a ser prestada por novo FIADOR\. Assina este termo como FIADOR/,
    );
    expect(replaced[0]?.[1]).toContain(
      `Fica exonerado(a) da fiança ${lease.fiador?.nome}, CPF ${lease.fiador?.cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4")}, a partir da constituição da nova garantia, respondendo pelas obrigações vencidas até então.`,
    );
  });

  it("draws a line for everyone who signs, saying who joins and who is released", async () => {
    const { bytes } = await aditivo.render(source({ entraColocatario: carla, fiador: bruno }), {
      read: async () => Buffer.alloc(0),
    });
    const text = pdfText(Buffer.from(bytes)).replace(/\s+/g, " ");
    expect(text).toContain("CLÁUSULA PRIMEIRA – DOS LOCATÁRIOS");
    expect(text).toContain("CLÁUSULA SEGUNDA – DA GARANTIA");
    expect(text.match(/_{20,}/g)?.length).toBe(9);
    expect(text).toContain("COLOCATÁRIO(A) QUE INGRESSA: Carla Mendes Ribeiro");
    expect(text).toContain(`FIADOR(A) EXONERADO(A): ${lease.fiador?.nome}`);
    expect(text).toContain("NOVO(A) FIADOR(A): Bruno Tavares Lima");
    expect(text).toContain("CÔNJUGE DO(A) NOVO(A) FIADOR(A), ANUENTE: Denise Tavares Lima");
  });

  it("writes only the changed clauses, naming the lease and its hash, with a line for each signer", async () => {
    const { bytes } = await aditivo.render(source({ aluguel: 300_000, saemColocatarios: ["15350946056"] }), {
      read: async () => Buffer.alloc(0),
    });
    const text = pdfText(Buffer.from(bytes)).replace(/\s+/g, " ");
    expect(text).toContain(`contrato de locação nº ${lease.numero} (SHA-256 ${"ab".repeat(32)})`);
    expect(text).toContain("CLÁUSULA PRIMEIRA – DO ALUGUEL");
    expect(text).toContain(
      "A partir de 01/03/2027, o aluguel mensal passa a ser de R$ 3.000,00 (três mil reais)",
    );
    expect(text).toContain("CLÁUSULA SEGUNDA – DOS LOCATÁRIOS");
    expect(text).toContain(
      "Pedro Henrique Souza, CPF 153.509.460-56 deixa de integrar a locação a partir de 01/03/2027",
    );
    expect(text).not.toContain("DO PRAZO");
    expect(text).not.toContain("DO VENCIMENTO");
    expect(text).toContain("Permanecem inalteradas");
    expect(text.match(/_{20,}/g)?.length).toBe(6);
  });

  it("once sealed, the lease keeps it and takes its parties and guarantee", () => {
    const doc = { id: "9a1e0b7c-5d2f-4c3a-8e6b-0f1d2c3b4a59", numero: "2027-ABC123" };
    const after = amendedLease(
      lease,
      source({ saemColocatarios: ["15350946056"], garantia: "caucao", caucaoMeses: 2 }).data,
      doc,
    );
    expect(after.colocatarios.map((p) => p.cpf)).toEqual(["39053344705"]);
    expect(after.termos).toMatchObject({ garantia: "caucao", caucaoMeses: 2, aluguel: lease.termos.aluguel });
    expect(after.aditivos).toEqual([
      {
        contratoId: doc.id,
        numero: doc.numero,
        efeito: "2027-03-01",
        mudancas: { saemColocatarios: ["15350946056"], garantia: "caucao", caucaoMeses: 2 },
      },
    ]);
    // Money and term changes stay in `aditivos` (the ledger reads them by date), not in the terms.
    const rent = amendedLease(lease, source({ aluguel: 300_000, prazoMeses: 42 }).data, doc);
    expect(rent.termos).toEqual(lease.termos);
    // Another guarantee: nobody's surety from then on.
    expect(after.fiador).toBeNull();
  });

  it("once sealed, the co-tenant who joins is one of the lease's, and the new guarantor its guarantor", () => {
    const doc = { id: "9a1e0b7c-5d2f-4c3a-8e6b-0f1d2c3b4a59", numero: "2027-ABC124" };
    const joined = amendedLease(lease, source({ entraColocatario: carla }).data, doc);
    expect(joined.colocatarios.map((p) => p.cpf)).toEqual(["39053344705", "15350946056", carla.cpf]);
    expect(joined.colocatarios.at(-1)).toEqual({
      nome: carla.nome,
      cpf: carla.cpf,
      email: carla.email,
      genero: "feminino",
      nacionalidade: "brasileira",
      profissao: "enfermeira",
      rg: "MG-98.765.432",
      rgOrgaoEmissor: "SSP/MG",
    });
    expect(joined.fiador).toEqual(lease.fiador);
    // Leaving and joining at once.
    const swapped = amendedLease(
      lease,
      source({ saemColocatarios: ["15350946056"], entraColocatario: carla }).data,
      doc,
    );
    expect(swapped.colocatarios.map((p) => p.cpf)).toEqual(["39053344705", carla.cpf]);

    const guarantor = {
      nome: bruno.nome,
      cpf: bruno.cpf,
      email: bruno.email,
      parentesco: "tio",
      genero: "masculino",
      nacionalidade: "brasileiro",
      profissao: "contador",
      estadoCivil: "casado",
      conjuge: { ...bruno.conjuge, estadoCivil: "casado" },
      endereco: "Rua Pernambuco, 1000, Savassi, Belo Horizonte – MG, CEP 30140-071",
    };
    const bonded = amendedLease(insured, source({ garantia: "fiador", fiador: bruno }, insured).data, doc);
    expect(bonded.fiador).toEqual(guarantor);
    expect(bonded.termos).toEqual({ ...insured.termos, garantia: "fiador", caucaoMeses: null });
    const replaced = amendedLease(lease, source({ fiador: bruno }).data, doc);
    expect(replaced.fiador).toEqual(guarantor);
    expect(replaced.termos).toEqual(lease.termos);
    expect(replaced.aditivos?.[0]?.mudancas.fiador?.cpf).toBe(bruno.cpf);
  });
});
