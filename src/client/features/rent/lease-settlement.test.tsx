import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiPaths } from "../../../shared/api-paths";
import type { LeaseSettlement, SettlementLineView, SettlementView } from "../../../shared/contracts/lease";
import type { OfferView } from "../../../shared/contracts/listings";
import { errorMessage } from "../../../shared/errors";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { brazilToday } from "./charge-format";
import { LeaseSettlement as Settlement } from "./lease-settlement";

/*
 * Issue 33, item 4 on /Locacao: once a notice to leave is signed, both parties read the settlement
 * line by line in words; either contests a line and the other answers; the landlord adds the exit
 * inspection's damages; both agree, the termo de rescisão goes to its signers, and once it is
 * sealed the lease is ended and the landlord may offer the unit again.
 */

const ID = "c0ffee00-0000-4000-8000-000000000001";
const NOTICE = "d0c00000-0000-4000-8000-0000000000aa";
const DOC = "d0c00000-0000-4000-8000-0000000000cc";
const OFFER = "0ffe0000-0000-4000-8000-000000000001";
const NEW_OFFER = "0ffe0000-0000-4000-8000-000000000002";
const UNIT = "0a170000-0000-4000-8000-000000000001";
const TENANT = { id: "u-tenant", name: "Bia", email: "bia@example.com" };
const LANDLORD = { id: "u-landlord", name: "Ana", email: "ana@example.com" };

const path = apiPaths.rent.settlement(ID);
const contestsPath = apiPaths.rent.settlementContests(ID);
const answerPath = apiPaths.rent.settlementAnswer(ID);
const damagesPath = apiPaths.rent.settlementDamages(ID);
const agreePath = apiPaths.rent.settlementAgree(ID);

function line(tipo: SettlementLineView["tipo"], referencia: string, valor: number): SettlementLineView {
  return { chave: `${tipo}:${referencia}`, tipo, referencia, valor, calculado: valor, contestacao: null };
}

const rent = line("aluguel_final", "2028-02:aluguel", 93_103);
const condo = line("encargos_finais", "2028-02:condominio", 15_517);
const fine = line("multa_rescisoria", "art. 4", 480_000);
const open = line("cobranca_aberta", "2028-01", 312_000);
const deposit = line("caucao", "art. 38 § 2º", -612_345);

const sum = (lines: SettlementLineView[]) => lines.reduce((s, l) => s + l.valor, 0);

/** The keys came back on 09/02/2028 within the term: the tenant owes the last days, the fine, January. */
function acerto(over: Partial<SettlementView> = {}): SettlementView {
  const linhas = over.linhas ?? [rent, condo, fine, open, deposit];
  const total = sum(linhas);
  return {
    avisoId: NOTICE,
    entrega: "2028-02-09",
    linhas,
    total,
    devedor: total > 0 ? "locatario" : total < 0 ? "locador" : null,
    caucao: {
      deposito: 600_000,
      depositadoEm: "2026-12-10",
      rendimento: 12_345,
      meses: 13,
      indisponivel: false,
    },
    concordancia: { locador: false, locatario: false },
    podeConcordar: true,
    documento: null,
    encerrada: false,
    ofertaId: OFFER,
    ...over,
  };
}

const as = (papel: LeaseSettlement["papel"], over: Partial<SettlementView> = {}): LeaseSettlement => ({
  papel,
  acerto: acerto(over),
});

/** The tenant's open contest of the fine: half of it, for the days the unit was left early. */
const fineContest: NonNullable<SettlementLineView["contestacao"]> = {
  por: "locatario",
  motivo: "Avisei com 60 dias de antecedência",
  valor: 240_000,
  status: "aberta",
  resposta: null,
};
const contestedFine: SettlementLineView = { ...fine, contestacao: fineContest };

/** The line of the list whose label is `label`. */
function lineOf(label: string): HTMLElement {
  const found = screen.getAllByTestId("settlement-line").find((li) => li.textContent?.startsWith(label));
  if (!found) throw new Error(`no line ${label}`);
  return found;
}

const posts = (fetch: ReturnType<typeof renderScreen>["fetch"]) =>
  fetch.mock.calls
    .filter(([, init]) => init?.method === "POST")
    .map(([url, init]) => [String(url), JSON.parse(String(init?.body))]);

describe("the termination settlement on /Locacao", () => {
  it("shows nothing before a notice to leave is signed", async () => {
    const { fetch } = renderScreen(<Settlement id={ID} />, {
      user: TENANT,
      api: { [`GET ${path}`]: { papel: "locatario", acerto: null } },
    });
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url) === path)).toBe(true));
    expect(screen.queryByTestId("lease-settlement")).toBeNull();
  });

  it("reads each line, the deposit and the total in words when the tenant owes", async () => {
    renderScreen(<Settlement id={ID} />, { user: TENANT, api: { [`GET ${path}`]: as("locatario") } });
    const card = await screen.findByTestId("lease-settlement");
    expect(card).toHaveTextContent(ptBR.settlement.title);
    expect(within(card).getByTestId("settlement-entrega")).toHaveTextContent(
      "Entrega das chaves: 09/02/2028",
    );
    const lines = within(card).getByRole("list", { name: ptBR.settlement.linesLabel });
    expect(
      within(lines)
        .getAllByTestId("settlement-line")
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^Aluguel até a entrega \(02\/2028\)R\$\s931,03a pagar pela parte locatária/),
      expect.stringMatching(
        /^Encargos até a entrega: condomínio \(02\/2028\)R\$\s155,17a pagar pela parte locatária/,
      ),
      expect.stringMatching(
        /^Multa rescisória proporcional \(art\. 4º da Lei 8\.245\/91\)R\$\s4\.800,00a pagar pela parte locatária/,
      ),
      expect.stringMatching(/^Cobrança em aberto de 01\/2028R\$\s3\.120,00a pagar pela parte locatária/),
      expect.stringMatching(
        /^Devolução da caução com rendimento da poupança \(art\. 38, § 2º\)R\$\s6\.123,45a devolver à parte locatária/,
      ),
    ]);
    // 931,03 + 155,17 + 4.800,00 + 3.120,00 − 6.123,45
    expect(within(card).getByTestId("settlement-total")).toHaveTextContent(
      "A parte locatária paga R$ 2.882,75",
    );
    const caucao = within(card).getByTestId("settlement-deposit");
    expect(caucao).toHaveTextContent("DepósitoR$ 6.000,00");
    expect(caucao).toHaveTextContent("Depositada em10/12/2026");
    expect(caucao).toHaveTextContent("Rendimento da poupançaR$ 123,45");
    expect(caucao).toHaveTextContent("Meses de poupança contados13 meses");
    expect(within(card).queryByTestId("settlement-deposit-unavailable")).toBeNull();
    expect(within(card).getByTestId("settlement-agreement")).toHaveTextContent(
      ptBR.settlement.agree.state.none,
    );
    // The tenant contests a line; the exit inspection's damages are the landlord's to enter.
    expect(within(card).getAllByRole("button", { name: ptBR.settlement.contest.open })).toHaveLength(5);
    expect(within(card).queryByRole("button", { name: ptBR.settlement.damage.open })).toBeNull();
  });

  it("reads the total the other way when the landlord owes, and says when the deposit's yield waits for the rates", async () => {
    const credit = line("credito_dias", "2028-02:aluguel", -196_552);
    const damage = line("dano", "Porta do banheiro quebrada", 50_000);
    renderScreen(<Settlement id={ID} />, {
      user: LANDLORD,
      api: {
        [`GET ${path}`]: as("locador", {
          linhas: [credit, damage, { ...deposit, valor: -600_000, calculado: -600_000 }],
          caucao: {
            deposito: 600_000,
            depositadoEm: "2027-12-10",
            rendimento: 0,
            meses: 0,
            indisponivel: true,
          },
        }),
      },
    });
    const card = await screen.findByTestId("lease-settlement");
    expect(lineOf("Crédito dos dias após a entrega: aluguel (02/2028)")).toHaveTextContent(
      /R\$\s1\.965,52a devolver à parte locatária/,
    );
    expect(lineOf("Dano: Porta do banheiro quebrada")).toHaveTextContent(
      /R\$\s500,00a pagar pela parte locatária/,
    );
    // −1.965,52 + 500,00 − 6.000,00
    expect(within(card).getByTestId("settlement-total")).toHaveTextContent(
      "A parte locadora devolve R$ 7.465,52",
    );
    expect(within(card).getByTestId("settlement-deposit")).toHaveTextContent(
      "Meses de poupança contadosNenhum",
    );
    expect(within(card).getByTestId("settlement-deposit-unavailable")).toHaveTextContent(
      ptBR.settlement.deposit.indisponivel,
    );
    expect(within(card).getByRole("button", { name: ptBR.settlement.damage.open })).toBeInTheDocument();
  });

  it("says there is nothing to settle when the lines cancel out", async () => {
    renderScreen(<Settlement id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: as("locatario", {
          linhas: [line("cobranca_aberta", "2028-01", 300_000), line("caucao", "art. 38 § 2º", -300_000)],
          caucao: null,
        }),
      },
    });
    expect(await screen.findByTestId("settlement-total")).toHaveTextContent(ptBR.settlement.total.none);
    expect(screen.queryByTestId("settlement-deposit")).toBeNull();
  });

  it("the tenant contests the fine: the form posts the reason and the value proposed, and the line shows the contest", async () => {
    const { fetch } = renderScreen(<Settlement id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: as("locatario"),
        [`POST ${contestsPath}`]: () =>
          as("locatario", { linhas: [rent, condo, contestedFine, open, deposit], podeConcordar: false }),
      },
    });
    await screen.findByTestId("lease-settlement");
    const fineLine = lineOf(ptBR.settlement.line.multa_rescisoria);
    await userEvent.click(within(fineLine).getByRole("button", { name: ptBR.settlement.contest.open }));
    const form = await within(fineLine).findByTestId("settlement-contest-form");
    const value = within(form).getByLabelText(ptBR.settlement.contest.form.valor, { exact: false });
    // Starts at the line's amount, with which way it goes said beside it.
    expect(value).toHaveValue("R$ 4.800");
    expect(value).toHaveAccessibleDescription(
      /^Em reais, a pagar pela parte locatária\. O valor de agora é R\$\s4\.800,00\.$/,
    );
    // Too short a reason stays in the form, said beside the field.
    await userEvent.type(
      within(form).getByLabelText(ptBR.settlement.contest.form.motivo, { exact: false }),
      "Av",
    );
    await userEvent.click(within(form).getByRole("button", { name: ptBR.settlement.contest.form.submit }));
    expect(form).toHaveTextContent(ptBR.settlement.contest.form.reasonInvalid);
    expect(posts(fetch)).toEqual([]);

    await userEvent.type(
      within(form).getByLabelText(ptBR.settlement.contest.form.motivo, { exact: false }),
      "isei com 60 dias de antecedência",
    );
    await userEvent.clear(value);
    await userEvent.type(value, "2400");
    await userEvent.click(within(form).getByRole("button", { name: ptBR.settlement.contest.form.submit }));

    await waitFor(() => expect(screen.queryByTestId("settlement-contest-form")).toBeNull());
    expect(posts(fetch)).toEqual([
      [
        contestsPath,
        { chave: "multa_rescisoria:art. 4", motivo: "Avisei com 60 dias de antecedência", valor: 240_000 },
      ],
    ]);
    const contested = lineOf(ptBR.settlement.line.multa_rescisoria);
    const contest = within(contested).getByTestId("settlement-contest");
    expect(contest).toHaveTextContent("Você contestou esta linha: Avisei com 60 dias de antecedência");
    expect(contest).toHaveTextContent("Valor proposto: R$ 2.400,00 (a pagar pela parte locatária)");
    expect(contest).toHaveTextContent(ptBR.settlement.contest.status.aberta);
    expect(contest).toHaveTextContent(ptBR.settlement.contest.waiting.mine);
    // Its own contest is not the tenant's to answer, nor to contest again while it waits.
    expect(within(contested).queryByRole("button")).toBeNull();
    expect(screen.queryByRole("button", { name: ptBR.settlement.agree.button })).toBeNull();
    expect(screen.getByTestId("settlement-agreement")).toHaveTextContent(ptBR.settlement.agree.blocked);
  });

  it("a line owed to the tenant is contested with its sign", async () => {
    const { fetch } = renderScreen(<Settlement id={ID} />, {
      user: TENANT,
      api: { [`GET ${path}`]: as("locatario"), [`POST ${contestsPath}`]: as("locatario") },
    });
    await screen.findByTestId("lease-settlement");
    const caucao = lineOf(ptBR.settlement.line.caucao);
    await userEvent.click(within(caucao).getByRole("button", { name: ptBR.settlement.contest.open }));
    const form = await within(caucao).findByTestId("settlement-contest-form");
    const value = within(form).getByLabelText(ptBR.settlement.contest.form.valor, { exact: false });
    expect(value).toHaveAccessibleDescription(expect.stringContaining("a devolver à parte locatária"));
    await userEvent.clear(value);
    await userEvent.type(value, "6500,10");
    await userEvent.type(
      within(form).getByLabelText(ptBR.settlement.contest.form.motivo, { exact: false }),
      "O rendimento está abaixo da poupança",
    );
    await userEvent.click(within(form).getByRole("button", { name: ptBR.settlement.contest.form.submit }));
    await waitFor(() => expect(screen.queryByTestId("settlement-contest-form")).toBeNull());
    expect(posts(fetch)).toEqual([
      [
        contestsPath,
        { chave: "caucao:art. 38 § 2º", motivo: "O rendimento está abaixo da poupança", valor: -650_010 },
      ],
    ]);
  });

  it("says the server's refusal in the contest form and keeps what was typed", async () => {
    renderScreen(<Settlement id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: as("locatario"),
        [`POST ${contestsPath}`]: {
          status: 409,
          body: { code: "settlement-contest-open", message: errorMessage("settlement-contest-open") },
        },
      },
    });
    await screen.findByTestId("lease-settlement");
    const fineLine = lineOf(ptBR.settlement.line.multa_rescisoria);
    await userEvent.click(within(fineLine).getByRole("button", { name: ptBR.settlement.contest.open }));
    const form = await within(fineLine).findByTestId("settlement-contest-form");
    const reason = within(form).getByLabelText(ptBR.settlement.contest.form.motivo, { exact: false });
    await userEvent.type(reason, "Avisei antes");
    await userEvent.click(within(form).getByRole("button", { name: ptBR.settlement.contest.form.submit }));
    expect(await within(form).findByRole("alert")).toHaveTextContent(errorMessage("settlement-contest-open"));
    expect(reason).toHaveValue("Avisei antes");
  });

  it("the landlord accepts the tenant's contest: the line takes the value proposed, the computed one struck through", async () => {
    const { fetch } = renderScreen(<Settlement id={ID} />, {
      user: LANDLORD,
      api: {
        [`GET ${path}`]: as("locador", {
          linhas: [rent, condo, contestedFine, open, deposit],
          podeConcordar: false,
        }),
        [`POST ${answerPath}`]: () =>
          as("locador", {
            linhas: [
              rent,
              condo,
              {
                ...contestedFine,
                valor: 240_000,
                contestacao: { ...fineContest, status: "aceita" },
              },
              open,
              deposit,
            ],
          }),
      },
    });
    await screen.findByTestId("lease-settlement");
    const fineLine = lineOf(ptBR.settlement.line.multa_rescisoria);
    expect(within(fineLine).getByTestId("settlement-contest")).toHaveTextContent(
      "A parte locatária contestou esta linha: Avisei com 60 dias de antecedência",
    );
    expect(within(fineLine).queryByRole("button", { name: ptBR.settlement.contest.open })).toBeNull();
    await userEvent.click(within(fineLine).getByRole("button", { name: ptBR.settlement.contest.accept }));
    const dialog = await screen.findByRole("dialog", { name: ptBR.settlement.contest.acceptDialog.title });
    expect(dialog).toHaveTextContent(
      'A linha "Multa rescisória proporcional (art. 4º da Lei 8.245/91)" passa a valer R$ 2.400,00 (a pagar pela parte locatária).',
    );
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.settlement.contest.accept }));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(posts(fetch)).toEqual([
      [answerPath, { chave: "multa_rescisoria:art. 4", resposta: "aceitar", motivo: "" }],
    ]);
    const accepted = lineOf(ptBR.settlement.line.multa_rescisoria);
    expect(within(accepted).getByTestId("settlement-line-amount")).toHaveTextContent(
      "R$ 2.400,00a pagar pela parte locatária",
    );
    const computed = within(accepted).getByTestId("settlement-line-computed");
    expect(computed).toHaveTextContent(`R$ 4.800,00 (${ptBR.settlement.computed})`);
    expect(within(computed).getByText("R$ 4.800,00")).toHaveStyle({ textDecoration: "line-through" });
    expect(within(accepted).getByTestId("settlement-contest")).toHaveTextContent(
      ptBR.settlement.contest.status.aceita,
    );
    expect(within(accepted).queryByRole("button", { name: ptBR.settlement.contest.accept })).toBeNull();
    // 931,03 + 155,17 + 2.400,00 + 3.120,00 − 6.123,45
    expect(screen.getByTestId("settlement-total")).toHaveTextContent("A parte locatária paga R$ 482,75");
  });

  it("refusing a contest asks the reason the other party reads, and sends it", async () => {
    const { fetch } = renderScreen(<Settlement id={ID} />, {
      user: LANDLORD,
      api: {
        [`GET ${path}`]: as("locador", {
          linhas: [rent, condo, contestedFine, open, deposit],
          podeConcordar: false,
        }),
        [`POST ${answerPath}`]: (body: unknown) =>
          as("locador", {
            linhas: [
              rent,
              condo,
              {
                ...contestedFine,
                contestacao: {
                  ...fineContest,
                  status: "recusada",
                  resposta: (body as { motivo: string }).motivo,
                },
              },
              open,
              deposit,
            ],
          }),
      },
    });
    await screen.findByTestId("lease-settlement");
    await userEvent.click(
      within(lineOf(ptBR.settlement.line.multa_rescisoria)).getByRole("button", {
        name: ptBR.settlement.contest.refuse,
      }),
    );
    const dialog = await screen.findByRole("dialog", { name: ptBR.settlement.contest.refuseDialog.title });
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.settlement.contest.refuse }));
    expect(within(dialog).getByText(ptBR.settlement.contest.refuseDialog.reasonNeeded)).toBeInTheDocument();
    expect(posts(fetch)).toEqual([]);

    await userEvent.type(
      within(dialog).getByLabelText(ptBR.settlement.contest.refuseDialog.reason, { exact: false }),
      "O aviso não dispensa a multa",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.settlement.contest.refuse }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(posts(fetch)).toEqual([
      [
        answerPath,
        { chave: "multa_rescisoria:art. 4", resposta: "recusar", motivo: "O aviso não dispensa a multa" },
      ],
    ]);
    const refused = within(lineOf(ptBR.settlement.line.multa_rescisoria)).getByTestId("settlement-contest");
    expect(refused).toHaveTextContent(ptBR.settlement.contest.status.recusada);
    expect(refused).toHaveTextContent("Resposta: O aviso não dispensa a multa");
    // A refused contest leaves the line as computed, to contest again.
    expect(
      within(lineOf(ptBR.settlement.line.multa_rescisoria)).getByRole("button", {
        name: ptBR.settlement.contest.open,
      }),
    ).toBeInTheDocument();
  });

  it("the landlord enters a damage from the exit inspection, checked as the contract does", async () => {
    const damage = line("dano", "Parede da sala furada", 35_000);
    const { fetch } = renderScreen(<Settlement id={ID} />, {
      user: LANDLORD,
      api: {
        [`GET ${path}`]: as("locador"),
        [`POST ${damagesPath}`]: () => as("locador", { linhas: [rent, condo, fine, open, damage, deposit] }),
      },
    });
    const card = await screen.findByTestId("lease-settlement");
    await userEvent.click(within(card).getByRole("button", { name: ptBR.settlement.damage.open }));
    const form = await within(card).findByTestId("settlement-damage-form");
    await userEvent.click(within(form).getByRole("button", { name: ptBR.settlement.damage.submit }));
    expect(form).toHaveTextContent(ptBR.settlement.damage.descricaoInvalid);
    expect(form).toHaveTextContent(ptBR.settlement.damage.valorInvalid);
    expect(posts(fetch)).toEqual([]);

    await userEvent.type(
      within(form).getByLabelText(ptBR.settlement.damage.descricao, { exact: false }),
      "Parede da sala furada",
    );
    await userEvent.type(within(form).getByLabelText(ptBR.settlement.damage.valor, { exact: false }), "350");
    await userEvent.click(within(form).getByRole("button", { name: ptBR.settlement.damage.submit }));
    await waitFor(() => expect(screen.queryByTestId("settlement-damage-form")).toBeNull());
    expect(posts(fetch)).toEqual([[damagesPath, { descricao: "Parede da sala furada", valor: 35_000 }]]);
    expect(lineOf("Dano: Parede da sala furada")).toHaveTextContent(
      /R\$\s350,00a pagar pela parte locatária/,
    );
    expect(within(card).getByTestId("settlement-total")).toHaveTextContent(
      "A parte locatária paga R$ 3.232,75",
    );
  });

  it("the tenant agrees after the landlord: the termo de rescisão is then to sign", async () => {
    const { fetch } = renderScreen(<Settlement id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: as("locatario", { concordancia: { locador: true, locatario: false } }),
        [`POST ${agreePath}`]: () =>
          as("locatario", {
            concordancia: { locador: true, locatario: true },
            podeConcordar: false,
            documento: { contratoId: DOC, numero: "2028-RS12CD", status: "enviado" },
          }),
      },
    });
    const card = await screen.findByTestId("lease-settlement");
    expect(within(card).getByTestId("settlement-agreement")).toHaveTextContent(
      ptBR.settlement.agree.state.locador,
    );
    expect(within(card).queryByTestId("settlement-document")).toBeNull();
    await userEvent.click(within(card).getByRole("button", { name: ptBR.settlement.agree.button }));
    const dialog = await screen.findByRole("dialog", { name: ptBR.settlement.agree.dialogTitle });
    expect(dialog).toHaveTextContent("o total: A parte locatária paga R$ 2.882,75.");
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.settlement.agree.confirm }));

    const doc = await within(card).findByTestId("settlement-document");
    expect(posts(fetch)).toEqual([[agreePath, {}]]);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(doc).toHaveTextContent("Termo de rescisão nº 2028-RS12CD: Em assinatura");
    expect(within(doc).getByRole("link", { name: ptBR.settlement.sign })).toHaveAttribute(
      "href",
      `/Clicksign?contrato=${DOC}`,
    );
    expect(within(card).getByTestId("settlement-agreement")).toHaveTextContent(
      ptBR.settlement.agree.state.both,
    );
    // Agreed and at the signature: nothing left to contest or agree to.
    expect(within(card).queryByRole("button", { name: ptBR.settlement.agree.button })).toBeNull();
    expect(within(card).queryByRole("button", { name: ptBR.settlement.contest.open })).toBeNull();
  });

  it("the ended lease: both read it, only the landlord offers the unit again, as a copy of the old offer", async () => {
    const ended = { encerrada: true, podeConcordar: false, concordancia: { locador: true, locatario: true } };
    const documento = { contratoId: DOC, numero: "2028-RS12CD", status: "assinado" as const };
    const { unmount } = renderScreen(<Settlement id={ID} />, {
      user: TENANT,
      api: { [`GET ${path}`]: as("locatario", { ...ended, documento }) },
    });
    const tenantCard = await screen.findByTestId("lease-settlement");
    expect(within(tenantCard).getByTestId("settlement-ended")).toHaveTextContent(
      "Locação encerrada em 09/02/2028",
    );
    expect(within(tenantCard).getByRole("link", { name: ptBR.settlement.openDocument })).toHaveAttribute(
      "href",
      `/Clicksign?contrato=${DOC}`,
    );
    expect(within(tenantCard).queryByRole("button")).toBeNull();
    unmount();

    const old = oldOffer();
    const { fetch } = renderScreen(<Settlement id={ID} />, {
      path: `/Locacao?id=${ID}`,
      user: LANDLORD,
      api: {
        [`GET ${path}`]: as("locador", { ...ended, documento }),
        [`GET ${apiPaths.offers.one(OFFER)}`]: old,
        [`POST ${apiPaths.offers.all}`]: { ...old, id: NEW_OFFER, status: "rascunho", publishedAt: null },
      },
    });
    const card = await screen.findByTestId("lease-settlement");
    expect(within(card).queryByRole("button", { name: ptBR.settlement.contest.open })).toBeNull();
    expect(within(card).queryByRole("button", { name: ptBR.settlement.damage.open })).toBeNull();
    await userEvent.click(within(card).getByRole("button", { name: ptBR.settlement.reoffer.button }));
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent(`/AluguelOferta?id=${NEW_OFFER}`),
    );
    expect(posts(fetch)).toEqual([
      [
        apiPaths.offers.all,
        {
          unidadeId: UNIT,
          aluguel: 300_000,
          condominio: 50_000,
          iptu: 8_000,
          seguroIncendio: 4_500,
          garantias: ["caucao", "seguro_fianca"],
          caucaoMeses: 2,
          prazoMeses: 30,
          reajuste: "IPCA",
          descricao: "Dois quartos, sol da manhã",
          disponivelEm: brazilToday(),
        },
      ],
    ]);
  });

  it("says in words why the unit could not be offered again", async () => {
    renderScreen(<Settlement id={ID} />, {
      user: LANDLORD,
      api: {
        [`GET ${path}`]: as("locador", { encerrada: true, podeConcordar: false }),
        [`GET ${apiPaths.offers.one(OFFER)}`]: oldOffer(),
        [`POST ${apiPaths.offers.all}`]: {
          status: 400,
          body: { code: "invalid-deposit", message: errorMessage("invalid-deposit") },
        },
      },
    });
    const card = await screen.findByTestId("lease-settlement");
    await userEvent.click(within(card).getByRole("button", { name: ptBR.settlement.reoffer.button }));
    expect(await within(card).findByRole("alert")).toHaveTextContent(errorMessage("invalid-deposit"));
    expect(screen.getByTestId("location")).toHaveTextContent(/^\/$/);
  });
});

/** The offer the lease came from, closed when the lease ended, as its owner reads it. */
function oldOffer(): OfferView {
  return {
    id: OFFER,
    status: "encerrada",
    aluguel: 300_000,
    condominio: 50_000,
    iptu: 8_000,
    seguroIncendio: 4_500,
    total: 362_500,
    garantias: ["caucao", "seguro_fianca"],
    caucaoMeses: 2,
    prazoMeses: 30,
    reajuste: "IPCA",
    disponivelEm: "2025-06-01",
    descricao: "Dois quartos, sol da manhã",
    publishedAt: "2026-11-01T12:00:00.000Z",
    createdAt: "2026-11-01T12:00:00.000Z",
    updatedAt: "2028-02-10T12:00:00.000Z",
    anunciante: "Ana",
    isOwner: true,
    recebePropostas: true,
    unidade: {
      id: UNIT,
      tipo: "apartamento",
      cep: "13025000",
      logradouro: "Rua Coronel Quirino",
      numero: "100",
      complemento: "apto 12",
      bairro: "Cambuí",
      cidade: "Campinas",
      uf: "SP",
      areaM2: 68,
      quartos: 2,
      banheiros: 1,
      vagas: 1,
      mobiliado: false,
      aceitaPets: true,
      descricao: "",
      fotos: [],
      fotosInfo: {},
      createdAt: "2026-11-01T12:00:00.000Z",
      updatedAt: "2026-11-01T12:00:00.000Z",
    },
  };
}
