import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiPaths } from "../../../shared/api-paths";
import type { LeaseAmendments as Amendments, LeaseAmendmentView } from "../../../shared/contracts/lease";
import { errorMessage } from "../../../shared/errors";
import ptBR from "../../../shared/locales/pt-BR.json";
import { shiftMonth } from "../../../shared/rent/calendar";
import { renderScreen } from "../../app/testing";
import { brazilToday } from "./charge-format";
import { LeaseAmendments } from "./lease-amendments";

/*
 * Issue 33, item 1 on /Locacao: one party proposes a termo aditivo (here the tenant, a new due
 * day), the other accepts, refuses with a reason or counters it; the proposer may withdraw it; an
 * accepted one leads to its document to sign.
 */

const ID = "c0ffee00-0000-4000-8000-000000000001";
const AMENDMENT = "a0000000-0000-4000-8000-0000000000a1";
const COUNTER = "a0000000-0000-4000-8000-0000000000a2";
const DOC = "d0c00000-0000-4000-8000-0000000000bb";
const TENANT = { id: "u-tenant", name: "Bia", email: "bia@example.com" };
const LANDLORD = { id: "u-landlord", name: "Ana", email: "ana@example.com" };
const CARLA = { cpf: "52998224725", nome: "Carla Souza" };
/** Someone who joins, as the tenant names her (the proposal's co-tenant, qualified). */
const DIANA = {
  nome: "Diana Prado Reis",
  cpf: "24681357928",
  email: "diana@exemplo.com.br",
  genero: "feminino",
  nacionalidade: "brasileira",
  profissao: "enfermeira",
  renda: 420_050,
} as const;
/** A guarantor as the tenant names one (the proposal's guarantor). */
const BRUNO = {
  nome: "Bruno Tavares Lima",
  cpf: "13579246828",
  email: "bruno@exemplo.com.br",
  parentesco: "tio",
  estadoCivil: "casado",
  conjuge: { nome: "Denise Tavares Lima", cpf: "86420975310", email: "denise@exemplo.com.br" },
  endereco: null,
} as const;

const TODAY = brazilToday();
/** The form's default date: the first day of next month. */
const NEXT_MONTH = `${shiftMonth(TODAY.slice(0, 7), 1)}-01`;
const ANSWER_BY = `${shiftMonth(TODAY.slice(0, 7), 1)}-05`;
/** An accessible name that starts with a label (a required field's ends with its asterisk). */
const startsWith = (label: string) => (name: string) => name.startsWith(label);
/** "2027-02-01" → "01/02/2027", as pt-BR shows a day. */
const br = (day: string) => day.split("-").reverse().join("/");

const path = apiPaths.rent.amendments(ID);
const answerPath = apiPaths.rent.amendmentAnswer(ID, AMENDMENT);
const counterPath = apiPaths.rent.amendmentCounter(ID, AMENDMENT);

function amendments(over: Partial<Amendments> = {}): Amendments {
  return {
    papel: "locatario",
    atual: {
      aluguel: 300_000,
      prazoMeses: 30,
      diaVencimento: 10,
      garantia: "seguro_fianca",
      colocatarios: [],
      inicio: "2026-10-10",
    },
    podePropor: true,
    aditivos: [],
    ...over,
  };
}

/** The tenant's open amendment: the due day from 10 to 5, from next month. */
function dueDay(over: Partial<LeaseAmendmentView> = {}): LeaseAmendmentView {
  return {
    id: AMENDMENT,
    por: "locatario",
    mudancas: { diaVencimento: 5 },
    antes: {
      aluguel: 300_000,
      prazoMeses: 30,
      diaVencimento: 10,
      garantia: "seguro_fianca",
      colocatarios: [],
    },
    efeito: NEXT_MONTH,
    motivo: "Meu salário agora sai no dia 5",
    status: "aberta",
    criadaEm: `${TODAY}T15:00:00.000Z`,
    responderAte: ANSWER_BY,
    resposta: null,
    contraDe: null,
    documento: null,
    ...over,
  };
}

const landlordSees = (over: Partial<Amendments> = {}) =>
  amendments({ papel: "locador", podePropor: false, aditivos: [dueDay()], ...over });

// The forms here fill a dozen fields each in jsdom; with three files at once on two cores one took
// 15.1 s of the client suite's 15 s (CI): they get the time such forms take elsewhere in the suite.
describe("amendments (termo aditivo) on /Locacao", { timeout: 60_000 }, () => {
  it("the tenant proposes a new due day: the form posts it, closes, and the list shows it to withdraw", async () => {
    const posted: unknown[] = [];
    renderScreen(<LeaseAmendments id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: amendments(),
        [`POST ${path}`]: (body: unknown) => {
          posted.push(body);
          return amendments({ podePropor: false, aditivos: [dueDay()] });
        },
      },
    });
    const card = await screen.findByTestId("lease-amendments");
    expect(within(card).getByTestId("lease-amendments-current")).toHaveTextContent(
      /AluguelR\$\s3\.000,00Prazo30 meses, de 10\/10\/2026 a 09\/04\/2029VencimentoDia 10GarantiaSeguro-fiança$/,
    );
    expect(card).toHaveTextContent(ptBR.amendments.none);
    await userEvent.click(within(card).getByRole("button", { name: ptBR.amendments.propose }));
    const form = await within(card).findByTestId("lease-amendment-form");
    // No co-tenant: nobody to leave, so the option is not offered.
    expect(
      within(form).queryByRole("checkbox", { name: ptBR.amendments.form.options.saemColocatarios }),
    ).toBeNull();
    await userEvent.click(
      within(form).getByRole("checkbox", { name: ptBR.amendments.form.options.diaVencimento }),
    );
    await userEvent.type(within(form).getByLabelText(ptBR.amendments.form.newDay, { exact: false }), "5");
    expect(within(form).getByLabelText(ptBR.amendments.form.effect, { exact: false })).toHaveValue(
      NEXT_MONTH,
    );
    await userEvent.type(
      within(form).getByLabelText(ptBR.amendments.form.motivo, { exact: false }),
      "Meu salário agora sai no dia 5",
    );
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submit }));

    await waitFor(() => expect(within(card).queryByTestId("lease-amendment-form")).toBeNull());
    expect(posted).toEqual([
      { mudancas: { diaVencimento: 5 }, efeito: NEXT_MONTH, motivo: "Meu salário agora sai no dia 5" },
    ]);
    const item = within(card).getByTestId("lease-amendment");
    expect(item).toHaveTextContent(`Você propôs em ${br(TODAY)}`);
    expect(item).toHaveTextContent("Vencimento: do dia 10 para o dia 5");
    expect(item).toHaveTextContent(`A partir de ${br(NEXT_MONTH)}`);
    expect(item).toHaveTextContent(ptBR.amendments.status.aberta);
    // The proposer may withdraw it, not answer it; nor propose another while it is open.
    expect(within(item).getByRole("button", { name: ptBR.amendments.withdraw })).toBeInTheDocument();
    expect(within(item).queryByRole("button", { name: ptBR.amendments.accept })).toBeNull();
    expect(within(card).queryByRole("button", { name: ptBR.amendments.propose })).toBeNull();
  });

  it("the proposer withdraws an open amendment", async () => {
    const posted: unknown[] = [];
    renderScreen(<LeaseAmendments id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: amendments({ podePropor: false, aditivos: [dueDay()] }),
        [`POST ${answerPath}`]: (body: unknown) => {
          posted.push(body);
          return amendments({ aditivos: [dueDay({ status: "retirada" })] });
        },
      },
    });
    const item = await screen.findByTestId("lease-amendment");
    expect(within(item).queryByRole("button", { name: ptBR.amendments.accept })).toBeNull();
    expect(within(item).queryByRole("button", { name: ptBR.amendments.counter })).toBeNull();
    expect(item).toHaveTextContent(`A outra parte pode responder até ${br(ANSWER_BY)}.`);
    await userEvent.click(within(item).getByRole("button", { name: ptBR.amendments.withdraw }));
    const dialog = await screen.findByRole("dialog", { name: ptBR.amendments.withdrawDialog.title });
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.amendments.withdraw }));
    await waitFor(() => expect(screen.getByTestId("lease-amendment")).toHaveTextContent("Retirado"));
    expect(posted).toEqual([{ resposta: "retirar", motivo: "" }]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.getByRole("button", { name: ptBR.amendments.propose })).toBeInTheDocument();
  });

  it("the landlord sees the tenant's open amendment and accepts it; its termo aditivo is then to sign", async () => {
    const posted: unknown[] = [];
    renderScreen(<LeaseAmendments id={ID} />, {
      user: LANDLORD,
      api: {
        [`GET ${path}`]: landlordSees(),
        [`POST ${answerPath}`]: (body: unknown) => {
          posted.push(body);
          return landlordSees({
            aditivos: [
              dueDay({
                status: "aceita",
                documento: { contratoId: DOC, numero: "2026-AD12CD", status: "enviado" },
              }),
            ],
          });
        },
      },
    });
    const item = await screen.findByTestId("lease-amendment");
    expect(item).toHaveTextContent(`A parte locatária propôs em ${br(TODAY)}`);
    expect(item).toHaveTextContent("Vencimento: do dia 10 para o dia 5");
    expect(item).toHaveTextContent("Motivo: Meu salário agora sai no dia 5");
    expect(within(item).getByTestId("lease-amendment-deadline")).toHaveTextContent(
      `Responder até ${br(ANSWER_BY)}.`,
    );
    expect(within(item).queryByRole("button", { name: ptBR.amendments.withdraw })).toBeNull();
    expect(screen.queryByRole("button", { name: ptBR.amendments.propose })).toBeNull();

    await userEvent.click(within(item).getByRole("button", { name: ptBR.amendments.accept }));
    const dialog = await screen.findByRole("dialog", { name: ptBR.amendments.acceptDialog.title });
    expect(dialog).toHaveTextContent(`As mudanças valem a partir de ${br(NEXT_MONTH)}.`);
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.amendments.accept }));

    const doc = await screen.findByTestId("lease-amendment-document");
    expect(posted).toEqual([{ resposta: "aceitar", motivo: "" }]);
    expect(doc).toHaveTextContent("Termo aditivo nº 2026-AD12CD: Em assinatura");
    expect(within(doc).getByRole("link", { name: ptBR.amendments.sign })).toHaveAttribute(
      "href",
      `/Clicksign?contrato=${DOC}`,
    );
    expect(screen.getByTestId("lease-amendment")).toHaveTextContent(ptBR.amendments.status.aceita);
    expect(screen.queryByRole("button", { name: ptBR.amendments.accept })).toBeNull();
  });

  it("refusing asks the reason the proposer reads, and sends it", async () => {
    const { fetch } = renderScreen(<LeaseAmendments id={ID} />, {
      user: LANDLORD,
      api: {
        [`GET ${path}`]: landlordSees(),
        [`POST ${answerPath}`]: (body: unknown) =>
          landlordSees({
            aditivos: [dueDay({ status: "recusada", resposta: (body as { motivo: string }).motivo })],
          }),
      },
    });
    const item = await screen.findByTestId("lease-amendment");
    await userEvent.click(within(item).getByRole("button", { name: ptBR.amendments.refuse }));
    const dialog = await screen.findByRole("dialog", { name: ptBR.amendments.refuseDialog.title });
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.amendments.refuse }));
    expect(within(dialog).getByText(ptBR.amendments.refuseDialog.reasonNeeded)).toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "POST")).toEqual([]);

    await userEvent.type(
      within(dialog).getByLabelText(ptBR.amendments.refuseDialog.reason, { exact: false }),
      "O dia 10 é o do meu financiamento",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.amendments.refuse }));
    await waitFor(() =>
      expect(screen.getByTestId("lease-amendment")).toHaveTextContent(
        "Resposta: O dia 10 é o do meu financiamento",
      ),
    );
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts.map(([url, init]) => [String(url), JSON.parse(String(init?.body))])).toEqual([
      [answerPath, { resposta: "recusar", motivo: "O dia 10 é o do meu financiamento" }],
    ]);
    expect(screen.getByTestId("lease-amendment")).toHaveTextContent(ptBR.amendments.status.recusada);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("countering opens the form prefilled with the amendment's changes and posts to the counter path", async () => {
    const posted: unknown[] = [];
    const counter = dueDay({
      id: COUNTER,
      por: "locador",
      mudancas: { diaVencimento: 15 },
      motivo: "Dia 15 fica bom para as duas partes",
      contraDe: AMENDMENT,
      criadaEm: `${TODAY}T16:00:00.000Z`,
    });
    renderScreen(<LeaseAmendments id={ID} />, {
      user: LANDLORD,
      api: {
        [`GET ${path}`]: landlordSees(),
        [`POST ${counterPath}`]: (body: unknown) => {
          posted.push(body);
          return landlordSees({ aditivos: [dueDay({ status: "contraproposta" }), counter] });
        },
      },
    });
    const item = await screen.findByTestId("lease-amendment");
    await userEvent.click(within(item).getByRole("button", { name: ptBR.amendments.counter }));
    const form = await within(item).findByTestId("lease-amendment-form");
    expect(form).toHaveTextContent(ptBR.amendments.form.titleCounter);
    expect(
      within(form).getByRole("checkbox", { name: ptBR.amendments.form.options.diaVencimento }),
    ).toBeChecked();
    expect(
      within(form).getByRole("checkbox", { name: ptBR.amendments.form.options.aluguel }),
    ).not.toBeChecked();
    const day = within(form).getByLabelText(ptBR.amendments.form.newDay, { exact: false });
    expect(day).toHaveValue("5");
    expect(within(form).getByLabelText(ptBR.amendments.form.effect, { exact: false })).toHaveValue(
      NEXT_MONTH,
    );
    await userEvent.clear(day);
    await userEvent.type(day, "15");
    await userEvent.type(
      within(form).getByLabelText(ptBR.amendments.form.motivo, { exact: false }),
      "Dia 15 fica bom para as duas partes",
    );
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submitCounter }));

    await waitFor(() => expect(screen.queryByTestId("lease-amendment-form")).toBeNull());
    expect(posted).toEqual([
      { mudancas: { diaVencimento: 15 }, efeito: NEXT_MONTH, motivo: "Dia 15 fica bom para as duas partes" },
    ]);
    // Newest first: the landlord's counter, then the tenant's countered one.
    const [mine, countered] = screen.getAllByTestId("lease-amendment");
    expect(mine).toHaveTextContent(`Sua contraproposta, de ${br(TODAY)}`);
    expect(mine).toHaveTextContent("Vencimento: do dia 10 para o dia 15");
    expect(
      within(mine as HTMLElement).getByRole("button", { name: ptBR.amendments.withdraw }),
    ).toBeInTheDocument();
    expect(countered).toHaveTextContent(ptBR.amendments.status.contraproposta);
    expect(within(countered as HTMLElement).queryByRole("button")).toBeNull();
  });

  it("checks the form as the contract does, with the messages beside the fields", async () => {
    const { fetch } = renderScreen(<LeaseAmendments id={ID} />, {
      user: TENANT,
      api: { [`GET ${path}`]: amendments() },
    });
    const card = await screen.findByTestId("lease-amendments");
    await userEvent.click(within(card).getByRole("button", { name: ptBR.amendments.propose }));
    const form = await within(card).findByTestId("lease-amendment-form");
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submit }));
    expect(form).toHaveTextContent(errorMessage("lease-amendment-empty"));
    expect(form).toHaveTextContent(ptBR.amendments.form.reasonInvalid);

    await userEvent.click(
      within(form).getByRole("checkbox", { name: ptBR.amendments.form.options.diaVencimento }),
    );
    expect(form).not.toHaveTextContent(errorMessage("lease-amendment-empty"));
    const day = within(form).getByLabelText(ptBR.amendments.form.newDay, { exact: false });
    await userEvent.type(day, "30");
    await userEvent.type(
      within(form).getByLabelText(ptBR.amendments.form.motivo, { exact: false }),
      "Salário",
    );
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submit }));
    expect(day).toHaveAccessibleDescription(expect.stringContaining(errorMessage("lease-amendment-due-day")));
    expect(form).not.toHaveTextContent(ptBR.amendments.form.reasonInvalid);
    // The day in force is no change (the server refuses it too).
    await userEvent.clear(day);
    await userEvent.type(day, "10");
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submit }));
    expect(day).toHaveAccessibleDescription(expect.stringContaining(ptBR.amendments.form.unchanged));

    // The guarantee offered is another than the one in force.
    await userEvent.click(
      within(form).getByRole("checkbox", { name: ptBR.amendments.form.options.garantia }),
    );
    const guarantee = within(form).getByRole("combobox", { name: ptBR.amendments.form.newGuarantee });
    const offered = within(guarantee)
      .getAllByRole("option")
      .map((o) => o.textContent);
    expect(offered).toEqual([
      ptBR.amendments.form.chooseGuarantee,
      ptBR.listings.guarantees.fiador,
      ptBR.listings.guarantees.caucao,
      ptBR.listings.guarantees.titulo_capitalizacao,
    ]);
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submit }));
    expect(guarantee).toHaveAccessibleDescription(
      expect.stringContaining(ptBR.amendments.form.chooseGuarantee),
    );
    expect(fetch.mock.calls.filter(([, init]) => init?.method === "POST")).toEqual([]);
  });

  it("turns reais into centavos, names the co-tenants, shows the new term's end and sends every change", async () => {
    const posted: unknown[] = [];
    renderScreen(<LeaseAmendments id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: amendments({ atual: { ...amendments().atual, colocatarios: [CARLA] } }),
        [`POST ${path}`]: (body: unknown) => {
          posted.push(body);
          return amendments();
        },
      },
    });
    const card = await screen.findByTestId("lease-amendments");
    expect(within(card).getByTestId("lease-amendments-current")).toHaveTextContent("Carla Souza");
    await userEvent.click(within(card).getByRole("button", { name: ptBR.amendments.propose }));
    const form = await within(card).findByTestId("lease-amendment-form");
    for (const option of ["aluguel", "prazoMeses", "saemColocatarios", "garantia"] as const)
      await userEvent.click(
        within(form).getByRole("checkbox", { name: ptBR.amendments.form.options[option] }),
      );
    await userEvent.type(
      within(form).getByLabelText(ptBR.amendments.form.newRent, { exact: false }),
      "3500,5",
    );
    const term = within(form).getByLabelText(ptBR.amendments.form.newTerm, { exact: false });
    await userEvent.type(term, "48");
    expect(term).toHaveAccessibleDescription("Com o novo prazo, a locação vai até 09/10/2030.");
    await userEvent.click(within(form).getByRole("checkbox", { name: "Carla Souza" }));
    await userEvent.selectOptions(
      within(form).getByRole("combobox", { name: ptBR.amendments.form.newGuarantee }),
      ptBR.listings.guarantees.caucao,
    );
    await userEvent.type(
      within(form).getByLabelText(ptBR.amendments.form.motivo, { exact: false }),
      "Renovação com a saída da Carla",
    );
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submit }));
    await waitFor(() => expect(screen.queryByTestId("lease-amendment-form")).toBeNull());
    expect(posted).toEqual([
      {
        mudancas: { aluguel: 350_050, prazoMeses: 48, saemColocatarios: [CARLA.cpf], garantia: "caucao" },
        efeito: NEXT_MONTH,
        motivo: "Renovação com a saída da Carla",
      },
    ]);
  });

  it("the tenant names a co-tenant who joins, with the proposal's co-tenant fields; the form posts her", async () => {
    const posted: unknown[] = [];
    renderScreen(<LeaseAmendments id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: amendments(),
        [`POST ${path}`]: (body: unknown) => {
          posted.push(body);
          return amendments();
        },
      },
    });
    const card = await screen.findByTestId("lease-amendments");
    await userEvent.click(within(card).getByRole("button", { name: ptBR.amendments.propose }));
    const form = await within(card).findByTestId("lease-amendment-form");
    await userEvent.click(
      within(form).getByRole("checkbox", { name: ptBR.amendments.form.options.entraColocatario }),
    );
    const joining = within(form).getByRole("group", { name: ptBR.amendments.form.entering });
    expect(joining).toHaveTextContent(ptBR.amendments.form.enteringLead);
    await userEvent.type(
      within(form).getByLabelText(ptBR.amendments.form.motivo, { exact: false }),
      "A Diana vem morar conosco",
    );
    // Nothing typed: each field says what it needs, and nothing is sent.
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submit }));
    const name = within(joining).getByLabelText(ptBR.proposal.cotenantName, { exact: false });
    expect(name).toHaveAccessibleDescription(expect.stringContaining(errorMessage("invalid-full-name")));
    expect(
      within(joining).getByLabelText(ptBR.proposal.cotenantCpf, { exact: false }),
    ).toHaveAccessibleDescription(expect.stringContaining(errorMessage("invalid-cpf")));
    expect(posted).toEqual([]);

    await userEvent.type(name, DIANA.nome);
    await userEvent.type(
      within(joining).getByLabelText(ptBR.proposal.cotenantCpf, { exact: false }),
      "246.813.579-28",
    );
    await userEvent.type(
      within(joining).getByLabelText(ptBR.proposal.cotenantEmail, { exact: false }),
      DIANA.email,
    );
    await userEvent.type(
      within(joining).getByLabelText(ptBR.proposal.cotenantIncome, { exact: false }),
      "4200,5",
    );
    await userEvent.type(
      within(joining).getByLabelText(ptBR.profile.fields.nacionalidade),
      DIANA.nacionalidade,
    );
    await userEvent.type(within(joining).getByLabelText(ptBR.profile.fields.profissao), DIANA.profissao);
    const gender = within(joining).getByRole("combobox", { name: ptBR.amendments.form.cotenantGender });
    expect(gender).toHaveValue(ptBR.amendments.form.cotenantGenderOption.nao_informado);
    await userEvent.click(gender);
    await userEvent.click(
      await screen.findByRole("option", {
        name: ptBR.amendments.form.cotenantGenderOption.feminino,
        hidden: true,
      }),
    );
    await waitFor(() => expect(gender).toHaveValue(ptBR.amendments.form.cotenantGenderOption.feminino));
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submit }));
    await waitFor(() => expect(screen.queryByTestId("lease-amendment-form")).toBeNull());
    expect(posted).toEqual([
      { mudancas: { entraColocatario: DIANA }, efeito: NEXT_MONTH, motivo: "A Diana vem morar conosco" },
    ]);
  });

  it("a guarantor by amendment: Fiança asks the proposal's guarantor fields, the spouse of a married one too", async () => {
    const posted: unknown[] = [];
    renderScreen(<LeaseAmendments id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: amendments(),
        [`POST ${path}`]: (body: unknown) => {
          posted.push(body);
          return amendments();
        },
      },
    });
    const card = await screen.findByTestId("lease-amendments");
    await userEvent.click(within(card).getByRole("button", { name: ptBR.amendments.propose }));
    const form = await within(card).findByTestId("lease-amendment-form");
    await userEvent.click(
      within(form).getByRole("checkbox", { name: ptBR.amendments.form.options.garantia }),
    );
    expect(within(form).queryByTestId("amendment-guarantor")).toBeNull();
    await userEvent.selectOptions(
      within(form).getByRole("combobox", { name: ptBR.amendments.form.newGuarantee }),
      ptBR.listings.guarantees.fiador,
    );
    const fields = within(form).getByRole("group", { name: ptBR.proposal.guarantor });
    await userEvent.type(
      within(fields).getByLabelText(ptBR.proposal.guarantorName, { exact: false }),
      BRUNO.nome,
    );
    await userEvent.type(
      within(fields).getByLabelText(ptBR.proposal.guarantorCpf, { exact: false }),
      BRUNO.cpf,
    );
    await userEvent.type(
      within(fields).getByLabelText(ptBR.proposal.guarantorEmail, { exact: false }),
      BRUNO.email,
    );
    await userEvent.type(
      within(fields).getByLabelText(ptBR.proposal.guarantorRelationship, { exact: false }),
      BRUNO.parentesco,
    );
    const marital = within(fields).getByRole("combobox", {
      name: startsWith(ptBR.proposal.guarantorMarital),
    });
    marital.focus();
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    await waitFor(() => expect(marital).toHaveValue(ptBR.profile.marital.casado));
    const spouse = await within(fields).findByTestId("amendment-guarantor-spouse");
    expect(spouse).toHaveTextContent(ptBR.proposal.spouseLead);
    await userEvent.type(
      within(form).getByLabelText(ptBR.amendments.form.motivo, { exact: false }),
      "Troca do seguro pela fiança do meu tio",
    );
    // Married, and the spouse not named: said under the spouse's fields; nothing sent.
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submit }));
    expect(
      within(spouse).getByLabelText(ptBR.proposal.spouseName, { exact: false }),
    ).toHaveAccessibleDescription(expect.stringContaining(errorMessage("invalid-full-name")));
    expect(posted).toEqual([]);
    await userEvent.type(
      within(spouse).getByLabelText(ptBR.proposal.spouseName, { exact: false }),
      BRUNO.conjuge.nome,
    );
    await userEvent.type(
      within(spouse).getByLabelText(ptBR.proposal.spouseCpf, { exact: false }),
      BRUNO.conjuge.cpf,
    );
    await userEvent.type(
      within(spouse).getByLabelText(ptBR.proposal.spouseEmail, { exact: false }),
      BRUNO.conjuge.email,
    );
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submit }));
    await waitFor(() => expect(screen.queryByTestId("lease-amendment-form")).toBeNull());
    expect(posted).toEqual([
      {
        mudancas: { garantia: "fiador", fiador: BRUNO },
        efeito: NEXT_MONTH,
        motivo: "Troca do seguro pela fiança do meu tio",
      },
    ]);
  });

  it("on a fiança, another guarantor is the guarantor alone; the server's refusal goes under its field", async () => {
    const posted: unknown[] = [];
    const single = { ...BRUNO, estadoCivil: "solteiro", conjuge: null };
    renderScreen(<LeaseAmendments id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: amendments({
          atual: {
            ...amendments().atual,
            garantia: "fiador",
            fiador: { cpf: "71428793860", nome: "Antônio Fiador" },
          },
        }),
        [`POST ${path}`]: (body: unknown) => {
          posted.push(body);
          return {
            status: 400,
            body: {
              code: "signer-email-taken",
              message: errorMessage("signer-email-taken"),
              issues: [{ path: "mudancas.fiador.email", message: errorMessage("signer-email-taken") }],
            },
          };
        },
      },
    });
    const card = await screen.findByTestId("lease-amendments");
    expect(within(card).getByTestId("lease-amendments-current")).toHaveTextContent(
      "GarantiaFiança (Antônio Fiador)",
    );
    await userEvent.click(within(card).getByRole("button", { name: ptBR.amendments.propose }));
    const form = await within(card).findByTestId("lease-amendment-form");
    await userEvent.click(
      within(form).getByRole("checkbox", { name: ptBR.amendments.form.options.garantia }),
    );
    const guarantee = within(form).getByRole("combobox", { name: ptBR.amendments.form.newGuarantee });
    expect(
      within(guarantee)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual([
      ptBR.amendments.form.chooseGuarantee,
      ptBR.amendments.form.otherGuarantor,
      ptBR.listings.guarantees.seguro_fianca,
      ptBR.listings.guarantees.caucao,
      ptBR.listings.guarantees.titulo_capitalizacao,
    ]);
    await userEvent.selectOptions(guarantee, ptBR.amendments.form.otherGuarantor);
    const fields = within(form).getByRole("group", { name: ptBR.proposal.guarantor });
    await userEvent.type(
      within(fields).getByLabelText(ptBR.proposal.guarantorName, { exact: false }),
      single.nome,
    );
    await userEvent.type(
      within(fields).getByLabelText(ptBR.proposal.guarantorCpf, { exact: false }),
      single.cpf,
    );
    const email = within(fields).getByLabelText(ptBR.proposal.guarantorEmail, { exact: false });
    await userEvent.type(email, single.email);
    await userEvent.type(
      within(fields).getByLabelText(ptBR.proposal.guarantorRelationship, { exact: false }),
      single.parentesco,
    );
    const marital = within(fields).getByRole("combobox", {
      name: startsWith(ptBR.proposal.guarantorMarital),
    });
    marital.focus();
    await userEvent.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(marital).toHaveValue(ptBR.profile.marital.solteiro));
    expect(within(fields).queryByTestId("amendment-guarantor-spouse")).toBeNull();
    await userEvent.type(
      within(form).getByLabelText(ptBR.amendments.form.motivo, { exact: false }),
      "Meu pai não pode mais ser fiador",
    );
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submit }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(errorMessage("signer-email-taken"));
    expect(email).toHaveAccessibleDescription(expect.stringContaining(errorMessage("signer-email-taken")));
    expect(posted).toEqual([
      { mudancas: { fiador: single }, efeito: NEXT_MONTH, motivo: "Meu pai não pode mais ser fiador" },
    ]);
  });

  it("the landlord names nobody: a counter keeps the person the tenant named, as named", async () => {
    const posted: unknown[] = [];
    const joining = dueDay({ mudancas: { entraColocatario: DIANA }, motivo: "A Diana vem morar conosco" });
    renderScreen(<LeaseAmendments id={ID} />, {
      user: LANDLORD,
      api: {
        [`GET ${path}`]: landlordSees({ aditivos: [joining] }),
        [`POST ${counterPath}`]: (body: unknown) => {
          posted.push(body);
          return landlordSees({ aditivos: [joining] });
        },
      },
    });
    const item = await screen.findByTestId("lease-amendment");
    expect(within(item).getByTestId("lease-amendment-changes")).toHaveTextContent(
      "Entrada na locação: Diana Prado Reis, com renda de R$ 4.200,50",
    );
    await userEvent.click(within(item).getByRole("button", { name: ptBR.amendments.counter }));
    const form = await within(item).findByTestId("lease-amendment-form");
    expect(
      within(form).getByRole("checkbox", { name: ptBR.amendments.form.options.entraColocatario }),
    ).toBeChecked();
    // No fields to retype her: she stays as the tenant named her.
    expect(within(form).queryByRole("group", { name: ptBR.amendments.form.entering })).toBeNull();
    expect(within(form).getByTestId("amendment-joining-named")).toHaveTextContent(
      "Pessoa indicada pela parte locatária: Diana Prado Reis, CPF 246.813.579-28.",
    );
    // Nor may the landlord bring in a guarantor of her own.
    await userEvent.click(
      within(form).getByRole("checkbox", { name: ptBR.amendments.form.options.garantia }),
    );
    expect(
      within(within(form).getByRole("combobox", { name: ptBR.amendments.form.newGuarantee }))
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).not.toContain(ptBR.listings.guarantees.fiador);
    await userEvent.click(
      within(form).getByRole("checkbox", { name: ptBR.amendments.form.options.garantia }),
    );
    const effect = within(form).getByLabelText(ptBR.amendments.form.effect, { exact: false });
    const later = `${shiftMonth(TODAY.slice(0, 7), 2)}-01`;
    await userEvent.clear(effect);
    await userEvent.type(effect, later);
    await userEvent.type(
      within(form).getByLabelText(ptBR.amendments.form.motivo, { exact: false }),
      "Melhor no mês seguinte",
    );
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submitCounter }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted).toEqual([
      { mudancas: { entraColocatario: DIANA }, efeito: later, motivo: "Melhor no mês seguinte" },
    ]);
  });

  it("says who replaces the guarantor in force, and who gives a new fiança", async () => {
    const antes = {
      ...dueDay().antes,
      garantia: "fiador",
      fiador: { cpf: "71428793860", nome: "Antônio Fiador" },
    };
    renderScreen(<LeaseAmendments id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: amendments({
          podePropor: false,
          aditivos: [
            dueDay({ mudancas: { fiador: BRUNO }, antes }),
            dueDay({
              id: COUNTER,
              status: "recusada",
              mudancas: { garantia: "fiador", fiador: BRUNO },
              criadaEm: `${TODAY}T14:00:00.000Z`,
            }),
          ],
        }),
      },
    });
    const [replaced, bonded] = await screen.findAllByTestId("lease-amendment-changes");
    expect(replaced).toHaveTextContent("Pessoa fiadora: de Antônio Fiador para Bruno Tavares Lima");
    expect(bonded).toHaveTextContent("Garantia: de Seguro-fiança para Fiança");
    expect(bonded).toHaveTextContent("Nova pessoa fiadora: Bruno Tavares Lima");
  });

  it("says the server's refusal in the form and keeps what was typed", async () => {
    renderScreen(<LeaseAmendments id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: amendments(),
        [`POST ${path}`]: {
          status: 409,
          body: { code: "lease-amendment-exists", message: errorMessage("lease-amendment-exists") },
        },
      },
    });
    const card = await screen.findByTestId("lease-amendments");
    await userEvent.click(within(card).getByRole("button", { name: ptBR.amendments.propose }));
    const form = await within(card).findByTestId("lease-amendment-form");
    await userEvent.click(
      within(form).getByRole("checkbox", { name: ptBR.amendments.form.options.diaVencimento }),
    );
    await userEvent.type(within(form).getByLabelText(ptBR.amendments.form.newDay, { exact: false }), "5");
    await userEvent.type(
      within(form).getByLabelText(ptBR.amendments.form.motivo, { exact: false }),
      "Salário",
    );
    await userEvent.click(within(form).getByRole("button", { name: ptBR.amendments.form.submit }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(errorMessage("lease-amendment-exists"));
    expect(within(form).getByLabelText(ptBR.amendments.form.newDay, { exact: false })).toHaveValue("5");
    expect(within(form).getByLabelText(ptBR.amendments.form.motivo, { exact: false })).toHaveValue("Salário");
  });

  it("an accepted and signed amendment leads to its termo aditivo", async () => {
    renderScreen(<LeaseAmendments id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: amendments({
          aditivos: [
            dueDay({
              status: "aceita",
              resposta: "",
              documento: { contratoId: DOC, numero: "2026-AD12CD", status: "assinado" },
            }),
          ],
        }),
      },
    });
    const doc = await screen.findByTestId("lease-amendment-document");
    expect(doc).toHaveTextContent("Termo aditivo nº 2026-AD12CD: Assinado");
    expect(within(doc).getByRole("link", { name: ptBR.amendments.open })).toHaveAttribute(
      "href",
      `/Clicksign?contrato=${DOC}`,
    );
    const item = screen.getByTestId("lease-amendment");
    expect(item).toHaveTextContent(ptBR.amendments.status.aceita);
    expect(within(item).queryByTestId("lease-amendment-deadline")).toBeNull();
    expect(within(item).queryByRole("button")).toBeNull();
  });
});
