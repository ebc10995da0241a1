import type { AddressInfo } from "node:net";
import { parsePix } from "pix-utils";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders } from "../../../../tests/support/builders";
import { makePdf } from "../../../../tests/support/files";
import { outboxFor } from "../../../../tests/support/mail";
import { createTestApp, ORIGIN, signUp, type TestApp } from "../../../../tests/support/test-app";
import { uploadBytes } from "../../../../tests/support/tus";
import type { CompanyList, CompanyView } from "../../../shared/contracts/companies";
import type { ContractView } from "../../../shared/contracts/contracts";
import type { OfferView } from "../../../shared/contracts/listings";
import type { ProposalView } from "../../../shared/contracts/proposals";
import type { ChargeView, LeaseView } from "../../../shared/contracts/rent";
import { type ErrorCode, errorMessage } from "../../../shared/errors";
import { manualClock } from "../../clock";
import { pdfText } from "../contracts/pdf-boxes.fixture";

/*
 * Companies as parties (issue 34): an account registers the companies it signs for; a unit is
 * let and a proposal made in a company's name; the lease qualifies the company and its
 * representative, and the representative signs for it.
 */

let t: TestApp;
let baseUrl: string;
let b: ReturnType<typeof builders>;
let call: ReturnType<typeof builders>["call"];

/** Real time until the rent's test moves it to its charges' days. */
const clock = manualClock();

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" }, { clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  b = builders(t);
  call = b.call;
});
afterAll(() => t.close());

const powerDocument = async (cookie: string) =>
  (
    await uploadBytes({ baseUrl, cookie, origin: ORIGIN }, await makePdf(), {
      filename: "procuracao.pdf",
      kind: "outro",
      folder: "empresas",
    })
  ).json<{ id: string }>().id;

const body = (documentoId: string, over: Record<string, unknown> = {}) => ({
  razaoSocial: "Souza & Filhos Comércio Ltda.",
  cnpj: "11.222.333/0001-81",
  endereco: {
    cep: "01310-100",
    logradouro: "Avenida Paulista",
    numero: "1000",
    bairro: "Bela Vista",
    cidade: "São Paulo",
    uf: "SP",
  },
  cargo: "diretor",
  instrumento: "procuracao",
  documentoId,
  ...over,
});

describe("companies", () => {
  it("are registered, listed, changed and deleted by their account only", async () => {
    const owner = await b.person("Otávio");
    const doc = await powerDocument(owner.cookie);
    const created = await call(
      "POST",
      "/api/companies",
      owner.cookie,
      body(doc, { cnpj: " 12.abc.345/01de-35 " }),
    );
    expect(created.statusCode, created.body).toBe(201);
    const company = created.json<CompanyView>();
    // Kept as its 14 characters, letters upper case.
    expect(company).toMatchObject({ cnpj: "12ABC34501DE35", nomeFantasia: null, emUso: false });
    expect((await call("GET", "/api/companies", owner.cookie)).json<CompanyList>().empresas).toHaveLength(1);

    const again = await call("POST", "/api/companies", owner.cookie, body(doc, { cnpj: "12ABC34501DE35" }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("Você já cadastrou uma empresa com este CNPJ.");

    // Another account sees none of it and cannot touch it.
    const other = await b.person("Bruna");
    expect((await call("GET", "/api/companies", other.cookie)).json<CompanyList>().empresas).toEqual([]);
    const put = await call(
      "PUT",
      `/api/companies/${company.id}`,
      other.cookie,
      body(await powerDocument(other.cookie)),
    );
    expect(put.statusCode).toBe(404);
    expect(put.json().message).toBe("Empresa não encontrada.");
    expect((await call("DELETE", `/api/companies/${company.id}`, other.cookie)).statusCode).toBe(404);
    // Nor use it: a unit or a proposal in someone else's company's name is refused.
    const unit = await call("POST", "/api/units", other.cookie, {
      ...(await import("../../../../tests/support/bodies")).unitBodyOf([]),
      empresaId: company.id,
    });
    expect(unit.statusCode).toBe(400);
    expect(unit.json().message).toBe("Escolha uma das suas empresas ou você (pessoa física).");
    // Nor lend its power document to a company of its own.
    const borrowed = await call("POST", "/api/companies", other.cookie, body(doc));
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json().code).toBe("invalid-document");

    const changed = await call(
      "PUT",
      `/api/companies/${company.id}`,
      owner.cookie,
      body(doc, { nomeFantasia: "Souza Imóveis", cnpj: "11222333000181" }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<CompanyView>()).toMatchObject({
      nomeFantasia: "Souza Imóveis",
      cnpj: "11222333000181",
    });
    expect((await call("DELETE", `/api/companies/${company.id}`, owner.cookie)).statusCode).toBe(204);
    expect((await call("GET", "/api/companies", owner.cookie)).json<CompanyList>().empresas).toEqual([]);
  });

  it("refuse bad input with pt-BR messages, and need the representative's own data first", async () => {
    const newcomer = await signUp(t.app, { name: "Sem Perfil" });
    const incomplete = await call(
      "POST",
      "/api/companies",
      newcomer.cookie,
      body(await powerDocument(newcomer.cookie)),
    );
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().code).toBe("profile-incomplete");

    const owner = await b.person("Renata");
    const doc = await powerDocument(owner.cookie);
    const cases: [Record<string, unknown>, string][] = [
      [{ cnpj: "11.222.333/0001-82" }, "CNPJ inválido: confira os caracteres."],
      [{ cnpj: "12ABC34501DE36" }, "CNPJ inválido"],
      [{ razaoSocial: "A" }, "Informe a razão social"],
      [{ razaoSocial: "Empresa 🏠 Ltda." }, ""],
      [{ cargo: "" }, "Informe o cargo"],
      [{ instrumento: "carta" }, "Escolha o documento que dá poderes"],
      [{ documentoId: "nada" }, ""],
    ];
    for (const [over, message] of cases) {
      const r = await call("POST", "/api/companies", owner.cookie, body(doc, over));
      expect(r.statusCode, JSON.stringify(over)).toBe(400);
      expect(r.json().message, JSON.stringify(over)).toContain(message);
    }
  });

  it("let a unit and a proposal in their names, and cannot then be deleted or change CNPJ", async () => {
    const landlord = await b.person("Helena");
    const company = await b.company(landlord);
    const { offerId } = await b.offer({ landlord, unit: { empresaId: company.id } });
    // Visitors see the company as the one who lets it.
    expect((await call("GET", `/api/offers/${offerId}`)).json<OfferView>().anunciante).toBe("Alfa Imóveis");
    const tenant = await b.person("Caio");
    const tenantCompany = await b.company(tenant, {
      razaoSocial: "Beta Comércio de Alimentos S/A",
      nomeFantasia: "",
      cnpj: "11.222.333/0001-81",
    });
    const { proposal } = await b.proposal("enviada", {
      landlord,
      tenant,
      offerId,
      garantia: "seguro_fianca",
      body: { empresaId: tenantCompany.id },
    });
    const seen = (await call("GET", `/api/proposals/${proposal.id}`, landlord.cookie)).json<ProposalView>();
    expect(seen.inquilino.empresa).toEqual({
      razaoSocial: "Beta Comércio de Alimentos S/A",
      nomeFantasia: null,
      cnpj: "11.222.333/0001-81",
    });
    expect(
      (await call("GET", `/api/proposals/${proposal.id}`, tenant.cookie)).json<ProposalView>().locador.nome,
    ).toBe("Alfa Imóveis");
    // The landlord may read the document that gives the tenant's representative the power.
    expect(
      (await call("GET", `/api/storage/objects/${tenantCompany.documentoId}`, landlord.cookie)).statusCode,
    ).toBe(200);

    for (const [who, c] of [
      [landlord, company],
      [tenant, tenantCompany],
    ] as const) {
      const listed = (await call("GET", "/api/companies", who.cookie)).json<CompanyList>().empresas;
      expect(listed.find((x) => x.id === c.id)?.emUso).toBe(true);
      const gone = await call("DELETE", `/api/companies/${c.id}`, who.cookie);
      expect(gone.statusCode).toBe(409);
      expect(gone.json().code).toBe("company-in-use");
      const recast = await call("PUT", `/api/companies/${c.id}`, who.cookie, {
        ...body(c.documentoId),
        cnpj: "45.723.174/0001-10",
      });
      expect(recast.statusCode).toBe(409);
    }
    // Whose name the unit is let in does not change under a published offer.
    const units = (await call("GET", "/api/units", landlord.cookie)).json<
      { id: string; empresaId: string }[]
    >();
    expect(units[0]?.empresaId).toBe(company.id);
  });

  it("are qualified as pessoa jurídica in the lease, which their representatives sign", async () => {
    const built = await b.contract("assinado", {
      garantias: ["seguro_fianca"],
      empresas: {
        locador: {},
        locatario: {
          razaoSocial: "Beta Comércio de Alimentos S/A",
          nomeFantasia: "",
          cnpj: "11.222.333/0001-81",
        },
      },
    });
    const { landlord, tenant, contract } = built;
    const done = (await call("GET", `/api/contracts/${contract.id}`, tenant.cookie)).json<ContractView>();
    expect(done.status).toBe("assinado");
    // What the parties are told names the company, not the person who signs for it.
    const review = (await outboxFor(t.dataDir, landlord.email)).find((m) => /revis/i.test(m.raw));
    expect(review?.text).toContain("Beta Comércio de Alimentos S/A");
    const link = (
      await call("POST", `/api/storage/objects/${done.sealedDocumentId}/download-url`, tenant.cookie)
    ).json<{ url: string }>();
    const text = pdfText(Buffer.from(await (await fetch(`${baseUrl}${link.url}`)).arrayBuffer())).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain(
      "LOCADORA: ALFA IMÓVEIS LTDA. (nome fantasia Alfa Imóveis), pessoa jurídica de direito privado, inscrita no CNPJ sob o nº 12.ABC.345/01DE-35, com sede em Rua Voluntários da Pátria, 190, sala 501, Botafogo, Rio de Janeiro – RJ, CEP 22250-040, neste ato representada por",
    );
    expect(text).toContain(`representada por ${landlord.fullName.toUpperCase()}`);
    expect(text).toContain(
      "na qualidade de sócia-administradora, com poderes conferidos pelo contrato social.",
    );
    expect(text).toContain(
      "LOCATÁRIA: BETA COMÉRCIO DE ALIMENTOS S/A, pessoa jurídica de direito privado, inscrita no CNPJ sob o nº 11.222.333/0001-81",
    );
    // The company's words agree with it: "a LOCADORA", "a LOCATÁRIA".
    const body = text.slice(0, text.indexOf("CERTIFICADO DE CONCLUSÃO"));
    expect(body).toContain("A LOCADORA dá em locação à LOCATÁRIA");
    expect(body).not.toContain("LOCATÁRIO(A)");
    expect(body).not.toContain("LOCADOR(A)");
    // Each signature line names the company and whoever signed for it.
    expect(text).toContain(`LOCADORA: Alfa Imóveis Ltda., CNPJ 12.ABC.345/01DE-35, por ${landlord.fullName}`);
    expect(text).toContain(
      `LOCATÁRIA: Beta Comércio de Alimentos S/A, CNPJ 11.222.333/0001-81, por ${tenant.fullName}`,
    );
  });
  it("are signed for jointly by every representative, in the lease and in what follows it", async () => {
    const built = await b.contract("assinado", {
      garantias: ["seguro_fianca"],
      empresas: {
        locador: {
          outrosRepresentantes: [
            {
              nome: "Júlia Andrade",
              cpf: "390.533.447-05",
              email: "julia.andrade@exemplo.com.br",
              genero: "feminino",
              nacionalidade: "brasileira",
              cargo: "diretora financeira",
              instrumento: "ata",
            },
          ],
        },
      },
    });
    const { landlord, tenant, contract } = built;
    const done = (await call("GET", `/api/contracts/${contract.id}`, landlord.cookie)).json<ContractView>();
    expect(done.status).toBe("assinado");
    expect(done.signers.map((s) => [s.role, s.nome, s.status])).toEqual([
      ["locador", landlord.fullName, "assinado"],
      ["locatario", tenant.fullName, "assinado"],
      ["representante", "Júlia Andrade", "assinado"],
    ]);
    // Her invitation said whom she signs for and what that means.
    const invite = (await outboxFor(t.dataDir, "julia.andrade@exemplo.com.br")).find((m) =>
      /representante de Alfa Imóveis Ltda\./.test(m.text),
    );
    expect(invite?.text).toContain("você assina pela empresa, que é quem se obriga pelo contrato");
    const link = (
      await call("POST", `/api/storage/objects/${done.sealedDocumentId}/download-url`, tenant.cookie)
    ).json<{ url: string }>();
    const text = pdfText(Buffer.from(await (await fetch(`${baseUrl}${link.url}`)).arrayBuffer())).replace(
      /\s+/g,
      " ",
    );
    expect(text).toContain(
      "na qualidade de sócia-administradora, com poderes conferidos pelo contrato social, e por JÚLIA ANDRADE, brasileira, inscrita no CPF sob o nº 390.533.447-05, na qualidade de diretora financeira, com poderes conferidos por ata de eleição.",
    );
    expect(text).toContain(
      "LOCADORA: Alfa Imóveis Ltda., CNPJ 12.ABC.345/01DE-35, por Júlia Andrade – CPF 390.533.447-05",
    );
    expect(text).toContain("REPRESENTANTE DE PESSOA JURÍDICA: Júlia Andrade");
  });

  it("name each representative once: the others are not the account holder nor each other", async () => {
    const owner = await b.person("Pietra");
    const doc = await powerDocument(owner.cookie);
    const other = {
      nome: "Lara Dias",
      cpf: "390.533.447-05",
      email: "lara@exemplo.com.br",
      cargo: "diretora",
      instrumento: "ata",
      documentoId: doc,
    };
    const cases: [Record<string, unknown>[], string, string][] = [
      [[{ ...other, email: owner.email }], "representative-is-holder", "outrosRepresentantes.0.email"],
      [[{ ...other, cpf: owner.cpf }], "signer-cpf-taken", "outrosRepresentantes.0.cpf"],
      [
        [other, { ...other, email: "outra@exemplo.com.br" }],
        "signer-cpf-taken",
        "outrosRepresentantes.1.cpf",
      ],
      [[other, other, other], "too-many-representatives", ""],
      [[{ ...other, cpf: "390.533.447-06" }], "invalid-cpf", ""],
    ];
    for (const [outrosRepresentantes, code, path] of cases) {
      const r = await call("POST", "/api/companies", owner.cookie, body(doc, { outrosRepresentantes }));
      expect(r.statusCode, r.body).toBe(400);
      // The shared contract's refusals answer invalid-argument; the service's, their own code.
      expect([code, "invalid-argument"], r.body).toContain(r.json().code);
      expect(r.json().message, r.body).toBe(errorMessage(code as ErrorCode));
      if (path) expect(r.json().issues[0].path).toBe(path);
    }
    const ok = await call(
      "POST",
      "/api/companies",
      owner.cookie,
      body(doc, { outrosRepresentantes: [other] }),
    );
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json<CompanyView>().outrosRepresentantes).toEqual([{ ...other, cpf: "39053344705" }]);
  });
  it("are paid the rent of the units they let at their own Pix key, named as the payee", async () => {
    clock.set(new Date("2026-12-01T13:00:00Z"));
    const built = await b.contract("assinado", {
      garantias: ["seguro_fianca"],
      dataEntrada: "2026-12-10",
      empresas: { locador: {} },
    });
    const { landlord, tenant } = built;
    const leaseId = built.contract.id;
    clock.set(new Date("2027-01-01T12:00:00Z"));
    expect(await t.app.rent.generate([leaseId])).toBe(1);
    const lease = (await call("GET", `/api/leases/${leaseId}`, landlord.cookie)).json<LeaseView>();
    // No key anywhere yet: the landlord side is asked for one.
    expect(lease.chavePixPendente).toBe(true);
    expect(lease.locadorEmpresa).toBe(true);
    expect(lease.locador).toBe("Alfa Imóveis Ltda.");
    const chargeId = lease.proxima?.id as string;
    const [company] = (await call("GET", "/api/companies", landlord.cookie)).json<CompanyList>().empresas;
    if (!company) throw new Error("no company");
    const { id: _, emUso: __, updatedAt: ___, ...kept } = company;
    const saved = await call("PUT", `/api/companies/${company.id}`, landlord.cookie, {
      ...kept,
      nomeFantasia: kept.nomeFantasia ?? "",
      chavePix: "Financeiro@Alfa.com.br",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<CompanyView>().chavePix).toBe("financeiro@alfa.com.br");
    const charge = (await call("GET", `/api/charges/${chargeId}`, tenant.cookie)).json<ChargeView>();
    expect(parsePix(charge.pix?.copiaECola ?? "")).toMatchObject({
      type: "STATIC",
      pixKey: "financeiro@alfa.com.br",
      merchantName: "Alfa Imoveis Ltda.",
      merchantCity: "Rio de Janeiro",
    });
    // A save that does not send the key keeps it.
    const { chavePix: ____, ...withoutKey } = kept;
    await call("PUT", `/api/companies/${company.id}`, landlord.cookie, {
      ...withoutKey,
      nomeFantasia: "Alfa",
    });
    expect(
      (await call("GET", "/api/companies", landlord.cookie)).json<CompanyList>().empresas[0]?.chavePix,
    ).toBe("financeiro@alfa.com.br");
  });
});
