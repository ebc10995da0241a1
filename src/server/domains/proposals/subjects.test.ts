import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { guarantorOf } from "../../../../tests/support/bodies";
import { type BuiltProposal, builders, type Person } from "../../../../tests/support/builders";
import { makePdf } from "../../../../tests/support/files";
import { outboxFor, subjectOf } from "../../../../tests/support/mail";
import { createTestApp, ORIGIN, type TestApp } from "../../../../tests/support/test-app";
import { uploadBytes } from "../../../../tests/support/tus";
import type { ProposalStatus, ProposalView } from "../../../shared/contracts/proposals";

/*
 * Every e-mail a proposal sends says in its subject what happened and to which offer (issue 15:
 * they all read "Proposta: ‹título›"). One row a move: the proposal is brought to the state before
 * it, the move is made, and the e-mails the move sent to the person it concerns are read.
 */

let t: TestApp;
let b: ReturnType<typeof builders>;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: process.env.TEST_LOG ?? "silent" });
  await t.app.listen({ port: 0, host: "127.0.0.1" }); // offer photos and documents go up by tus
  baseUrl = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
  b = builders(t);
});
afterAll(() => t.close());

interface Parties {
  landlord: Person;
  tenant: Person;
  offerId: string;
  /** The proposal in the row's `from` state (none for the rows whose move makes it). */
  proposal: ProposalView;
}

interface Row {
  /** What happened. */
  move: string;
  /** The bairro of the row's own offer: the subject must name this offer. */
  bairro: string;
  /** The state the proposal is brought to before the move; null: no proposal yet. */
  from: ProposalStatus | null;
  garantia?: string;
  /** Who the e-mail is for. */
  to: "landlord" | "tenant";
  act: (p: Parties) => Promise<unknown>;
  subject: string;
}

const act = async (cookie: string, p: Parties, body: Record<string, unknown>) => {
  const res = await b.call("POST", `/api/proposals/${p.proposal.id}/actions`, cookie, body);
  if (res.statusCode !== 200) throw new Error(`${body.action}: ${res.statusCode} ${res.body}`);
};

/** The proposal's terms as a counter sends them, with the rent changed. */
const termsWith = (p: ProposalView, aluguel: number) => ({
  aluguel,
  dataEntrada: p.termos.dataEntrada,
  prazoMeses: p.termos.prazoMeses,
  garantia: p.termos.garantia,
  ...(p.termos.caucaoMeses ? { caucaoMeses: p.termos.caucaoMeses } : {}),
});

const ROWS: Row[] = [
  {
    move: "a proposal sent",
    bairro: "Flamengo",
    from: null,
    to: "landlord",
    act: (p) => b.proposal("enviada", p),
    subject: "Nova proposta: Apartamento no bairro Flamengo",
  },
  {
    move: "approved",
    bairro: "Laranjeiras",
    from: "enviada",
    to: "tenant",
    act: (p) => act(p.landlord.cookie, p, { action: "approve" }),
    subject: "Proposta aprovada: Apartamento no bairro Laranjeiras",
  },
  {
    move: "rejected",
    bairro: "Tijuca",
    from: "enviada",
    to: "tenant",
    act: (p) => act(p.landlord.cookie, p, { action: "reject", motivo: "Preferi um casal sem filhos." }),
    subject: "Proposta recusada: Apartamento no bairro Tijuca",
  },
  {
    move: "countered by the landlord",
    bairro: "Glória",
    from: "enviada",
    to: "tenant",
    act: (p) =>
      act(p.landlord.cookie, p, {
        action: "counter",
        termos: termsWith(p.proposal, p.proposal.termos.aluguel + 10000),
      }),
    subject: "Nova contraproposta para Apartamento no bairro Glória",
  },
  {
    move: "countered back by the tenant",
    bairro: "Catete",
    from: "contraproposta",
    to: "landlord",
    act: (p) =>
      act(p.tenant.cookie, p, {
        action: "counter",
        termos: termsWith(p.proposal, p.proposal.termos.aluguel + 5000),
      }),
    subject: "Nova contraproposta para Apartamento no bairro Catete",
  },
  {
    move: "the counter-offer accepted",
    bairro: "Urca",
    from: "contraproposta",
    to: "landlord",
    act: (p) => act(p.tenant.cookie, p, { action: "accept" }),
    subject: "Contraproposta aceita: Apartamento no bairro Urca",
  },
  {
    move: "documents requested",
    bairro: "Humaitá",
    from: "enviada",
    to: "tenant",
    act: (p) => act(p.landlord.cookie, p, { action: "request_documents", documentos: ["comprovante_renda"] }),
    subject: "Documentos pedidos: Apartamento no bairro Humaitá",
  },
  {
    move: "documents sent",
    bairro: "Gávea",
    from: "documentos_solicitados",
    to: "landlord",
    act: async (p) => {
      const doc = (
        await uploadBytes({ baseUrl, cookie: p.tenant.cookie, origin: ORIGIN }, await makePdf(1), {
          filename: "holerite.pdf",
          kind: "comprovante_renda",
          folder: "perfil",
        })
      ).json<{ id: string }>().id;
      await act(p.tenant.cookie, p, { action: "send_documents", documentos: [doc] });
    },
    subject: "Documentos enviados: Apartamento no bairro Gávea",
  },
  {
    move: "another guarantor asked for",
    bairro: "Leblon",
    from: "enviada",
    garantia: "fiador",
    to: "tenant",
    act: (p) =>
      act(p.landlord.cookie, p, { action: "request_guarantor", motivo: "A renda do fiador não basta." }),
    subject: "Pedido de outra pessoa fiadora: Apartamento no bairro Leblon",
  },
  {
    // Asked for another guarantor, the tenant names one and changes nothing else.
    move: "a new guarantor named",
    bairro: "Cosme Velho",
    from: "enviada",
    garantia: "fiador",
    to: "landlord",
    act: async (p) => {
      await act(p.landlord.cookie, p, {
        action: "request_guarantor",
        motivo: "A renda do fiador não basta.",
      });
      await act(p.tenant.cookie, p, {
        action: "counter",
        termos: termsWith(p.proposal, p.proposal.termos.aluguel),
        fiador: guarantorOf("Rosa Maria Nogueira"),
      });
    },
    subject: "Nova pessoa fiadora indicada: Apartamento no bairro Cosme Velho",
  },
  {
    move: "withdrawn",
    bairro: "Lapa",
    from: "enviada",
    to: "landlord",
    act: (p) => act(p.tenant.cookie, p, { action: "withdraw" }),
    subject: "Proposta retirada: Apartamento no bairro Lapa",
  },
  {
    // The builder sends the proposal (an e-mail to the landlord only), then lets its deadline pass.
    move: "expired",
    bairro: "Jardim Botânico",
    from: null,
    to: "tenant",
    act: (p) => b.proposal("expirada", p),
    subject: "Proposta expirada: Apartamento no bairro Jardim Botânico",
  },
  {
    // The builder sends this tenant's proposal, then the landlord approves a rival's for the offer.
    move: "closed because a rival's proposal was approved",
    bairro: "Santa Teresa",
    from: null,
    to: "tenant",
    act: (p) => b.proposal("encerrada", p),
    subject: "Proposta encerrada: Apartamento no bairro Santa Teresa",
  },
];

describe("the subject of every proposal e-mail", () => {
  it.each(ROWS)("says what happened when $move, naming the offer", async (row) => {
    const landlord = await b.person("Marta");
    const tenant = await b.person("Rafael");
    const { offerId } = await b.offer({ landlord, unit: { bairro: row.bairro } });
    const built: BuiltProposal | null = row.from
      ? await b.proposal(row.from, { landlord, tenant, offerId, garantia: row.garantia ?? "seguro_fianca" })
      : null;
    const parties = { landlord, tenant, offerId, proposal: built?.proposal } as Parties;
    const to = row.to === "landlord" ? landlord : tenant;
    await t.settle();
    const before = new Set((await outboxFor(t.dataDir, to.email)).map((m) => m.file));

    await row.act(parties);

    await t.settle();
    const subjects = (await outboxFor(t.dataDir, to.email))
      .filter((m) => !before.has(m.file))
      .map((m) => subjectOf(m.raw))
      // An approval also asks the landlord to review the contract: the contract's e-mail, not the
      // proposal's (its subject is tested with the contracts).
      .filter((subject) => !subject.startsWith("Revise e envie o contrato"));
    expect(subjects, `the e-mails to the ${row.to}`).toEqual([row.subject]);
    expect(subjects[0]).not.toMatch(/^Proposta: /);
  });
});
