import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OfferTerms } from "../../../../tests/support/bodies";
import { marriedGuarantorOf } from "../../../../tests/support/bodies";
import { builders, type Person } from "../../../../tests/support/builders";
import { personalProfileOf } from "../../../../tests/support/profiles";
import { createTestApp, type TestApp } from "../../../../tests/support/test-app";
import { pdfBoxes } from "./pdf-boxes.fixture";
import { renderContract, type StoredContractData } from "./template";

/*
 * What was agreed reaches the contract (issue 27): a full journey through the API, then the
 * contract's data as the draft job wrote it, printed.
 */

let t: TestApp;
let b: ReturnType<typeof builders>;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(() => t.close());

async function sayGender(p: Person, genero: string) {
  const res = await b.call(
    "PUT",
    "/api/profile/personal",
    p.cookie,
    personalProfileOf("x", { nomeCompleto: p.fullName, cpf: p.cpf, genero, rgOrgaoEmissor: "SSP/RJ" }),
  );
  expect(res.statusCode, res.body).toBe(200);
}

async function draftOf(offerId: string): Promise<StoredContractData> {
  await t.settle();
  const { rows } = await t.database.pool.query<{ data: StoredContractData }>(
    "SELECT data FROM contracts WHERE offer_id = $1",
    [offerId],
  );
  expect(rows.length).toBe(1);
  return rows[0]?.data as StoredContractData;
}

const textOf = async (data: StoredContractData) =>
  pdfBoxes((await renderContract(data)).bytes)
    .flatMap((p) => p.lines.map((l) => l.text))
    .join(" ");

describe("the lease holds everything agreed", () => {
  it("carries the offer's conditions, the pets, the furniture, each person's gender and the guarantor in full", async () => {
    const landlord = await b.person("Marta");
    const tenant = await b.person("Rafael");
    await sayGender(landlord, "feminino");
    await sayGender(tenant, "masculino");
    const { offerId } = await b.offer({
      landlord,
      terms: { descricao: "Proibido fumar.\nDevolver com pintura nova." } as OfferTerms,
      unit: { mobiliado: true, aceitaPets: true },
    });
    const fiador = {
      ...marriedGuarantorOf(),
      genero: "masculino",
      nacionalidade: "brasileiro",
      profissao: "engenheiro",
      rg: "11.222.333-4",
      rgOrgaoEmissor: "DETRAN/RJ",
    };
    await b.proposal("aprovada", {
      landlord,
      tenant,
      offerId,
      garantia: "fiador",
      body: { pets: true, fiador },
    });
    const data = await draftOf(offerId);
    const text = await textOf(data);
    for (const expected of [
      "LOCADORA: MARTA DA SILVA, brasileira, casada, Professora, portadora do RG nº 12.345.678-9 SSP/RJ",
      "LOCATÁRIO: RAFAEL DA SILVA, brasileiro, casado",
      "Proibido fumar. Devolver com pintura nova.",
      "mantém animais de estimação",
      "locado mobiliado",
      "FIADOR: ANTÔNIO GONÇALVES FIADOR, brasileiro, casado, engenheiro, portador do RG nº 11.222.333-4 DETRAN/RJ",
      "anuência do cônjuge do FIADOR",
      "CONTRATO DE LOCAÇÃO RESIDENCIAL",
    ])
      expect(text, expected).toContain(expected);
  }, 60_000);

  it("lists the furniture the landlord typed for a furnished unit, and none for an unfurnished one", async () => {
    const inventario = "  Sofá de 3 lugares, geladeira Brastemp, fogão 4 bocas e cama de casal.  ";
    const landlord = await b.person("Marta");
    const furnished = await b.offer({ landlord, unit: { mobiliado: true, inventario } });
    await b.proposal("aprovada", { landlord, offerId: furnished.offerId });
    const data = await draftOf(furnished.offerId);
    expect(data.imovel.inventario).toBe(inventario.trim());
    expect(await textOf(data)).toContain(
      "O imóvel é locado mobiliado, com os seguintes móveis e utensílios: Sofá de 3 lugares, geladeira Brastemp, fogão 4 bocas e cama de casal.",
    );

    // The landlord unticked "Mobiliado" but the list stayed in the form: it is not let with the unit.
    const bare = await b.offer({ landlord, unit: { mobiliado: false, inventario } });
    await b.proposal("aprovada", { landlord, offerId: bare.offerId });
    const bareData = await draftOf(bare.offerId);
    expect(bareData.imovel.inventario).toBeUndefined();
    const bareText = await textOf(bareData);
    expect(bareText).not.toContain("geladeira Brastemp");
    expect(bareText).not.toContain("locado mobiliado");
  }, 60_000);

  it("writes a non-residential lease for a shop (Lei 8.245/91, arts. 51–57)", async () => {
    const landlord = await b.person("Marta");
    const { offerId } = await b.offer({ landlord, unit: { tipo: "loja", quartos: 0, mobiliado: false } });
    await b.proposal("aprovada", { landlord, offerId, garantia: "seguro_fianca" });
    const data = await draftOf(offerId);
    expect(data.imovel.naoResidencial).toBe(true);
    const text = await textOf(data);
    expect(text).toContain("CONTRATO DE LOCAÇÃO NÃO RESIDENCIAL");
    expect(text).toContain("atividade empresarial ou profissional lícita");
  }, 60_000);
});
