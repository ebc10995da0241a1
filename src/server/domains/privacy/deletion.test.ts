import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { type Builders, builders } from "../../../../tests/support/builders";
import { type FakePostHog, startFakePostHog } from "../../../../tests/support/fake-posthog";
import { makePng } from "../../../../tests/support/files";
import { outboxFor } from "../../../../tests/support/mail";
import { createTestApp, ORIGIN, signIn, type TestApp } from "../../../../tests/support/test-app";
import { uploadBytes } from "../../../../tests/support/tus";
import type { DeletionView } from "../../../shared/contracts/privacy";
import type { ProposalView } from "../../../shared/contracts/proposals";
import ptBR from "../../../shared/locales/pt-BR.json";
import { manualClock } from "../../clock";

/*
 * Account deletion (issue 17, LGPD art. 18, VI and art. 16): confirmed with the password and a
 * typed word; a grace period in which signing in cancels it; then the person's data is gone from
 * every table and the store, except the signed contract the landlord keeps, which still opens, and
 * the offers other people's proposals stand on, closed and emptied; PostHog forgets the person.
 */

const START = new Date("2026-11-25T13:00:00Z");
const clock = manualClock(START);
let t: TestApp;
let b: Builders;
let posthog: FakePostHog;
beforeAll(async () => {
  posthog = await startFakePostHog();
  t = await createTestApp(
    {
      POSTHOG_KEY: "phc_test_project_key",
      POSTHOG_HOST: posthog.url,
      POSTHOG_PERSONAL_API_KEY: posthog.personalApiKey,
      POSTHOG_PROJECT_ID: String(posthog.projectId),
    },
    { clock },
  );
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  b = builders(t);
});
afterAll(async () => {
  await t.close();
  await posthog.close();
});
afterEach(() => clock.set(START));

const GOOD = { senha: "x", confirmacao: "EXCLUIR" };

/** Every row of every table of the public schema that holds `needle`, as "table" names. */
async function tablesHolding(needle: string): Promise<string[]> {
  const { rows: tables } = await t.database.pool.query<{ t: string }>(
    "SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1",
  );
  const found: string[] = [];
  for (const { t: table } of tables) {
    const { rows } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}" x WHERE strpos(lower(to_jsonb(x)::text), lower($1)) > 0`,
      [needle],
    );
    if ((rows[0]?.n ?? 0) > 0) found.push(table);
  }
  return found;
}

/**
 * Every column of every table of the public schema that holds `id` (anywhere in its text: a
 * column, an array, a JSON document, an address built from it), as "table.column".
 */
async function columnsHolding(id: string): Promise<string[]> {
  const { rows: columns } = await t.database.pool.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables x ON x.table_schema = c.table_schema AND x.table_name = c.table_name
      WHERE c.table_schema = 'public' AND x.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'character', 'uuid', 'ARRAY', 'json', 'jsonb')
      ORDER BY 1, 2`,
  );
  expect(columns.length, "information_schema lists the app's columns").toBeGreaterThan(50);
  const found: string[] = [];
  for (const { table_name: table, column_name: column } of columns) {
    const { rows } = await t.database.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM "${table}" WHERE strpos("${column}"::text, $1) > 0`,
      [id],
    );
    if ((rows[0]?.n ?? 0) > 0) found.push(`${table}.${column}`);
  }
  return found;
}

/**
 * What an erased person's id may still be found in, and why (decision 022). The account row stays,
 * anonymised (its address is made from the id so it stays unique and cannot receive mail), because
 * kept contracts reference it; the deletion's own record says it was done.
 */
const ALWAYS_KEPT = ["users.id", "users.email", "account_deletions.user_id"];

const yes = (cookie: string) => b.call("PUT", "/api/privacy/consent", cookie, { analytics: true });

describe("account deletion", () => {
  it("asks for the password and the word, in pt-BR, and refuses while a contract is being signed", async () => {
    const { tenant } = await b.contract("enviado", { garantias: ["seguro_fianca"] });
    const wrongWord = await b.call("POST", "/api/privacy/deletion", tenant.cookie, {
      senha: tenant.password,
      confirmacao: "sim",
    });
    expect(wrongWord.statusCode).toBe(400);
    expect(wrongWord.json().issues).toEqual([
      { path: "confirmacao", message: ptBR.errors["invalid-deletion-word"] },
    ]);
    const wrongPassword = await b.call("POST", "/api/privacy/deletion", tenant.cookie, {
      ...GOOD,
      senha: "não é esta",
    });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().code).toBe("wrong-current-password");
    const signing = await b.call("POST", "/api/privacy/deletion", tenant.cookie, {
      ...GOOD,
      senha: tenant.password,
    });
    expect(signing.statusCode).toBe(409);
    expect(signing.json().message).toBe(ptBR.errors["contract-in-progress"]);
    expect((await b.call("POST", "/api/privacy/deletion", undefined, GOOD)).statusCode).toBe(401);
  });

  it("signs the person out; signing in within the grace period cancels it and keeps everything", async () => {
    const who = await b.person("Tânia");
    const asked = await b.call("POST", "/api/privacy/deletion", who.cookie, { ...GOOD, senha: who.password });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json<DeletionView>()).toEqual({
      status: "agendada",
      dueAt: "2026-12-02T13:00:00.000Z",
      graceDays: 7,
    });
    expect((await b.call("GET", "/api/me", who.cookie)).statusCode).toBe(401);
    await t.settle();
    expect(
      (await outboxFor(t.dataDir, who.email)).some((m) => m.text.includes("serão excluídos em 7 dias")),
    ).toBe(true);

    const back = await signIn(t.app, who.email, who.password);
    expect(back.statusCode).toBe(200);
    const cookie = String(back.headers["set-cookie"]).split(";")[0] as string;
    expect((await b.call("GET", "/api/privacy/deletion", cookie)).json<DeletionView>().status).toBeNull();
    clock.set(new Date(START.getTime() + 8 * 86_400_000));
    expect(await t.app.accountDeletions.carryOut(who.userId)).toBe("nothing");
    expect((await b.call("GET", "/api/profile", cookie)).json()).toMatchObject({
      personal: { nomeCompleto: who.fullName },
    });
  });

  it("after the grace period erases the person everywhere but the signed contract, which the landlord still opens", async () => {
    const { contract, tenant, landlord } = await b.contract("assinado", { garantias: ["seguro_fianca"] });
    // Another negotiation, still open, whose landlord is told; and things of the tenant's own.
    const other = await b.proposal("enviada", { tenant });
    await b.call("POST", "/api/preferences/searches", tenant.cookie, {
      nome: "Perto do trabalho",
      filtros: { cidades: ["Cidade da exclusão"] },
    });
    expect((await yes(tenant.cookie)).statusCode).toBe(200);
    // A company they sign for, which nothing names (issue 34): it goes with them.
    const company = await b.company(tenant);
    const address = t.app.server.address() as AddressInfo;
    const upload = await uploadBytes(
      { baseUrl: `http://127.0.0.1:${address.port}`, cookie: tenant.cookie, origin: ORIGIN },
      makePng(20, 20, [200, 10, 10]),
      { filename: "rg.png", kind: "rg_frente", folder: "documentos" },
    );
    const documentId = upload.json<{ id: string }>().id;
    expect((await t.app.storage.readBytes(documentId)).length).toBeGreaterThan(0);
    // The landlord sent the tenant a file in their conversation: shared with the tenant, it is
    // the landlord's, and stays the landlord's; the share with the erased tenant goes.
    const landlordsFile = (
      await uploadBytes(
        { baseUrl: `http://127.0.0.1:${address.port}`, cookie: landlord.cookie, origin: ORIGIN },
        makePng(20, 20, [10, 200, 10]),
        { filename: "vistoria.png", kind: "outro", folder: "mensagens" },
      )
    ).json<{ id: string }>().id;
    const sent = await b.call("POST", `/api/messages/${contract.proposalId}`, landlord.cookie, {
      texto: "Segue a foto da vistoria.",
      anexos: [landlordsFile],
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const asked = await b.call("POST", "/api/privacy/deletion", tenant.cookie, {
      ...GOOD,
      senha: tenant.password,
    });
    expect(asked.statusCode, asked.body).toBe(202);

    // Not before its time.
    expect(await t.app.accountDeletions.carryOut(tenant.userId)).toBe("waiting");
    clock.set(new Date(START.getTime() + 7 * 86_400_000 + 60_000));
    expect(await t.app.accountDeletions.carryOut(tenant.userId)).toBe("done");
    await t.settle();

    // Nobody signs in to it; nothing names the person but the contract the others keep.
    expect((await signIn(t.app, tenant.email, tenant.password)).statusCode).toBe(401);
    expect(
      (await t.database.pool.query("SELECT 1 FROM companies WHERE id = $1", [company.id])).rowCount,
    ).toBe(0);
    const kept = ["contracts", "contract_signers", "contract_events"];
    // (The full name is shared with other files' test people; e-mail and CPF are this person's.)
    for (const needle of [tenant.email, tenant.cpf])
      expect(
        (await tablesHolding(needle)).filter((x) => !kept.includes(x)),
        needle,
      ).toEqual([]);
    const { rows } = await t.database.pool.query(
      "SELECT count(*)::int AS n FROM proposals WHERE tenant_id = $1",
      [tenant.userId],
    );
    expect(rows[0]?.n).toBe(1);
    // Nor does anything hold their id but the account row and what the signed contract stands on:
    // the contract, its signers and audit trail (art. 16), and the proposal it came from.
    // (And the contract's PDFs shared with them as one of its parties.)
    const keptForTheContract = [
      "contracts.tenant_id",
      "contract_signers.user_id",
      "proposals.tenant_id",
      "document_shares.user_id",
      // What the landlord wrote to them in that proposal's conversation is the landlord's.
      "messages.recipient_id",
    ];
    expect(
      (await columnsHolding(tenant.userId)).filter(
        (x) => !ALWAYS_KEPT.includes(x) && !keptForTheContract.includes(x),
      ),
      "columns still holding the erased tenant's id",
    ).toEqual([]);
    const { rows: shares } = await t.database.pool.query<{ reason: string }>(
      "SELECT reason FROM document_shares WHERE user_id = $1 ORDER BY reason",
      [tenant.userId],
    );
    expect([...new Set(shares.map((r) => r.reason))], "only the kept contract's PDFs stay shared").toEqual([
      `contrato:${contract.id}`,
    ]);
    // PostHog is asked to forget them and their events.
    expect(posthog.deletions()).toContainEqual({
      distinctIds: [t.app.analytics.idOf(tenant.userId)],
      personIds: [],
    });

    // The bytes of the person's documents are gone from the store too; the landlord's file stays.
    await expect(t.app.storage.readBytes(documentId)).rejects.toThrow();
    expect((await t.app.storage.readBytes(landlordsFile)).length).toBeGreaterThan(0);

    // The landlord keeps the contract: it opens and its sealed PDF verifies.
    const seen = await b.call("GET", `/api/contracts/${contract.id}`, landlord.cookie);
    expect(seen.statusCode).toBe(200);
    const sealedId = seen.json().sealedDocumentId as string;
    const verified = await b.call("GET", `/api/contracts/verify/${sealedId}`, landlord.cookie);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ sealed: true, intact: true, signatureValid: true });

    // The other negotiation's landlord was told it ended.
    const bell = (await b.call("GET", "/api/notifications", other.landlord.cookie)).json<{
      items: { title: string }[];
    }>();
    expect(bell.items.map((n) => n.title)).toContainEqual(expect.stringMatching(/^Proposta retirada/));
    // Running again (a retry) finds nothing to do.
    expect(await t.app.accountDeletions.carryOut(tenant.userId)).toBe("nothing");
  });
});

describe("deleting a landlord", () => {
  it("closes the offer a tenant proposed on: the tenant keeps the proposal, closed and explained, and is told", async () => {
    const landlord = await b.person("Lourdes");
    const { offerId, proposal, tenant } = await b.proposal("enviada", { landlord });
    // An offer nobody proposed on goes, with its unit.
    const { offerId: untouched } = await b.offer({ landlord });
    expect((await yes(landlord.cookie)).statusCode).toBe(200);
    const asked = await b.call("POST", "/api/privacy/deletion", landlord.cookie, {
      ...GOOD,
      senha: landlord.password,
    });
    expect(asked.statusCode, asked.body).toBe(202);
    clock.set(new Date(START.getTime() + 7 * 86_400_000 + 60_000));
    expect(await t.app.accountDeletions.carryOut(landlord.userId)).toBe("done");
    await t.settle();

    // The tenant's proposal is still theirs: closed, the timeline saying why.
    const seen = await b.call("GET", `/api/proposals/${proposal.id}`, tenant.cookie);
    expect(seen.statusCode, seen.body).toBe(200);
    const view = seen.json<ProposalView>();
    expect(view.status).toBe("encerrada");
    expect(view.events.at(-1)).toMatchObject({
      type: "encerrada",
      actor: "system",
      detail: "A parte locadora excluiu a conta, e a oferta foi encerrada.",
    });
    // The view shows first names: the first word of "Conta excluída".
    expect(view.locador.nome).toBe("Conta");
    expect(view.oferta).toMatchObject({ id: offerId, bairro: proposal.oferta.bairro, capa: null });
    const history = (await b.call("GET", "/api/proposals?role=tenant", tenant.cookie)).json<ProposalView[]>();
    expect(history).toContainEqual(expect.objectContaining({ id: proposal.id, status: "encerrada" }));
    // ...and was told.
    const bell = (await b.call("GET", "/api/notifications", tenant.cookie)).json<{
      items: { title: string }[];
    }>();
    expect(bell.items.map((n) => n.title)).toContainEqual(expect.stringMatching(/^Proposta encerrada/));

    // The offer is closed and holds nothing the landlord wrote; the other offer is gone.
    const { rows: offers } = await t.database.pool.query<{
      id: string;
      status: string;
      descricao: string;
      logradouro: string;
      numero: string;
      fotos: string[];
    }>(
      `SELECT o.id, o.status, o.descricao, u.logradouro, u.numero, u.fotos
         FROM offers o JOIN units u ON u.id = o.unit_id WHERE o.id = ANY($1::uuid[])`,
      [[offerId, untouched]],
    );
    expect(offers).toEqual([
      { id: offerId, status: "encerrada", descricao: "", logradouro: "", numero: "", fotos: [] },
    ]);
    expect((await b.call("GET", `/api/offers/${offerId}`, tenant.cookie)).statusCode).toBe(404);

    // Their id stays only on the account row and on what the tenant's proposal stands on.
    const keptForTheProposal = ["offers.owner_id", "units.owner_id", "proposals.landlord_id"];
    expect(
      (await columnsHolding(landlord.userId)).filter(
        (x) => !ALWAYS_KEPT.includes(x) && !keptForTheProposal.includes(x),
      ),
      "columns still holding the erased landlord's id",
    ).toEqual([]);
    // PostHog is asked to forget them.
    expect(posthog.deletions()).toContainEqual({
      distinctIds: [t.app.analytics.idOf(landlord.userId)],
      personIds: [],
    });
  });
});
