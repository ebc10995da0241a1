import { CNPJ } from "validation-br/cnpj";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { builders, type Person } from "../../../../tests/support/builders";
import { outboxFor } from "../../../../tests/support/mail";
import { createTestApp, signUp, type TestApp } from "../../../../tests/support/test-app";
import type { AgencyView, MyAgencies } from "../../../shared/contracts/agencies";
import { manualClock } from "../../clock";

/*
 * Imobiliárias (issue 34): an agency, its team by role, invitations by e-mail, and who may do what
 * (a matrix of roles × this agency, another agency, a stranger, nobody signed in).
 */

const clock = manualClock(new Date("2026-11-30T12:00:00Z"));
let t: TestApp;
let b: ReturnType<typeof builders>;
let call: ReturnType<typeof builders>["call"];

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" }, { clock });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
  call = b.call;
});
afterAll(() => t.close());

/** A CNPJ no other test's agency has (they share the database). */
const freshCnpj = () => CNPJ.fake({ alphanumeric: true }).toString();

const agencyBody = (over: Record<string, unknown> = {}) => ({
  razaoSocial: "Casa Nova Imóveis Ltda.",
  nomeFantasia: "Casa Nova",
  cnpj: freshCnpj(),
  endereco: {
    cep: "22250040",
    logradouro: "Praia de Botafogo",
    numero: "300",
    bairro: "Botafogo",
    cidade: "Rio de Janeiro",
    uf: "RJ",
  },
  creci: { numero: "12345-J", uf: "RJ" },
  ...over,
});

async function agencyOf(admin: Person, over: Record<string, unknown> = {}): Promise<AgencyView> {
  const r = await call("POST", "/api/agencies", admin.cookie, agencyBody(over));
  expect(r.statusCode, r.body).toBe(201);
  return r.json<AgencyView>();
}

/** `person` joins `agency` as `papel` through an invitation to their e-mail. */
async function join(admin: Person, agency: AgencyView, person: Person, papel: string) {
  const invited = await call("POST", `/api/agencies/${agency.id}/invitations`, admin.cookie, {
    email: person.email.toUpperCase(),
    papel,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const mine = (await call("GET", "/api/agencies", person.cookie)).json<MyAgencies>();
  const invitation = mine.convites.find((c) => c.papel === papel);
  if (!invitation) throw new Error(`no invitation for ${person.email}`);
  const accepted = await call("POST", `/api/agency-invitations/${invitation.id}`, person.cookie, {
    aceitar: true,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
}

describe("agencies", () => {
  it("are created by a person, who is their first administrador; one agency per CNPJ", async () => {
    const admin = await b.person("Lúcia");
    const cnpj = freshCnpj();
    const agency = await agencyOf(admin, { cnpj: cnpj.toLowerCase() });
    expect(agency).toMatchObject({
      razaoSocial: "Casa Nova Imóveis Ltda.",
      cnpj: cnpj.replace(/\W/g, "").toUpperCase(),
      creci: { numero: "12345-J", uf: "RJ" },
      meuPapel: "administrador",
      areas: ["equipe", "carteira", "financeiro", "vistorias"],
      convites: [],
    });
    expect(agency.membros.map((m) => [m.nome, m.papel])).toEqual([["Lúcia", "administrador"]]);
    expect((await call("GET", "/api/agencies", admin.cookie)).json<MyAgencies>().agencias).toEqual([
      { id: agency.id, nome: "Casa Nova", papel: "administrador", areas: agency.areas },
    ]);

    const again = await call("POST", "/api/agencies", (await b.person("Outra")).cookie, agencyBody({ cnpj }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/Já existe uma imobiliária com este CNPJ/);
    for (const [over, message] of [
      [{ creci: { numero: "abc", uf: "RJ" } }, "Informe o CRECI"],
      [{ creci: { numero: "123", uf: "XX" } }, "Informe o CRECI"],
      [{ cnpj: "11.222.333/0001-82" }, "CNPJ inválido"],
    ] as const) {
      const r = await call("POST", "/api/agencies", admin.cookie, agencyBody(over));
      expect(r.statusCode).toBe(400);
      expect(r.json().message).toContain(message);
    }
    const newcomer = await signUp(t.app, { name: "Sem Perfil" });
    expect((await call("POST", "/api/agencies", newcomer.cookie, agencyBody())).json().code).toBe(
      "profile-incomplete",
    );
  });

  it("invite by e-mail: only that e-mail's account accepts, within 7 days, once", async () => {
    const admin = await b.person("Marcos");
    const agency = await agencyOf(admin);
    const corretora = await b.person("Bianca");
    const invited = await call("POST", `/api/agencies/${agency.id}/invitations`, admin.cookie, {
      email: corretora.email,
      papel: "corretor",
    });
    expect(invited.json<AgencyView>().convites).toEqual([
      expect.objectContaining({ email: corretora.email, papel: "corretor", convidadoPor: "Marcos" }),
    ]);
    await t.settle();
    const mail = (await outboxFor(t.dataDir, corretora.email)).find((m) =>
      /Convite para a equipe/.test(m.raw),
    );
    expect(mail?.text).toContain(
      `Marcos convidou você para a equipe da imobiliária Casa Nova na Chave, na área de corretagem.`,
    );
    expect(mail?.text).toContain("/Imobiliaria");

    const [invitation] = (await call("GET", "/api/agencies", corretora.cookie)).json<MyAgencies>().convites;
    expect(invitation).toMatchObject({ agencia: "Casa Nova", papel: "corretor" });
    if (!invitation) throw new Error("no invitation");
    // Someone else cannot take it: for them it does not exist.
    const intruder = await b.person("Intrusa");
    const stolen = await call("POST", `/api/agency-invitations/${invitation.id}`, intruder.cookie, {
      aceitar: true,
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().message).toMatch(/Convite não encontrado/);
    // Past 7 days it has expired.
    clock.advance(7 * 86_400_000 + 1000);
    const late = await call("POST", `/api/agency-invitations/${invitation.id}`, corretora.cookie, {
      aceitar: true,
    });
    expect(late.statusCode).toBe(410);
    expect((await call("GET", "/api/agencies", corretora.cookie)).json<MyAgencies>().convites).toEqual([]);
    // Invited again, she joins.
    await join(admin, agency, corretora, "corretor");
    const seen = (await call("GET", `/api/agencies/${agency.id}`, corretora.cookie)).json<AgencyView>();
    expect(seen.meuPapel).toBe("corretor");
    expect(seen.areas).toEqual(["carteira"]);
    expect(seen.membros.map((m) => m.papel)).toEqual(["administrador", "corretor"]);
    const twice = await call("POST", `/api/agencies/${agency.id}/invitations`, admin.cookie, {
      email: corretora.email,
      papel: "financeiro",
    });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("already-member");
    // A declined invitation is gone.
    const other = await b.person("Vera");
    await call("POST", `/api/agencies/${agency.id}/invitations`, admin.cookie, {
      email: other.email,
      papel: "vistoriador",
    });
    const [declining] = (await call("GET", "/api/agencies", other.cookie)).json<MyAgencies>().convites;
    const declined = await call("POST", `/api/agency-invitations/${declining?.id}`, other.cookie, {
      aceitar: false,
    });
    expect(declined.json<MyAgencies>()).toEqual({ agencias: [], convites: [] });
  });

  it("keeps an administrador: the last one can neither step down nor leave", async () => {
    const admin = await b.person("Paula");
    const agency = await agencyOf(admin);
    const down = await call("PUT", `/api/agencies/${agency.id}/members/${admin.userId}`, admin.cookie, {
      papel: "corretor",
    });
    expect(down.statusCode).toBe(409);
    expect(down.json().message).toMatch(/pelo menos uma pessoa administradora/);
    expect(
      (await call("DELETE", `/api/agencies/${agency.id}/members/${admin.userId}`, admin.cookie)).statusCode,
    ).toBe(409);
    const second = await b.person("Renato");
    await join(admin, agency, second, "administrador");
    const stepped = await call("PUT", `/api/agencies/${agency.id}/members/${admin.userId}`, second.cookie, {
      papel: "corretor",
      creci: { numero: "98765-F", uf: "RJ" },
    });
    expect(stepped.statusCode, stepped.body).toBe(200);
    expect(stepped.json<AgencyView>().membros.find((m) => m.userId === admin.userId)).toMatchObject({
      papel: "corretor",
      creci: { numero: "98765-F", uf: "RJ" },
    });
    // She leaves on her own.
    expect(
      (await call("DELETE", `/api/agencies/${agency.id}/members/${admin.userId}`, admin.cookie)).statusCode,
    ).toBe(204);
    expect((await call("GET", `/api/agencies/${agency.id}`, admin.cookie)).statusCode).toBe(404);
  });

  it("lets each role do only its part, and nobody outside see the agency (the matrix)", async () => {
    const admin = await b.person("Dora");
    const agency = await agencyOf(admin);
    const people: Record<string, Person> = { administrador: admin };
    for (const papel of ["corretor", "financeiro", "vistoriador"]) {
      people[papel] = await b.person(papel);
      await join(admin, agency, people[papel] as Person, papel);
    }
    const otherAdmin = await b.person("Rival");
    await agencyOf(otherAdmin);
    const stranger = await b.person("Estranho");
    const candidate = await b.person("Candidato");
    const actors: [string, string | undefined][] = [
      ...Object.entries(people).map(([k, p]): [string, string] => [k, p.cookie]),
      ["outra imobiliária", otherAdmin.cookie],
      ["sem vínculo", stranger.cookie],
      ["sem sessão", undefined],
    ];
    const operations: [string, (cookie: string | undefined) => Promise<number>][] = [
      ["ver", async (c) => (await call("GET", `/api/agencies/${agency.id}`, c)).statusCode],
      [
        "editar",
        async (c) =>
          (await call("PUT", `/api/agencies/${agency.id}`, c, agencyBody({ cnpj: agency.cnpj }))).statusCode,
      ],
      [
        "convidar",
        async (c) =>
          (
            await call("POST", `/api/agencies/${agency.id}/invitations`, c, {
              email: candidate.email,
              papel: "corretor",
            })
          ).statusCode,
      ],
      [
        "mudar papel",
        async (c) =>
          (
            await call("PUT", `/api/agencies/${agency.id}/members/${people.vistoriador?.userId}`, c, {
              papel: "vistoriador",
            })
          ).statusCode,
      ],
    ];
    const seen: Record<string, Record<string, number>> = {};
    for (const [who, cookie] of actors) {
      seen[who] = {};
      for (const [what, run] of operations) (seen[who] as Record<string, number>)[what] = await run(cookie);
    }
    const member = { ver: 200, editar: 403, convidar: 403, "mudar papel": 403 };
    const outsider = { ver: 404, editar: 404, convidar: 404, "mudar papel": 404 };
    expect(seen).toEqual({
      administrador: { ver: 200, editar: 200, convidar: 201, "mudar papel": 200 },
      corretor: member,
      financeiro: member,
      vistoriador: member,
      "outra imobiliária": outsider,
      "sem vínculo": outsider,
      "sem sessão": { ver: 401, editar: 401, convidar: 401, "mudar papel": 401 },
    });
    // Only administradores see the invitations.
    expect(
      (await call("GET", `/api/agencies/${agency.id}`, admin.cookie)).json<AgencyView>().convites,
    ).toHaveLength(1);
    expect(
      (await call("GET", `/api/agencies/${agency.id}`, people.corretor?.cookie)).json<AgencyView>().convites,
    ).toEqual([]);
    // A member may not remove another; an administrador may.
    const target = people.financeiro as Person;
    expect(
      (await call("DELETE", `/api/agencies/${agency.id}/members/${target.userId}`, people.corretor?.cookie))
        .statusCode,
    ).toBe(403);
    expect(
      (await call("DELETE", `/api/agencies/${agency.id}/members/${target.userId}`, admin.cookie)).statusCode,
    ).toBe(204);
    expect((await call("GET", `/api/agencies/${agency.id}`, target.cookie)).statusCode).toBe(404);
  });
});
