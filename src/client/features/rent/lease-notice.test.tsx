import { fireEvent, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { apiPaths } from "../../../shared/api-paths";
import type { LeaseNotices, LeaseNoticeView } from "../../../shared/contracts/lease";
import { errorMessage } from "../../../shared/errors";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { LeaseNotice } from "./lease-notice";

/*
 * Issue 33, item 3 on /Locacao: the tenant gives notice within the term, seeing art. 4's
 * proportional fine for the day she picks before she commits; the landlord is told why he may not.
 */

const ID = "c0ffee00-0000-4000-8000-000000000001";
const NOTICE = "d0c00000-0000-4000-8000-0000000000aa";
const TENANT = { id: "u-tenant", name: "Bia", email: "bia@example.com" };
const LANDLORD = { id: "u-landlord", name: "Ana", email: "ana@example.com" };

function notices(over: Partial<LeaseNotices> = {}): LeaseNotices {
  return {
    papel: "locatario",
    podeAvisar: { permitida: true, artigo: "4", antecedenciaDias: 0, entregaMinima: "2028-01-20" },
    podeCombinar: true,
    multaAlugueis: 3,
    aluguelAtual: 300_000,
    inicio: "2026-12-10",
    prazoMeses: 30,
    avisos: [],
    ...over,
  };
}

const given: LeaseNoticeView = {
  contratoId: NOTICE,
  numero: "2028-AB12CD",
  por: "locatario",
  avisoEm: "2028-01-20",
  entrega: "2028-02-09",
  motivo: "Mudança para outra cidade",
  artigo: "4",
  status: "enviado",
  multa: {
    valor: 480_000,
    multaIntegral: 900_000,
    aluguel: 300_000,
    prazoMeses: 30,
    mesesCumpridos: 14,
    diasDoMes: 0,
    diasNoMes: 31,
    isencao: null,
  },
  transferencia: false,
  acordo: false,
};

const path = apiPaths.rent.notices(ID);

describe("leaving the unit on /Locacao", () => {
  it("the tenant sees the proportional fine of the day she picks, gives notice and is led to sign it", async () => {
    const posted: unknown[] = [];
    renderScreen(<LeaseNotice id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: notices(),
        [`POST ${path}`]: (body: unknown) => {
          posted.push(body);
          return notices({ avisos: [given] });
        },
      },
    });
    const card = await screen.findByTestId("lease-notice");
    await userEvent.click(within(card).getByRole("button", { name: ptBR.lease.notice.openTenant }));
    const date = await within(card).findByLabelText(ptBR.lease.notice.entregaTenant, { exact: false });
    expect(date).toHaveValue("2028-01-20");
    // Keys on 09/02/2028, the end of month 14 of 30: three rents of R$ 3.000,00 × 16/30.
    fireEvent.change(date, { target: { value: "2028-02-09" } });
    expect(within(card).getByTestId("lease-notice-estimate")).toHaveTextContent(
      /^Multa rescisória estimada: R\$\s4\.800,00\. É a multa do contrato \(R\$\s9\.000,00, três aluguéis\) proporcional ao prazo que falta: 16 de 30 meses/,
    );
    // Mid-month: 11 of month 15's 29 days (10/02 to 09/03/2028, a leap February) leaves 15,62 months.
    fireEvent.change(date, { target: { value: "2028-02-20" } });
    expect(within(card).getByTestId("lease-notice-estimate")).toHaveTextContent(
      /R\$\s4\.686,21.*15,62 de 30 meses/,
    );
    fireEvent.change(date, { target: { value: "2028-02-09" } });
    await userEvent.type(
      within(card).getByLabelText(ptBR.lease.notice.motivo, { exact: false }),
      "Mudança para outra cidade",
    );
    await userEvent.click(within(card).getByRole("button", { name: ptBR.lease.notice.submit }));

    expect(await within(card).findByTestId("lease-notice-given")).toHaveTextContent(
      "Você deu aviso em 20/01/2028: entrega das chaves em 09/02/2028 (art. 4 da Lei 8.245/91).",
    );
    expect(posted).toEqual([
      { entrega: "2028-02-09", motivo: "Mudança para outra cidade", cartaTransferencia: null, acordo: false },
    ]);
    expect(within(card).getByTestId("lease-notice-fine")).toHaveTextContent("R$ 4.800,00");
    expect(within(card).getByRole("link", { name: ptBR.lease.notice.sign })).toHaveAttribute(
      "href",
      `/Clicksign?contrato=${NOTICE}`,
    );
  });

  it("says the server's refusal in words, and keeps what was typed", async () => {
    renderScreen(<LeaseNotice id={ID} />, {
      user: TENANT,
      api: {
        [`GET ${path}`]: notices(),
        [`POST ${path}`]: {
          status: 400,
          body: { code: "lease-notice-too-soon", message: errorMessage("lease-notice-too-soon") },
        },
      },
    });
    const card = await screen.findByTestId("lease-notice");
    await userEvent.click(within(card).getByRole("button", { name: ptBR.lease.notice.openTenant }));
    await userEvent.type(
      await within(card).findByLabelText(ptBR.lease.notice.motivo, { exact: false }),
      "Mudança",
    );
    await userEvent.click(within(card).getByRole("button", { name: ptBR.lease.notice.submit }));
    expect(await within(card).findByRole("alert")).toHaveTextContent(errorMessage("lease-notice-too-soon"));
    expect(within(card).getByLabelText(ptBR.lease.notice.motivo, { exact: false })).toHaveValue("Mudança");
  });

  it("tells the landlord why he may not ask for the unit within the term, and shows him the tenant's notice", async () => {
    const { unmount } = renderScreen(<LeaseNotice id={ID} />, {
      user: LANDLORD,
      api: {
        [`GET ${path}`]: notices({
          papel: "locador",
          podeAvisar: { permitida: false, artigo: "4", antecedenciaDias: 0, entregaMinima: null },
        }),
      },
    });
    const card = await screen.findByTestId("lease-notice");
    expect(within(card).getByTestId("lease-notice-not-allowed")).toHaveTextContent(
      "Durante o prazo do contrato a parte locadora não pode pedir o imóvel (art. 4º da Lei 8.245/91)",
    );
    // Only an agreement to end (art. 9 I) is open to him.
    expect(
      within(card)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual([ptBR.lease.notice.agreementOpen]);
    unmount();

    renderScreen(<LeaseNotice id={ID} />, {
      user: LANDLORD,
      api: {
        [`GET ${path}`]: notices({
          papel: "locador",
          podeAvisar: { permitida: false, artigo: "4", antecedenciaDias: 0, entregaMinima: null },
          avisos: [given],
        }),
      },
    });
    const seen = await screen.findByTestId("lease-notice-given");
    expect(seen).toHaveTextContent(
      "A parte locatária deu aviso em 20/01/2028: entrega das chaves em 09/02/2028 (art. 4 da Lei 8.245/91).",
    );
    expect(seen).toHaveTextContent(ptBR.lease.notice.awaitingSignature);
    expect(within(seen).queryByRole("link")).toBeNull();
  });

  it("the landlord proposes ending by agreement (art. 9 I): no fine, no notice period; both are led to sign", async () => {
    const posted: unknown[] = [];
    const agreement: LeaseNoticeView = {
      ...given,
      por: "locador",
      artigo: "9, I",
      multa: null,
      acordo: true,
      entrega: "2028-01-31",
    };
    renderScreen(<LeaseNotice id={ID} />, {
      user: LANDLORD,
      api: {
        [`GET ${path}`]: notices({
          papel: "locador",
          podeAvisar: { permitida: false, artigo: "4", antecedenciaDias: 0, entregaMinima: null },
        }),
        [`POST ${path}`]: (body: unknown) => {
          posted.push(body);
          return notices({ papel: "locador", avisos: [agreement] });
        },
      },
    });
    const card = await screen.findByTestId("lease-notice");
    await userEvent.click(within(card).getByRole("button", { name: ptBR.lease.notice.agreementOpen }));
    expect(await within(card).findByTestId("lease-notice-agreement-lead")).toHaveTextContent("art. 9º, I");
    expect(within(card).queryByTestId("lease-notice-estimate")).toBeNull();
    fireEvent.change(within(card).getByLabelText(ptBR.lease.notice.entregaLandlord, { exact: false }), {
      target: { value: "2028-01-31" },
    });
    await userEvent.type(
      within(card).getByLabelText(ptBR.lease.notice.motivo, { exact: false }),
      "Combinamos a saída",
    );
    await userEvent.click(within(card).getByRole("button", { name: ptBR.lease.notice.agreementSubmit }));
    const shown = await within(card).findByTestId("lease-notice-given");
    expect(shown).toHaveTextContent(
      "Você propôs em 20/01/2028 um distrato por acordo: entrega das chaves em 31/01/2028.",
    );
    expect(posted).toEqual([
      { entrega: "2028-01-31", motivo: "Combinamos a saída", cartaTransferencia: null, acordo: true },
    ]);
    expect(within(shown).queryByTestId("lease-notice-fine")).toBeNull();
    expect(within(shown).getByRole("link", { name: ptBR.lease.notice.agreementSign })).toHaveAttribute(
      "href",
      `/Clicksign?contrato=${NOTICE}`,
    );
  });
});
