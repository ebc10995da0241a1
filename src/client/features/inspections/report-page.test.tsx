import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { expectConsoleError } from "../../../../tests/support/console";
import type { InspectionView } from "../../../shared/contracts/inspections";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { ReportPage } from "./report-page";

/*
 * Issue 31: /Vistoria as its two parties use it on a phone — the landlord's draft saved as it is
 * filled (and kept on the phone without a connection), the tenant's contest, the landlord's answer.
 */

const ID = "7d0c2a7e-1b2c-4d3e-8f90-0a1b2c3d4e5f";
const PATH = `/api/inspections/${ID}`;
const LANDLORD = { id: "u-landlord", name: "Ana", email: "ana@example.com" };
const TENANT = { id: "u-tenant", name: "Bia", email: "bia@example.com" };

function report(over: Partial<InspectionView> = {}): InspectionView {
  return {
    id: ID,
    contractId: "c0ffee00-0000-4000-8000-000000000001",
    tipo: "entrada",
    status: "rascunho",
    versao: 3,
    papel: "landlord",
    vistoriador: null,
    conteudo: {
      comodos: [
        {
          id: "c1",
          nome: "Sala",
          fotos: [],
          itens: [
            { id: "i1", nome: "Paredes", estado: null, observacao: "", fotos: [], dano: null },
            { id: "i2", nome: "Piso", estado: "bom", observacao: "", fotos: [], dano: null },
          ],
        },
      ],
      medidores: [{ tipo: "agua", leitura: "", foto: null }],
      chaves: [],
    },
    contestacoes: {},
    concordados: [],
    revisaoAte: null,
    concordanciaTacita: false,
    entrada: null,
    totalDanos: 0,
    documentoId: null,
    arquivoFotos: null,
    fotos: [],
    historico: [{ em: "2026-12-01T13:00:00Z", quem: "Ana", acao: "iniciou", detalhe: null }],
    ...over,
  };
}

afterEach(() => localStorage.clear());

describe("/Vistoria, the landlord's draft", { timeout: 30_000 }, () => {
  it("saves each change with the version it was made on, and says it is saved", async () => {
    const saves: { versao: number; conteudo: InspectionView["conteudo"] }[] = [];
    renderScreen(<ReportPage id={ID} />, {
      path: `/Vistoria?id=${ID}`,
      user: LANDLORD,
      api: {
        [`GET ${PATH}`]: report(),
        [`PUT ${PATH}`]: (body: (typeof saves)[number]) => {
          saves.push(body);
          return report({ versao: body.versao + 1, conteudo: body.conteudo });
        },
      },
    });
    const walls = (await screen.findAllByTestId("inspection-item"))[0] as HTMLElement;
    expect(screen.getByText("Falta avaliar 1 item.")).toBeInTheDocument();
    await userEvent.click(within(walls).getByRole("radio", { name: ptBR.inspection.states.regular }));
    await userEvent.type(within(walls).getByLabelText(ptBR.inspection.note), "Pintura descascando");
    await waitFor(() => expect(screen.getByTestId("inspection-save")).toHaveTextContent("Salvo."));
    await waitFor(() =>
      expect(saves.at(-1)?.conteudo.comodos[0]?.itens[0]?.observacao).toBe("Pintura descascando"),
    );
    expect(saves[0]?.versao).toBe(3);
    expect(saves.at(-1)?.conteudo.comodos[0]?.itens[0]?.estado).toBe("regular");
    // Nothing waits on the phone once the server has it.
    expect(localStorage.getItem(`chave:vistoria:${ID}`)).toBeNull();
  });

  it("invites someone to fill it, who fills it on their phone but leaves the sending to the landlord", async () => {
    const invites: unknown[] = [];
    const first = renderScreen(<ReportPage id={ID} />, {
      path: `/Vistoria?id=${ID}`,
      user: LANDLORD,
      api: {
        [`GET ${PATH}`]: report(),
        [`PUT ${PATH}/inspector`]: (body: { email: string }) => {
          invites.push(body);
          return report({ vistoriador: body.email });
        },
      },
    });
    const card = await screen.findByTestId("inspection-inspector");
    await userEvent.type(
      within(card).getByLabelText(ptBR.inspection.inviteEmail, { exact: false }),
      "vera@example.com",
    );
    await userEvent.click(within(card).getByRole("button", { name: ptBR.inspection.invite }));
    expect(await within(card).findByText(/Convite enviado a vera@example.com/)).toBeInTheDocument();
    expect(invites).toEqual([{ email: "vera@example.com" }]);
    expect(within(card).getByRole("button", { name: ptBR.inspection.uninvite })).toBeInTheDocument();
    first.unmount();

    // Vera, invited: she grades and writes, and no button sends it for review.
    const saves: { versao: number }[] = [];
    renderScreen(<ReportPage id={ID} />, {
      path: `/Vistoria?id=${ID}`,
      user: { id: "u-vera", name: "Vera", email: "vera@example.com" },
      api: {
        [`GET ${PATH}`]: report({ papel: "inspector", vistoriador: "vera@example.com" }),
        [`PUT ${PATH}`]: (body: { versao: number }) => {
          saves.push(body);
          return report({ papel: "inspector", versao: body.versao + 1 });
        },
      },
    });
    const walls = (await screen.findAllByTestId("inspection-item"))[0] as HTMLElement;
    expect(screen.getByText(ptBR.inspection.status.rascunho.inspector)).toBeInTheDocument();
    await userEvent.type(within(walls).getByLabelText(ptBR.inspection.note), "Risco na porta");
    await waitFor(() => expect(saves.length).toBeGreaterThan(0));
    expect(screen.queryByRole("button", { name: ptBR.inspection.finish })).toBeNull();
    expect(screen.queryByTestId("inspection-inspector")).toBeNull();
  });

  it("keeps the change on the phone without a connection, and sends it when the report opens again", async () => {
    // The failed save is logged, as every failed call is.
    expectConsoleError(/PUT \/api\/inspections\/.+ failed/);
    const first = renderScreen(<ReportPage id={ID} />, {
      path: `/Vistoria?id=${ID}`,
      user: LANDLORD,
      api: {
        [`GET ${PATH}`]: report(),
        [`PUT ${PATH}`]: () => {
          throw new TypeError("Failed to fetch");
        },
      },
    });
    const walls = (await screen.findAllByTestId("inspection-item"))[0] as HTMLElement;
    await userEvent.type(within(walls).getByLabelText(ptBR.inspection.note), "Mancha");
    await waitFor(() =>
      expect(screen.getByTestId("inspection-save")).toHaveTextContent(ptBR.inspection.save.offline),
    );
    first.unmount();

    // The tab is closed and opened again, online: the kept change is sent on the same version.
    const saves: { versao: number; conteudo: InspectionView["conteudo"] }[] = [];
    renderScreen(<ReportPage id={ID} />, {
      path: `/Vistoria?id=${ID}`,
      user: LANDLORD,
      api: {
        [`GET ${PATH}`]: report(),
        [`PUT ${PATH}`]: (body: (typeof saves)[number]) => {
          saves.push(body);
          return report({ versao: 4, conteudo: body.conteudo });
        },
      },
    });
    await waitFor(() => expect(saves.at(-1)?.conteudo.comodos[0]?.itens[0]?.observacao).toBe("Mancha"));
    expect(saves[0]?.versao).toBe(3);
    expect(await screen.findByDisplayValue("Mancha")).toBeInTheDocument();
  });

  it("does not overwrite a newer version saved on another phone, and offers to load it", async () => {
    renderScreen(<ReportPage id={ID} />, {
      path: `/Vistoria?id=${ID}`,
      user: LANDLORD,
      api: {
        [`GET ${PATH}`]: report(),
        [`PUT ${PATH}`]: {
          status: 409,
          body: { code: "inspection-stale", message: ptBR.errors["inspection-stale"] },
        },
      },
    });
    const walls = (await screen.findAllByTestId("inspection-item"))[0] as HTMLElement;
    await userEvent.type(within(walls).getByLabelText(ptBR.inspection.note), "x");
    expect(await screen.findByRole("button", { name: ptBR.inspection.reload })).toBeInTheDocument();
    expect(screen.getByTestId("inspection-save")).toHaveTextContent(ptBR.inspection.save.stale);
  });
});

describe("/Vistoria, review and answers", { timeout: 30_000 }, () => {
  it("lets the tenant contest an item with a note and send the review", async () => {
    const reviews: unknown[] = [];
    let sent = false;
    const inReview = report({ status: "revisao", papel: "tenant", revisaoAte: "2026-12-07T02:59:59.999Z" });
    renderScreen(<ReportPage id={ID} />, {
      path: `/Vistoria?id=${ID}`,
      user: TENANT,
      api: {
        [`GET ${PATH}`]: inReview,
        [`PUT ${PATH}/items/i2/review`]: (body: unknown) => {
          reviews.push(body);
          return {
            ...inReview,
            contestacoes: {
              i2: {
                estado: "ruim",
                observacao: "Piso riscado",
                fotos: [],
                em: "2026-12-02T10:00:00Z",
                resposta: null,
              },
            },
          };
        },
        [`POST ${PATH}/review`]: () => {
          sent = true;
          return { ...inReview, status: "respostas" };
        },
      },
    });
    expect(await screen.findByText(/Confira cada item até 06\/12\/2026, 23:59/)).toBeInTheDocument();
    const floor = (await screen.findAllByTestId("inspection-item"))[1] as HTMLElement;
    await userEvent.click(within(floor).getByRole("button", { name: ptBR.inspection.contest }));
    await userEvent.click(within(floor).getByRole("radio", { name: ptBR.inspection.states.ruim }));
    await userEvent.type(within(floor).getByLabelText(ptBR.inspection.contestNote), "Piso riscado");
    await userEvent.click(within(floor).getByRole("button", { name: ptBR.inspection.saveContest }));
    await waitFor(() =>
      expect(reviews).toEqual([
        { decisao: "contesta", estado: "ruim", observacao: "Piso riscado", fotos: [] },
      ]),
    );
    await userEvent.click(await screen.findByRole("button", { name: "Enviar revisão com 1 contestação" }));
    await waitFor(() => expect(sent).toBe(true));
  });

  it("lets the landlord keep their version, saying why", async () => {
    const answers: unknown[] = [];
    const contested = report({
      status: "respostas",
      contestacoes: {
        i2: {
          estado: "ruim",
          observacao: "Piso riscado",
          fotos: [],
          em: "2026-12-02T10:00:00Z",
          resposta: null,
        },
      },
    });
    renderScreen(<ReportPage id={ID} />, {
      path: `/Vistoria?id=${ID}`,
      user: LANDLORD,
      api: {
        [`GET ${PATH}`]: contested,
        [`PUT ${PATH}/items/i2/answer`]: (body: unknown) => {
          answers.push(body);
          return { ...contested, status: "concluida" };
        },
      },
    });
    const contest = await screen.findByTestId("inspection-contest");
    expect(contest).toHaveTextContent("Piso riscado");
    await userEvent.click(screen.getByRole("button", { name: ptBR.inspection.keep }));
    await userEvent.type(screen.getByLabelText(ptBR.inspection.keepReason), "Riscos já existiam");
    await userEvent.click(screen.getByRole("button", { name: ptBR.inspection.keepConfirm }));
    await waitFor(() => expect(answers).toEqual([{ decisao: "mantem", motivo: "Riscos já existiam" }]));
  });
});
