import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import {
  type ContractData,
  type ContractParty,
  nationalityWords,
  qualification,
  renderContract,
} from "./template";
import { base } from "./template.fixture";

async function textOf(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: bytes.slice(), useSystemFonts: false, isEvalSupported: false })
    .promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(
      content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " "),
    );
  }
  return pages;
}

describe("contract template", () => {
  it("writes the parties, the values in figures and words, with accents, and numbers its pages", async () => {
    const { bytes, sha256, pages } = await renderContract(base);
    expect(sha256).toMatch(/^[0-9a-f]{64}$/);
    const text = await textOf(bytes);
    const all = text.join(" ");
    expect(pages).toBeGreaterThanOrEqual(2);
    expect(all).toContain("CONTRATO DE LOCAÇÃO RESIDENCIAL");
    expect(all).toContain("R$ 2.500,00 (dois mil e quinhentos reais)");
    expect(all).toContain("JOÃO CONCEIÇÃO ARAÚJO");
    expect(all).toContain("CPF nº 111.444.777-35");
    expect(all).toContain("trinta (30) meses, de 10/12/2026 a 09/06/2029");
    expect(all).toContain("variação acumulada do IGP-M");
    expect(all).toContain("art. 4º da Lei 8.245/91");
    expect(all).toContain("foro da comarca de Belo Horizonte – MG");
    for (const [i, page] of text.entries()) expect(page).toContain(`Página ${i + 1} de ${text.length}`);
  });

  it("ends the term on the last day Código Civil art. 132, § 3º gives (31/08/2026 + 30 months → 28/02/2029)", async () => {
    const data = { ...base, termos: { ...base.termos, dataInicio: "2026-08-31", prazoMeses: 30 } };
    const all = (await textOf((await renderContract(data)).bytes)).join(" ");
    expect(all).toContain("trinta (30) meses, de 31/08/2026 a 28/02/2029");
  });

  it("writes the clause of each guarantee", async () => {
    const cases: [ContractData["termos"]["garantia"], number | null, string][] = [
      ["fiador", null, "ANTÔNIO FIADOR GONÇALVES"],
      [
        "caucao",
        3,
        "caução em dinheiro no valor de R$ 7.500,00 (sete mil e quinhentos reais), equivalente a três meses de aluguel",
      ],
      ["seguro_fianca", null, "seguro de fiança locatícia"],
      ["titulo_capitalizacao", null, "título de capitalização"],
    ];
    for (const [garantia, caucaoMeses, expected] of cases) {
      const { bytes } = await renderContract({ ...base, termos: { ...base.termos, garantia, caucaoMeses } });
      const all = (await textOf(bytes)).join(" ");
      expect(all, garantia).toContain(expected);
      if (garantia !== "fiador") expect(all, garantia).not.toContain("FIADOR(A):");
    }
  });

  it("qualifies each party in words that do not guess whether the person is a man or a woman", async () => {
    // The tenant's profile says "brasileiro", the landlord's "brasileira": both read the same way.
    const all = (await textOf((await renderContract(base)).bytes)).join(" ");
    expect(all).toContain(
      "JOÃO CONCEIÇÃO ARAÚJO, de nacionalidade brasileira, estado civil: solteiro(a), profissão: analista de sistemas, RG nº 12.345.678-9, CPF nº 111.444.777-35, com residência e domicílio em Avenida Afonso Pena",
    );
    expect(all).toContain("HELENA CASTRO PRADO, de nacionalidade brasileira, estado civil: casado(a)");
    for (const guess of ["portador(a)", "inscrito(a)", "domiciliado(a)", ", brasileiro,", ", brasileira,"])
      expect(all).not.toContain(guess);
    expect(qualification({ nome: "Ana Lima", cpf: "39053344705", estadoCivil: "uniao_estavel" })).toBe(
      "ANA LIMA, em união estável, CPF nº\u00a0390.533.447-05",
    );
  });

  it('writes any typed form of a nationality as it reads after "de nacionalidade"', () => {
    const cases: [string, string][] = [
      ["brasileira", "brasileira"],
      ["Brasileiro", "brasileira"],
      ["brasileiro(a)", "brasileira"],
      ["português", "portuguesa"],
      ["alemão", "alemã"],
      ["norte-americano", "norte-americana"],
      ["estadunidense", "estadunidense"],
      ["belga", "belga"],
      ["brasileiro naturalizado", "brasileira naturalizada"],
    ];
    for (const [typed, words] of cases) expect(nationalityWords(typed), typed).toBe(words);
  });

  it("gives the same bytes, and hash, for the same contract", async () => {
    const [a, b] = await Promise.all([renderContract(base), renderContract(base)]);
    expect(a.sha256).toBe(b.sha256);
  });

  it("agrees with each person's gender, and keeps the neutral forms where it is not known", async () => {
    const data: ContractData = {
      ...base,
      locador: { ...base.locador, genero: "feminino", rgOrgaoEmissor: "SSP/MG" },
      locatario: { ...base.locatario, genero: "masculino" },
      fiador: { ...(base.fiador as ContractParty), genero: "nao_informado" },
    };
    const all = (await textOf((await renderContract(data)).bytes)).join(" ");
    expect(all).toContain(
      "LOCADORA: HELENA CASTRO PRADO, brasileira, casada, médica, portadora do RG nº MG-12.345.678 SSP/MG, inscrita no CPF sob o nº 529.982.247-25, residente e domiciliada em Rua da Bahia",
    );
    expect(all).toContain(
      "LOCATÁRIO: JOÃO CONCEIÇÃO ARAÚJO, brasileiro, solteiro, analista de sistemas, portador do RG nº 12.345.678-9, inscrito no CPF sob o nº 111.444.777-35",
    );
    expect(all).toContain("A LOCADORA dá em locação ao LOCATÁRIO o imóvel");
    expect(all).toContain(
      "FIADOR(A): ANTÔNIO FIADOR GONÇALVES, de nacionalidade brasileira, estado civil: viúvo(a)",
    );
    expect(all).toContain("solidariamente responsável com o LOCATÁRIO");
    expect(all).not.toContain("O(A) LOCADOR(A)");
    expect(all).toContain("LOCADORA: Helena Castro Prado – CPF");
    expect(
      qualification({ nome: "Ana", cpf: "39053344705", genero: "masculino", nacionalidade: "portuguesa" }),
    ).toBe("ANA, português, inscrito no CPF sob o nº\u00a0390.533.447-05");
    for (const [typed, man] of [
      ["alemã", "alemão"],
      ["belga", "belga"],
      ["espanhola", "espanhol"],
      ["israelita", "israelita"],
      ["canadense", "canadense"],
      ["brasileiro", "brasileiro"],
    ])
      expect(
        qualification({ nome: "X", cpf: "39053344705", genero: "masculino", nacionalidade: typed }),
      ).toContain(`X, ${man},`);
  });

  it("qualifies the guarantor in full, with the spouse's consent (CC art. 1.647, III; Súmula 332 do STJ)", async () => {
    const data: ContractData = {
      ...base,
      fiador: {
        ...(base.fiador as ContractParty),
        genero: "masculino",
        estadoCivil: "casado",
        rgOrgaoEmissor: "SSP/SP",
        endereco: "Rua Tupis, 10, Centro, Belo Horizonte – MG",
        conjuge: {
          nome: "Rosa Gonçalves",
          cpf: "29537914806",
          genero: "feminino",
          estadoCivil: "casado",
          nacionalidade: "brasileira",
          profissao: "professora",
          rg: "1.234.567",
          rgOrgaoEmissor: "SSP/MG",
        },
      },
    };
    const all = (await textOf((await renderContract(data)).bytes)).join(" ");
    expect(all).toContain(
      "FIADOR: ANTÔNIO FIADOR GONÇALVES, brasileiro, casado, aposentado, portador do RG nº 9.876.543 SSP/SP, inscrito no CPF sob o nº 714.287.938-60, residente e domiciliado em Rua Tupis",
    );
    expect(all).toContain(
      "anuência do cônjuge do FIADOR, ROSA GONÇALVES, brasileira, casada, professora, portadora do RG nº 1.234.567 SSP/MG",
    );
    expect(all).toContain("Súmula 332 do STJ");
    expect(all).toContain("CÔNJUGE DO FIADOR, ANUENTE: Rosa Gonçalves");
  });

  it("writes what was agreed: the offer's conditions, pets, the furniture, and the standard clauses", async () => {
    const data: ContractData = {
      ...base,
      imovel: { ...base.imovel, mobiliado: true, inventario: "geladeira, fogão, sofá de três lugares" },
      termos: {
        ...base.termos,
        pets: true,
        condicoes: "Proibido fumar no imóvel.\nDevolver com pintura nova.",
      },
    };
    const all = (await textOf((await renderContract(data)).bytes)).join(" ");
    for (const expected of [
      "aceitas pelo(a) LOCATÁRIO(A) na proposta: Proibido fumar no imóvel. Devolver com pintura nova.",
      "mantém animais de estimação",
      "locado mobiliado, com os seguintes móveis e utensílios: geladeira, fogão, sofá de três lugares",
      "art. 35 da Lei 8.245/91",
      "benfeitorias voluptuárias",
      "arts. 27 a 34 da Lei 8.245/91",
      "art. 8º da Lei 8.245/91",
      "Da infração contratual",
      "art. 9º, II",
      // The entry laudo comes after the lease, in its own envelope (decision 053): the clause says when.
      "assinado por ambas em até 30 (trinta) dias dela, identifica este contrato pelo número e pelo SHA-256",
    ])
      expect(all, expected).toContain(expected);
    const none = (await textOf((await renderContract(base)).bytes)).join(" ");
    expect(none).not.toContain("condições anunciadas");
    expect(none).toContain("não manter animais de estimação");
    expect(none).not.toContain("mobiliado");
  });

  it("writes a non-residential lease for a commercial unit (Lei 8.245/91, arts. 51–57)", async () => {
    const data: ContractData = { ...base, imovel: { ...base.imovel, tipo: "Loja", naoResidencial: true } };
    const all = (await textOf((await renderContract(data)).bytes)).join(" ");
    expect(all).toContain("CONTRATO DE LOCAÇÃO NÃO RESIDENCIAL");
    expect(all).not.toContain("CONTRATO DE LOCAÇÃO RESIDENCIAL");
    expect(all).not.toContain("residência do");
    expect(all).toContain("atividade empresarial ou profissional lícita");
    expect(all).toContain("arts. 51 a 57 da Lei 8.245/91");
    expect(all).toContain("art. 56 da Lei 8.245/91");
    expect(all).not.toContain("art. 46");
  });
});
