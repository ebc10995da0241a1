import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { type ContractData, nationalityWords, qualification, renderContract } from "./template";
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
});
