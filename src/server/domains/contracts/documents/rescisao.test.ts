import { describe, expect, it } from "vitest";
import { pdfText } from "../pdf-boxes.fixture";
import type { StoredContractData } from "../template";
import { crowded } from "../template.fixture";
import type { DocumentSource } from "./kind";
import { rescisao, type TerminationData } from "./rescisao";

/*
 * The termo de rescisão e entrega de chaves (issue 33 item 4): signed by the parties, the
 * co-tenants and, with a fiança, the guarantor and spouse (the surety ends with it, art. 39);
 * every settlement line written in words, and the balance, whoever owes it.
 */

const lease: StoredContractData = {
  ...crowded,
  emails: { locador: "locador@example.com", locatario: "locatario@example.com" },
};

const source = (total: number, l = lease): DocumentSource<TerminationData> => ({
  numero: "2028-0A1B2C",
  dataEmissao: "2028-02-12",
  lease: l,
  data: rescisao.parse({
    avisoNumero: "2028-FFEE01",
    entrega: "2028-02-09",
    linhas: [
      { tipo: "aluguel_final", referencia: "2028-02:aluguel", valor: 77_586 },
      { tipo: "multa_rescisoria", referencia: "art. 4", valor: 400_000 },
      { tipo: "dano", referencia: "Sala – Parede: mancha", valor: 20_000 },
      { tipo: "caucao", referencia: "art. 38 § 2º", valor: -(497_586 - total) },
    ],
    total,
    leaseSha256: "cd".repeat(32),
  }),
});

describe("the termo de rescisão", () => {
  it("is signed by the parties, the co-tenants and, with a fiança, the guarantor and spouse", () => {
    expect(rescisao.signers(source(0)).map((s) => s.role)).toEqual([
      "locador",
      "locatario",
      "colocatario",
      "colocatario",
      "fiador",
      "anuente",
    ]);
    const insured = { ...lease, termos: { ...lease.termos, garantia: "seguro_fianca" as const } };
    expect(rescisao.signers(source(0, insured)).map((s) => s.role)).toEqual([
      "locador",
      "locatario",
      "colocatario",
      "colocatario",
    ]);
  });

  it("writes each line in words and the balance, for either debtor", async () => {
    const read = async (total: number) =>
      pdfText(
        Buffer.from((await rescisao.render(source(total), { read: async () => Buffer.alloc(0) })).bytes),
      ).replace(/\s+/g, " ");
    const owes = await read(12_345);
    expect(owes).toContain("dão por rescindida a locação em 09/02/2028, data da entrega das chaves");
    expect(owes).toContain("aluguel de 02/2028, proporcional aos dias até a entrega das chaves: R$ 775,86");
    expect(owes).toContain(
      "multa rescisória proporcional ao prazo que faltava cumprir (art. 4º da Lei 8.245/91): R$ 4.000,00",
    );
    expect(owes).toContain("Sala – Parede: mancha");
    expect(owes).toContain("Saldo: a parte locatária pagará à parte locadora R$ 123,45");
    expect(owes).toContain("extingue-se a fiança");
    const returned = await read(-50_000);
    expect(returned).toContain("Saldo: a parte locadora restituirá à parte locatária R$ 500,00");
  });
});
