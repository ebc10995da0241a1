import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { apiPaths } from "../../../shared/api-paths";
import { brazilDate } from "../../../shared/contracts/proposals";
import type { LeaseView, YearStatement } from "../../../shared/contracts/rent";
import ptBR from "../../../shared/locales/pt-BR.json";
import { IGPM_2024 } from "../../../shared/rent/published-indices.fixture";
import { renderScreen } from "../../app/testing";
import { LocacaoScreen } from "../../screens/Locacao/locacao-screen";

/*
 * Issue 32: /Locacao as both parties read it — the next charge and what is late, the terms now,
 * the coming adjustment's arithmetic, the account with its balance, the documents.
 */

const ID = "c0ffee00-0000-4000-8000-000000000001";
const CHARGE = "5b1f7c3e-2a4d-4e6f-8a9b-0c1d2e3f4a5b";
const TENANT = { id: "u-tenant", name: "Bia", email: "bia@example.com" };
const LANDLORD = { id: "u-landlord", name: "Ana", email: "ana@example.com" };
const MONTHS = IGPM_2024.map((valor, i) => ({
  mes: i < 2 ? `2026-${11 + i}` : `2027-${String(i - 1).padStart(2, "0")}`,
  valor,
}));

function lease(over: Partial<LeaseView> = {}): LeaseView {
  const december = {
    id: CHARGE,
    competencia: "2026-12",
    inicio: "2026-12-10",
    fim: "2026-12-31",
    vencimento: "2027-01-11",
    valor: 417_855,
    status: "aberta" as const,
    atrasada: true,
    devidoHoje: 461_421,
    pagoEm: null,
    reciboId: null,
    acerto: false,
  };
  return {
    id: ID,
    numero: "2026-ABC123",
    papel: "locatario",
    locador: "Ana Souza",
    locatario: "Bia Lima",
    endereco: "Rua das Flores, 100, apto 12",
    termos: {
      aluguelInicial: 450_000,
      aluguelAtual: 450_000,
      condominio: 80_000,
      iptu: 15_000,
      seguroIncendio: 0,
      diaVencimento: 10,
      inicio: "2026-12-10",
      fim: "2029-06-09",
      prazoMeses: 30,
      indice: "IGP-M",
      multaBp: 1000,
      jurosMesBp: 100,
    },
    situacao: { situacao: "em_vigor", fim: "2029-06-09", diasParaFim: 890, aoFim: "46" },
    emAtraso: 461_421,
    proxima: december,
    cobrancas: [december],
    extrato: [
      {
        id: `c:${CHARGE}`,
        data: "2027-01-11",
        tipo: "cobranca",
        competencia: "2026-12",
        valor: 402_855,
        saldo: 402_855,
        cobrancaId: CHARGE,
        detalhe: null,
      },
      {
        id: "l:1",
        data: "2027-01-11",
        tipo: "avulso",
        competencia: "2026-12",
        valor: 15_000,
        saldo: 417_855,
        cobrancaId: CHARGE,
        detalhe: "Obra da fachada",
      },
    ],
    reajustes: [],
    proximoReajuste: {
      aniversario: "2027-12-10",
      indice: "IGP-M",
      meses: MONTHS.map((m) => m.mes),
      calculo: {
        aniversario: "2027-12-10",
        indice: "IGP-M",
        meses: MONTHS,
        percentual: "6.5362",
        aluguelAntes: 450_000,
        aluguelDepois: 479_413,
        aplicado: true,
      },
    },
    chavePixPendente: false,
    locadorEmpresa: false,
    documentos: [
      {
        contratoId: ID,
        tipo: "locacao",
        numero: "2026-ABC123",
        data: "2026-12-01T13:00:00.000Z",
        documentoId: "d0c00000-0000-4000-8000-000000000001",
      },
    ],
    ...over,
  };
}

const YEAR = Number(brazilDate(new Date()).slice(0, 4));

const open = (answer: LeaseView | { status: number; body: unknown }, user = TENANT, more = {}) =>
  renderScreen(<LocacaoScreen />, {
    path: `/Locacao?id=${ID}`,
    user,
    api: { [`GET ${apiPaths.rent.lease(ID)}`]: answer, ...more },
  });

describe("/Locacao", { timeout: 30_000 }, () => {
  it("leads the tenant to pay the next charge and says what is late", async () => {
    open(lease());
    const next = await screen.findByTestId("lease-next");
    expect(next).toHaveTextContent("R$ 4.614,21");
    expect(next).toHaveTextContent("Venceu em 11/01/2027");
    expect(within(next).getByRole("link", { name: ptBR.lease.next.pay })).toHaveAttribute(
      "href",
      `/Cobranca?id=${CHARGE}`,
    );
    expect(within(next).getByRole("status")).toHaveTextContent(
      "Em atraso hoje, com multa e juros: R$ 4.614,21",
    );
  });

  it("shows the coming adjustment month by month, with the rent before and after", async () => {
    open(lease());
    const card = await screen.findByTestId("lease-next-adjustment");
    const table = within(card).getByRole("table", { name: "Variação mensal do IGP-M" });
    expect(within(table).getAllByRole("row")).toHaveLength(13);
    expect(table).toHaveTextContent("-0,52%");
    expect(card).toHaveTextContent("Variação acumulada do IGP-M em 12 meses: 6,5362%");
    expect(card).toHaveTextContent("O aluguel passa de R$ 4.500,00 para R$ 4.794,13 a partir de 10/12/2027.");
  });

  it("keeps the account with its running balance and the landlord's reason", async () => {
    open(lease());
    const ledger = await screen.findByTestId("lease-ledger");
    const rows = within(ledger).getAllByRole("row").slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/Cobrança de dezembro de 2026.*R\$ 4\.028,55.*R\$ 4\.028,55/),
      expect.stringMatching(/Valor avulso em dezembro de 2026: Obra da fachada.*R\$ 150,00.*R\$ 4\.178,55/),
    ]);
  });

  it("says where the lease stands in its term, and what the law does at its end from 90 days before (issue 33)", async () => {
    const { unmount } = open(lease());
    const terms = await screen.findByTestId("lease-terms");
    expect(terms).toHaveTextContent("SituaçãoEm vigor até 09/06/2029");
    expect(within(terms).queryByTestId("lease-term-note")).toBeNull();
    unmount();

    const ending = open(
      lease({ situacao: { situacao: "em_vigor", fim: "2029-06-09", diasParaFim: 30, aoFim: "46" } }),
    );
    expect(await screen.findByTestId("lease-term-note")).toHaveTextContent(
      /^Faltam 30 dias para o fim do prazo\. Ao fim do prazo a locação termina\. Se a parte locatária continuar no imóvel por mais de 30 dias sem oposição da parte locadora, a locação continua por prazo indeterminado \(art\. 46, § 1º, da Lei 8\.245\/91\)/,
    );
    ending.unmount();

    const over = open(
      lease({
        situacao: { situacao: "prazo_findo", fim: "2029-06-09", oposicaoAte: "2029-07-09", artigo: "46" },
      }),
    );
    expect(await screen.findByTestId("lease-terms")).toHaveTextContent("Prazo encerrado em 09/06/2029");
    expect(screen.getByTestId("lease-term-note")).toHaveTextContent(
      "Se a parte locadora não se opuser até 09/07/2029, a locação continua por prazo indeterminado",
    );
    over.unmount();

    open(
      lease({ situacao: { situacao: "prorrogada", fim: "2027-12-09", desde: "2027-12-10", artigo: "47" } }),
    );
    expect(await screen.findByTestId("lease-terms")).toHaveTextContent(
      "Por prazo indeterminado desde 10/12/2027",
    );
    expect(screen.getByTestId("lease-term-note")).toHaveTextContent(
      "a parte locadora só pode pedir o imóvel nos casos do art. 47",
    );
  });

  it("asks a company landlord for the company's Pix key, in /Empresas (issue 34)", async () => {
    open(lease({ papel: "locador", chavePixPendente: true, locadorEmpresa: true }), LANDLORD);
    const alert = await screen.findByTestId("lease-pix-key");
    expect(within(alert).getByRole("link", { name: ptBR.lease.pixKey.action })).toHaveAttribute(
      "href",
      "/Empresas",
    );
  });

  it("asks a landlord without a Pix key for one, and links the documents", async () => {
    open(lease({ papel: "locador", chavePixPendente: true }), LANDLORD);
    const alert = await screen.findByTestId("lease-pix-key");
    expect(within(alert).getByRole("link", { name: ptBR.lease.pixKey.action })).toHaveAttribute(
      "href",
      "/profile2",
    );
    const docs = screen.getByTestId("lease-documents");
    expect(within(docs).getByRole("link", { name: ptBR.lease.openDocument })).toHaveAttribute(
      "href",
      "/ViewDocument?id=d0c00000-0000-4000-8000-000000000001",
    );
    expect(within(docs).getByRole("link", { name: ptBR.lease.inspections })).toHaveAttribute(
      "href",
      `/Vistoria?contrato=${ID}`,
    );
  });

  it("gives the landlord the year's informe: the rent apart from the charges and the fees", async () => {
    const statement: YearStatement = {
      ano: YEAR,
      papel: "locador",
      numero: "2026-ABC123",
      endereco: "Rua das Flores, 100, apto 12",
      locador: { nome: "Ana Souza", cpf: "52998224725" },
      locatario: { nome: "Bia Lima", cpf: "11144477735" },
      meses: [
        {
          mes: `${YEAR}-01`,
          competencias: [`${YEAR - 1}-12`],
          aluguel: 319_355,
          encargos: 113_500,
          multaJuros: 43_566,
          total: 476_421,
        },
      ],
      totais: { aluguel: 319_355, encargos: 113_500, multaJuros: 43_566, total: 476_421 },
      anos: [YEAR],
    };
    open(lease({ papel: "locador" }), LANDLORD, {
      [`GET ${apiPaths.rent.statement(ID, YEAR).split("?")[0]}`]: statement,
    });
    const card = await screen.findByTestId("lease-statement");
    expect(
      await within(card).findByText("Recebido de Bia Lima, CPF 111.444.777-35, por mês de recebimento."),
    ).toBeInTheDocument();
    expect(card).toHaveTextContent(`Janeiro de ${YEAR}`);
    expect(card).toHaveTextContent(`Referente a dezembro de ${YEAR - 1}`);
    expect(card).toHaveTextContent("AluguelR$ 3.193,55");
    expect(card).toHaveTextContent("Multa e jurosR$ 435,66");
    expect(card).toHaveTextContent(`Total de ${YEAR}`);
    // Printing marks the page so that only the statement is printed, and unmarks it afterwards.
    const printed: boolean[] = [];
    vi.stubGlobal("print", () => printed.push(document.body.classList.contains("print-statement")));
    await userEvent.click(within(card).getByRole("button", { name: ptBR.lease.statement.print }));
    expect(printed).toEqual([true]);
    expect(card.closest(".print-statement-area")).toBe(card);
    window.dispatchEvent(new Event("afterprint"));
    expect(document.body.classList.contains("print-statement")).toBe(false);
  });

  it("says so when the lease is not the reader's", async () => {
    open({ status: 404, body: { code: "not-found", message: "Não encontrado." } });
    expect(await screen.findByRole("alert")).toHaveTextContent("Não encontrado.");
  });
});
