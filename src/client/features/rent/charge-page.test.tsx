import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiPaths } from "../../../shared/api-paths";
import { type ChargeView, PSP_VALIDITY_DAYS } from "../../../shared/contracts/rent";
import type { StoredDocument, UploadMetadata } from "../../../shared/contracts/storage";
import ptBR from "../../../shared/locales/pt-BR.json";
import { formatBRL } from "../../../shared/money";
import { renderScreen } from "../../app/testing";
import { CobrancaScreen } from "../../screens/Cobranca/cobranca-screen";

/*
 * Issue 32: /Cobranca as its two parties use it on a phone — the tenant pays the amount of the day
 * by Pix and sends the proof; the landlord says the money arrived, with the fees of that day or
 * their waiver; the receipt once sealed.
 */

const ID = "5b1f7c3e-2a4d-4e6f-8a9b-0c1d2e3f4a5b";
const LEASE = "c0ffee00-0000-4000-8000-000000000001";
const DOC = "d0c00000-0000-4000-8000-000000000009";
const PATH = apiPaths.rent.charge(ID);
const LANDLORD = { id: "u-landlord", name: "Ana", email: "ana@example.com" };
const TENANT = { id: "u-tenant", name: "Bia", email: "bia@example.com" };
const COPIA_E_COLA =
  "00020126580014br.gov.bcb.pix0136ana@example.com5204000053039865406460.375802BR5903Ana6009SAO PAULO62070503***6304ABCD";

// The tenant's proof goes up as any document does; here it arrives at once, with no network.
const uploads = vi.hoisted(() => ({ metas: [] as UploadMetadata[] }));
vi.mock("../../lib/storage", async (original) => {
  const real = await original<typeof import("../../lib/storage")>();
  return {
    ...real,
    uploadFile: (file: File, meta: UploadMetadata) => {
      uploads.metas.push(meta);
      const snapshot = {
        id: "up1",
        fileName: meta.filename,
        state: "running",
        progress: { bytesTransferred: 0, totalBytes: file.size, speed: 0 },
        error: null,
        document: null,
        restored: false,
        orphaned: false,
      };
      const doc: StoredDocument = {
        id: "d0c00000-0000-4000-8000-000000000009",
        ownerId: "u-tenant",
        kind: meta.kind,
        folder: meta.folder,
        fileName: meta.filename,
        contentType: "application/pdf",
        size: file.size,
        sha256: "x",
        customMetadata: {},
        createdAt: "2026-12-20T13:00:00Z",
      } as StoredDocument;
      return {
        id: "up1",
        folder: meta.folder,
        state: "running",
        getSnapshot: () => snapshot,
        subscribe: () => () => undefined,
        watch: () => () => undefined,
        pause: () => undefined,
        resume: () => undefined,
        cancel: () => undefined,
        done: Promise.resolve(doc),
      };
    },
  };
});

/** December's charge: the first, partial month (22 of 31 days of the rent) and the monthly amounts. */
function charge(over: Partial<ChargeView> = {}): ChargeView {
  return {
    id: ID,
    locacaoId: LEASE,
    numero: "2026/000123",
    papel: "locatario",
    endereco: "Rua das Flores, 100, apto 12 — Pinheiros, São Paulo/SP",
    competencia: "2026-12",
    inicio: "2026-12-10",
    fim: "2026-12-31",
    vencimento: "2026-12-15",
    valor: 417_855,
    status: "aberta",
    atrasada: false,
    devidoHoje: 417_855,
    pagoEm: null,
    reciboId: null,
    acerto: false,
    aceitaLancamentos: false,
    pago: 0,
    linhas: [
      {
        id: "l1",
        tipo: "aluguel",
        valor: 319_355,
        inicio: "2026-12-10",
        fim: "2026-12-31",
        dias: 22,
        diasNoMes: 31,
        base: 450_000,
      },
      { id: "l2", tipo: "condominio", valor: 80_000 },
      { id: "l3", tipo: "iptu", valor: 15_000 },
      { id: "l4", tipo: "seguro_incendio", valor: 3_500 },
    ],
    hoje: {
      data: "2026-12-12",
      diasAtraso: 0,
      multa: 0,
      juros: 0,
      total: 417_855,
      multaBp: 1000,
      jurosMesBp: 100,
    },
    pix: {
      modo: "estatico",
      copiaECola: COPIA_E_COLA,
      qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 29 29"><path d="M0 0h7v7H0z"/></svg>',
      txid: "CHAVE2026000123",
      valor: 417_855,
      recebedor: "Ana Souza",
    },
    pixIndisponivel: null,
    pagamentos: [],
    comprovante: null,
    recibo: null,
    ...over,
  };
}

/** Five days late on 20/12: 10 % once, 1 % a month for 5 days. */
const LATE: Partial<ChargeView> = {
  atrasada: true,
  devidoHoje: 460_337,
  hoje: {
    data: "2026-12-20",
    diasAtraso: 5,
    multa: 41_786,
    juros: 696,
    total: 460_337,
    multaBp: 1000,
    jurosMesBp: 100,
  },
};

const PAID: Partial<ChargeView> = {
  status: "paga",
  devidoHoje: 417_855,
  pagoEm: "2026-12-14",
  reciboId: "e0000000-0000-4000-8000-000000000001",
  pix: null,
  pagamentos: [
    {
      id: "f0000000-0000-4000-8000-000000000001",
      valor: 417_855,
      pagoEm: "2026-12-14",
      diasAtraso: 0,
      dispensados: false,
      multa: 0,
      juros: 0,
      forma: "confirmado",
    },
  ],
  recibo: {
    contratoId: "e0000000-0000-4000-8000-000000000001",
    numero: "2026/000124",
    documentoId: DOC,
    selado: true,
  },
};

function open(answer: ChargeView | { status: number; body: unknown }, user = TENANT, more = {}) {
  return renderScreen(<CobrancaScreen />, {
    path: `/Cobranca?id=${ID}`,
    user,
    api: { [`GET ${PATH}`]: answer, ...more },
  });
}

function stubClipboard(clipboard: unknown) {
  Object.defineProperty(navigator, "clipboard", { value: clipboard, configurable: true });
}

afterEach(() => {
  vi.useRealTimers();
  stubClipboard(undefined);
  uploads.metas.length = 0;
});

describe("/Cobranca, the tenant pays", { timeout: 30_000 }, () => {
  it("shows the amount of the day, the lines with the prorated days, and the Pix QR code", async () => {
    open(charge());
    expect(
      await screen.findByRole("heading", { level: 1, name: "Aluguel de dezembro de 2026" }),
    ).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Contrato nº 2026/000123" })).toHaveAttribute(
      "href",
      `/Locacao?id=${LEASE}`,
    );
    expect(screen.getByTestId("charge-status")).toHaveTextContent(ptBR.charge.status.aberta);
    expect(screen.getByTestId("charge-total")).toHaveTextContent("R$ 4.178,55");
    expect(screen.getByText("Vencimento: 15/12/2026")).toBeInTheDocument();
    expect(screen.getByText("Período: 10/12/2026 a 31/12/2026")).toBeInTheDocument();
    const lines = screen.getAllByTestId("charge-line");
    expect(lines.map((l) => l.textContent)).toEqual([
      expect.stringContaining("Aluguel22 de 31 dias de R$ 4.500,00"),
      "CondomínioR$ 800,00",
      "IPTU (parcela mensal)R$ 150,00",
      "Seguro contra incêndioR$ 35,00",
    ]);
    expect(within(lines[0] as HTMLElement).getByText("R$ 3.193,55")).toBeInTheDocument();
    expect(screen.getByTestId("charge-lines-sum")).toHaveTextContent("R$ 4.178,55");
    expect(screen.queryByTestId("charge-late")).toBeNull();

    const qr = screen.getByRole("img", { name: "QR Code Pix de R$ 4.178,55" });
    expect(qr.getAttribute("src")).toMatch(/^data:image\/svg\+xml;utf8,%3Csvg/);
    expect(screen.getByText("Recebedor: Ana Souza")).toBeInTheDocument();
    expect(screen.getByLabelText(ptBR.charge.pix.code)).toHaveValue(COPIA_E_COLA);
    expect(screen.getByText(ptBR.charge.pix.howTo)).toBeInTheDocument();
    // Nothing the landlord does is offered to the tenant.
    expect(screen.queryByRole("button", { name: ptBR.charge.receive.open })).toBeNull();
  });

  it("copies the exact Pix code, and says so", async () => {
    const writeText = vi.fn(async () => undefined);
    stubClipboard({ writeText });
    open(charge());
    await userEvent.click(await screen.findByRole("button", { name: ptBR.charge.pix.copy }));
    expect(writeText).toHaveBeenCalledWith(COPIA_E_COLA);
    expect(await screen.findByText(ptBR.charge.pix.copied)).toHaveAttribute("role", "status");
  });

  it("selects the code for the phone's own copy when there is no clipboard", async () => {
    stubClipboard(undefined);
    open(charge());
    await userEvent.click(await screen.findByRole("button", { name: ptBR.charge.pix.copy }));
    expect(await screen.findByText(ptBR.charge.pix.copyManual)).toBeInTheDocument();
    const field = screen.getByLabelText(ptBR.charge.pix.code) as HTMLTextAreaElement;
    expect(document.activeElement).toBe(field);
    expect(field.selectionEnd - field.selectionStart).toBe(COPIA_E_COLA.length);
  });

  it("shows the late fees as plain sums, and the lease's clause", async () => {
    open(charge(LATE));
    const late = await screen.findByTestId("charge-late");
    expect(screen.getByTestId("charge-status")).toHaveTextContent("Atrasada 5 dias");
    expect(screen.getByTestId("charge-total")).toHaveTextContent("R$ 4.603,37");
    expect(within(late).getByText("Multa de 10% sobre R$ 4.178,55 = R$ 417,86")).toBeInTheDocument();
    expect(
      within(late).getByText("Juros de 1% ao mês por 5 dias: R$ 4.178,55 × 1% × 5/30 = R$ 6,96"),
    ).toBeInTheDocument();
    expect(within(late).getByText("Total a pagar hoje: R$ 4.603,37")).toBeInTheDocument();
    expect(within(late).getByText(ptBR.charge.late.clause)).toBeInTheDocument();
  });

  it("uploads the proof as a payment proof and attaches it to the charge", async () => {
    const attached: unknown[] = [];
    open(charge(), TENANT, {
      [`PUT ${apiPaths.rent.proof(ID)}`]: (body: unknown) => {
        attached.push(body);
        return charge({ comprovante: { documentoId: DOC, enviadoEm: "2026-12-12T14:30:00Z" } });
      },
    });
    const card = await screen.findByTestId("charge-proof");
    const button = within(card).getByRole("button", { name: ptBR.charge.proof.send });
    await waitFor(() => expect(button).toBeEnabled());
    const input = card.querySelector<HTMLInputElement>("input[type=file]");
    if (!input) throw new Error("no file input in the proof card");
    await userEvent.upload(input, new File(["%PDF-1.7"], "pix.pdf", { type: "application/pdf" }));
    expect(await within(card).findByText(/Comprovante enviado em 12\/12\/2026, 11:30/)).toBeInTheDocument();
    expect(uploads.metas).toEqual([
      { filename: "pix.pdf", kind: "comprovante_pagamento", folder: "comprovantes" },
    ]);
    expect(attached).toEqual([{ documentoId: DOC }]);
    expect(within(card).getByRole("link", { name: ptBR.charge.proof.view })).toHaveAttribute(
      "href",
      `/ViewDocument?id=${DOC}`,
    );
  });
});

describe("/Cobranca, the landlord receives", { timeout: 30_000 }, () => {
  it("records the day paid with its fees, offering the waiver only for a late day", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-20T15:00:00Z"));
    const posts: unknown[] = [];
    open(charge({ ...LATE, papel: "locador" }), LANDLORD, {
      [`POST ${apiPaths.rent.payment(ID)}`]: (body: unknown) => {
        posts.push(body);
        return charge({ ...PAID, papel: "locador", pagoEm: "2026-12-18" });
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: ptBR.charge.receive.open }));
    const dialog = await screen.findByRole("dialog");
    const date = within(dialog).getByLabelText(ptBR.charge.receive.date, { exact: false });
    // Today in Brazil, and no later.
    expect(date).toHaveValue("2026-12-20");
    expect(date).toHaveAttribute("max", "2026-12-20");
    expect(within(dialog).getByRole("checkbox", { name: ptBR.charge.receive.waive })).toBeInTheDocument();
    expect(within(dialog).getByTestId("charge-receive-amount")).toHaveTextContent(
      "Valor que será registrado: R$ 4.603,37",
    );

    // Paid before the due date: nothing to waive, the charge's amount.
    fireEvent.change(date, { target: { value: "2026-12-14" } });
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    expect(within(dialog).getByTestId("charge-receive-amount")).toHaveTextContent("R$ 4.178,55");

    // Three days late: the fees of that day (the server's rule), then waived.
    fireEvent.change(date, { target: { value: "2026-12-18" } });
    expect(within(dialog).getByTestId("charge-receive-amount")).toHaveTextContent(
      "Valor que será registrado: R$ 4.600,59",
    );
    expect(
      within(dialog).getByText(/multa de R\$ 417,86 \+ juros de R\$ 4,18 \(3 dias de atraso\)/),
    ).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("checkbox", { name: ptBR.charge.receive.waive }));
    expect(within(dialog).getByTestId("charge-receive-amount")).toHaveTextContent(
      "Valor que será registrado: R$ 4.178,55",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.charge.receive.confirm }));
    await waitFor(() => expect(posts).toEqual([{ pagoEm: "2026-12-18", dispensarEncargos: true }]));
    expect(await screen.findByText("Paga em 18/12/2026")).toBeInTheDocument();
  });

  it("refuses a day after today before asking the server, and shows the server's refusal", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-12-20T15:00:00Z"));
    const posts: unknown[] = [];
    open(charge({ papel: "locador" }), LANDLORD, {
      [`POST ${apiPaths.rent.payment(ID)}`]: (body: unknown) => {
        posts.push(body);
        return {
          status: 409,
          body: { code: "rent-charge-closed", message: ptBR.errors["rent-charge-closed"] },
        };
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: ptBR.charge.receive.open }));
    const dialog = await screen.findByRole("dialog");
    const date = within(dialog).getByLabelText(ptBR.charge.receive.date, { exact: false });
    fireEvent.change(date, { target: { value: "2026-12-21" } });
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.charge.receive.confirm }));
    expect(within(dialog).getByText(ptBR.errors["rent-payment-future"])).toBeInTheDocument();
    // No amount is worked out for a day that is refused.
    expect(within(dialog).queryByTestId("charge-receive-amount")).toBeNull();
    expect(posts).toEqual([]);

    fireEvent.change(date, { target: { value: "2026-12-12" } });
    expect(within(dialog).queryByRole("checkbox")).toBeNull();
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.charge.receive.confirm }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ptBR.errors["rent-charge-closed"]);
    expect(posts).toEqual([{ pagoEm: "2026-12-12", dispensarEncargos: false }]);
  });

  it("adds a discount with its reason, in centavos", async () => {
    const posts: unknown[] = [];
    open(charge({ papel: "locador", aceitaLancamentos: true }), LANDLORD, {
      [`POST ${apiPaths.rent.lines(ID)}`]: (body: unknown) => {
        posts.push(body);
        return charge({
          papel: "locador",
          aceitaLancamentos: true,
          valor: 397_855,
          linhas: [
            ...charge().linhas,
            { id: "l5", tipo: "desconto", valor: -20_000, motivo: "Conserto do chuveiro" },
          ],
        });
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: ptBR.charge.addLine.open }));
    const dialog = await screen.findByRole("dialog");
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.charge.addLine.confirm }));
    expect(within(dialog).getByText(ptBR.errors["rent-line-amount"])).toBeInTheDocument();
    expect(within(dialog).getByText(ptBR.errors["rent-line-reason"])).toBeInTheDocument();
    await userEvent.click(within(dialog).getByText(ptBR.charge.addLine.desconto));
    await userEvent.type(within(dialog).getByLabelText(/^Valor( \*)?$/), "200");
    await userEvent.type(
      within(dialog).getByLabelText(ptBR.charge.addLine.reason, { exact: false }),
      "Conserto do chuveiro",
    );
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.charge.addLine.confirm }));
    await waitFor(() =>
      expect(posts).toEqual([{ tipo: "desconto", valor: 20_000, motivo: "Conserto do chuveiro" }]),
    );
    expect(await screen.findByText("Conserto do chuveiro")).toBeInTheDocument();
    expect(screen.getByText("-R$ 200,00")).toBeInTheDocument();
  });

  it("lets the landlord take back a line she added, after saying what the charge comes to", async () => {
    const added = {
      id: "5b1f7c3e-0000-4000-8000-00000000000a",
      tipo: "avulso",
      valor: 150_000,
      motivo: "Obra",
    } as const;
    const withLine = charge({
      papel: "locador",
      aceitaLancamentos: true,
      valor: charge().valor + 150_000,
      linhas: [...charge().linhas, added],
    });
    const deletes: string[] = [];
    open(withLine, LANDLORD, {
      [`DELETE ${apiPaths.rent.line(ID, added.id)}`]: () => {
        deletes.push(added.id);
        return charge({ papel: "locador", aceitaLancamentos: true });
      },
    });
    // Only the line she added can be taken back: the month's own lines have no such button.
    const remove = await screen.findByRole("button", { name: "Retirar o lançamento: Obra" });
    expect(screen.getAllByRole("button", { name: /^Retirar o lançamento/ })).toHaveLength(1);
    await userEvent.click(remove);
    const dialog = await screen.findByRole("dialog");
    expect(dialog).toHaveTextContent(`Obra: R$ 1.500,00. A cobrança volta a ${formatBRL(charge().valor)}`);
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.charge.addLine.removeConfirm }));
    await waitFor(() => expect(deletes).toEqual([added.id]));
    await waitFor(() => expect(screen.queryByText("Obra")).not.toBeInTheDocument());
  });

  it("says the days of a prorated month only, and the landlord reads what is owed, not what to pay", async () => {
    const whole = {
      id: "l1",
      tipo: "aluguel",
      valor: 450_000,
      inicio: "2027-01-01",
      fim: "2027-01-31",
      dias: 31,
      diasNoMes: 31,
      base: 450_000,
    } as const;
    open(charge({ papel: "locador", linhas: [whole, ...charge().linhas.slice(1)] }), LANDLORD);
    expect(await screen.findByText(ptBR.charge.amount.owedToday)).toBeInTheDocument();
    expect(screen.queryByText(ptBR.charge.amount.today)).not.toBeInTheDocument();
    expect(screen.getAllByTestId("charge-line")[0]).not.toHaveTextContent("dias de");
  });

  it("shows the tenant no way to remove a line", async () => {
    open(charge({ linhas: [...charge().linhas, { id: "l9", tipo: "avulso", valor: 1000, motivo: "Obra" }] }));
    expect(await screen.findByText("Obra")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /^Retirar o lançamento/ })).not.toBeInTheDocument();
  });

  it("says where a minus sign belongs and what the largest line is, and sends neither", async () => {
    const posts: unknown[] = [];
    open(charge({ papel: "locador", aceitaLancamentos: true }), LANDLORD, {
      [`POST ${apiPaths.rent.lines(ID)}`]: (body: unknown) => {
        posts.push(body);
        return charge({ papel: "locador", aceitaLancamentos: true });
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: ptBR.charge.addLine.open }));
    const dialog = await screen.findByRole("dialog");
    const amount = within(dialog).getByLabelText(/^Valor( \*)?$/);
    await userEvent.type(
      within(dialog).getByLabelText(ptBR.charge.addLine.reason, { exact: false }),
      "Acordo",
    );
    // Typed as a discount is often thought of: the sign is kept and refused, not dropped (+R$ 50).
    await userEvent.type(amount, "-50");
    expect(amount).toHaveValue("-R$ 50");
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.charge.addLine.confirm }));
    expect(await within(dialog).findByText(ptBR.errors["rent-line-negative"])).toBeInTheDocument();
    await userEvent.clear(amount);
    await userEvent.type(amount, "99999999999");
    await userEvent.click(within(dialog).getByRole("button", { name: ptBR.charge.addLine.confirm }));
    expect(await within(dialog).findByText(ptBR.errors["rent-line-too-large"])).toBeInTheDocument();
    expect(posts).toEqual([]);
  });

  it("shows the tenant's proof to the landlord", async () => {
    open(
      charge({ papel: "locador", comprovante: { documentoId: DOC, enviadoEm: "2026-12-12T14:30:00Z" } }),
      LANDLORD,
    );
    const card = await screen.findByTestId("charge-proof");
    expect(card).toHaveTextContent("A parte locatária enviou um comprovante em 12/12/2026, 11:30.");
    expect(within(card).getByRole("link", { name: ptBR.charge.proof.view })).toHaveAttribute(
      "href",
      `/ViewDocument?id=${DOC}`,
    );
    expect(within(card).queryByRole("button")).toBeNull();
  });
});

describe("/Cobranca, no Pix key yet", { timeout: 30_000 }, () => {
  it("tells the tenant they will be told when they can pay", async () => {
    open(charge({ pix: null, pixIndisponivel: "sem-chave" }));
    expect(await screen.findByText(ptBR.charge.pix.semChave.tenant)).toBeInTheDocument();
    expect(screen.queryByRole("img")).toBeNull();
    expect(screen.queryByRole("link", { name: ptBR.charge.pix.semChave.action })).toBeNull();
  });

  it("asks the landlord to register their key", async () => {
    open(charge({ papel: "locador", pix: null, pixIndisponivel: "sem-chave" }), LANDLORD);
    expect(await screen.findByText(ptBR.charge.pix.semChave.landlord)).toBeInTheDocument();
    expect(screen.getByRole("link", { name: ptBR.charge.pix.semChave.action })).toHaveAttribute(
      "href",
      "/profile2",
    );
  });

  it("says the bank is still registering a PSP charge", async () => {
    open(charge({ pix: null, pixIndisponivel: "psp-pendente" }));
    expect(await screen.findByText(ptBR.charge.pix.pspPendente)).toBeInTheDocument();
  });

  it("says a PSP's Pix can no longer be paid once its validity is over, and how to pay instead", async () => {
    open(charge({ pix: null, pixIndisponivel: "psp-vencida" }));
    expect(
      await screen.findByText(ptBR.charge.pix.pspVencida.replace("{{dias}}", String(PSP_VALIDITY_DAYS))),
    ).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: ptBR.charge.pix.copy })).not.toBeInTheDocument();
  });
});

describe("/Cobranca, paid", { timeout: 30_000 }, () => {
  it("lists the payment and opens the sealed receipt", async () => {
    open(charge(PAID));
    expect(await screen.findByText("Paga em 14/12/2026")).toBeInTheDocument();
    const paid = screen.getByTestId("charge-paid");
    expect(paid).toHaveTextContent("R$ 4.178,55 pagos em 14/12/2026");
    expect(paid).toHaveTextContent(ptBR.charge.payments.forma.confirmado);
    expect(within(paid).getByRole("link", { name: ptBR.charge.receipt.open })).toHaveAttribute(
      "href",
      `/ViewDocument?id=${DOC}`,
    );
    expect(screen.queryByTestId("charge-pix")).toBeNull();
    expect(screen.queryByTestId("charge-proof")).toBeNull();
  });

  it("says the receipt is being sealed until it is", async () => {
    open(
      charge({
        ...PAID,
        pagamentos: [
          {
            id: "f0000000-0000-4000-8000-000000000001",
            valor: 460_337,
            pagoEm: "2026-12-20",
            diasAtraso: 5,
            dispensados: false,
            multa: 41_786,
            juros: 696,
            forma: "psp",
          },
        ],
        recibo: {
          contratoId: "e0000000-0000-4000-8000-000000000001",
          numero: "2026/000124",
          documentoId: null,
          selado: false,
        },
      }),
    );
    expect(await screen.findByText(ptBR.charge.receipt.sealing)).toBeInTheDocument();
    const paid = screen.getByTestId("charge-paid");
    expect(paid).toHaveTextContent("Inclui multa de R$ 417,86 e juros de R$ 6,96 por 5 dias de atraso.");
    expect(paid).toHaveTextContent(ptBR.charge.payments.forma.psp);
    expect(within(paid).queryByRole("link")).toBeNull();
  });
});

describe("/Cobranca, nothing to show", { timeout: 30_000 }, () => {
  it("shows the server's message and the way back to the history", async () => {
    open({ status: 404, body: { code: "not-found", message: ptBR.errors["not-found"] } });
    expect(await screen.findByRole("alert")).toHaveTextContent(ptBR.errors["not-found"]);
    expect(screen.getByRole("link", { name: ptBR.charge.backToHistory })).toHaveAttribute(
      "href",
      "/AluguelHistorico",
    );
  });

  it("says a link without a charge's id does not indicate one", async () => {
    renderScreen(<CobrancaScreen />, { path: "/Cobranca?id=123", user: TENANT });
    expect(
      await screen.findByRole("heading", { level: 1, name: ptBR.charge.screenTitle }),
    ).toBeInTheDocument();
    expect(screen.getByText(ptBR.charge.badLink)).toBeInTheDocument();
  });
});
