import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { renderInApp } from "../../components/render-in-app";
import { createQueryClient } from "../../lib/query";
import { type CeremonyView, ceremonyQuery } from "./api/signing";
import { Ceremony } from "./ceremony";

// pdfjs (the contract's viewer, not shown here: the view has no document) reads DOMMatrix when it
// loads, which jsdom lacks.
vi.hoisted(() => {
  globalThis.DOMMatrix ??= class {} as never;
});

const CONTRACT = "3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a";
const TOKEN = "t".repeat(43);

const RESUMO: CeremonyView["resumo"] = {
  locador: "Marta Souza",
  locatario: "Rafael Lima",
  colocatarios: [],
  fiador: "Rita Souza",
  endereco: "Rua Voluntários da Pátria, 100, apto 201, Botafogo, Rio de Janeiro – RJ, CEP 22270-000",
  tipo: "Apartamento",
  aluguel: 450000,
  encargos: 95000,
  prazoMeses: 30,
  dataInicio: "2026-12-01",
  garantia: "fiador",
  prazoAssinatura: "2026-12-05T15:00:00.000Z",
};

/** The ceremony as the link's signer sees it when it is her turn (the read is cached, as after loading). */
function renderCeremony(over: Partial<CeremonyView> = {}) {
  const queryClient = createQueryClient({ debug: () => undefined, error: () => undefined });
  const view: CeremonyView = {
    contrato: { id: CONTRACT, numero: "2026-000001", sha256: null, documentUrl: null },
    signatario: { role: "fiador", nome: "Rita Souza", email: "rita@example.com", blocked: false },
    turn: true,
    resumo: RESUMO,
    assinado: null,
    ...over,
  };
  queryClient.setQueryData(ceremonyQuery(CONTRACT, TOKEN).queryKey, view);
  renderInApp(<Ceremony contractId={CONTRACT} token={TOKEN} />, queryClient);
}

describe("the signing ceremony", () => {
  it("says a code that is not 6 digits and a name too short before anything is sent", async () => {
    renderCeremony();
    await userEvent.type(screen.getByLabelText("Código de 6 dígitos"), "12a456");
    await userEvent.type(screen.getByLabelText("Seu nome completo, como no contrato"), "Ri");
    await userEvent.click(screen.getByLabelText("Li o contrato e concordo com os termos"));
    await userEvent.click(screen.getByRole("button", { name: "Assinar" }));
    expect(
      await screen.findByText("Código incorreto. Confira o e-mail e tente de novo."),
    ).toBeInTheDocument();
    expect(
      screen.getByText("Nome e CPF precisam ser exatamente os que constam no contrato."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText("Seu CPF")).not.toHaveAttribute("aria-invalid", "true");
  });

  it("keeps Assinar off until the code has 6 characters and the terms are agreed", async () => {
    renderCeremony();
    const sign = screen.getByRole("button", { name: "Assinar" });
    expect(sign).toBeDisabled();
    await userEvent.type(screen.getByLabelText("Código de 6 dígitos"), "123456");
    expect(sign).toBeDisabled();
    await userEvent.click(screen.getByLabelText("Li o contrato e concordo com os termos"));
    expect(sign).toBeEnabled();
  });

  // Typing into the dialog is slow in jsdom on a loaded machine: more than the default 5 s.
  it("asks for the reason of a refusal, with the code typed above", { timeout: 20_000 }, async () => {
    renderCeremony();
    await userEvent.type(screen.getByLabelText("Código de 6 dígitos"), "123");
    await userEvent.click(screen.getByRole("button", { name: "Recusar" }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByLabelText("Código de 6 dígitos")).toHaveValue("123");
    await userEvent.type(within(dialog).getByLabelText("Motivo"), "no");
    await userEvent.click(within(dialog).getByRole("button", { name: "Recusar" }));
    // The dialog's transition can take a moment on a loaded machine.
    expect(
      await screen.findByText("Explique o motivo (de 3 a 1.000 caracteres).", {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(dialog).toHaveTextContent("Código incorreto. Confira o e-mail e tente de novo.");
  });
});

describe("the contract, readable on a phone (decision 044)", () => {
  it("says in normal text who signs with whom, where, for how much and how long, and the signer's role and what it means, with the full PDF one tap away", () => {
    renderCeremony({
      contrato: {
        id: CONTRACT,
        numero: "2026-000001",
        sha256: null,
        documentUrl: "/api/storage/files/x?sig=1",
      },
      signatario: {
        role: "fiador",
        nome: "Rita Souza",
        email: "r***@example.com",
        genero: "feminino",
        blocked: false,
      },
    });
    const summary = screen.getByTestId("contract-summary");
    expect(summary).toHaveTextContent(RESUMO.endereco);
    expect(summary).toHaveTextContent("Marta Souza");
    expect(summary).toHaveTextContent("Rafael Lima");
    expect(summary).toHaveTextContent("R$ 4.500,00 por mês, mais R$ 950,00 de condomínio, IPTU e seguro");
    expect(summary).toHaveTextContent("30 meses, a partir de 01/12/2026");
    expect(
      within(screen.getByTestId("summary-role")).getByText("Fiadora e principal pagadora"),
    ).toBeVisible();
    expect(summary).toHaveTextContent(
      "Você responde pelo aluguel e pelos encargos se a parte locatária não pagar.",
    );
    expect(screen.getByTestId("full-pdf")).toHaveAttribute("href", "/api/storage/files/x?sig=1");
    // The deadline in Brasília's time, as the e-mail gives it, whatever the phone's zone.
    expect(summary).toHaveTextContent("05/12/2026, 12:00 (horário de Brasília)");
    expect(document.body).not.toHaveTextContent("(a)");
  });

  it("a page left open past its PDF link's few minutes opens a fresh link, not 'link expired'", async () => {
    const stale = "/api/storage/files/x?expires=1000&disposition=inline&sig=old";
    const fresh = "/api/storage/files/x?expires=4102444800&disposition=inline&sig=new";
    renderCeremony({
      contrato: { id: CONTRACT, numero: "2026-000001", sha256: null, documentUrl: stale },
    });
    const again: CeremonyView = {
      contrato: { id: CONTRACT, numero: "2026-000001", sha256: null, documentUrl: fresh },
      signatario: { role: "fiador", nome: "Rita Souza", email: "rita@example.com", blocked: false },
      turn: true,
      resumo: RESUMO,
      assinado: null,
    };
    const fetched = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(
        new Response(JSON.stringify(again), { headers: { "content-type": "application/json" } }),
      );
    const tab = { location: { href: "" }, close: vi.fn() };
    const opened = vi.spyOn(window, "open").mockReturnValue(tab as unknown as Window);
    try {
      await userEvent.click(screen.getByTestId("full-pdf"));
      expect(opened).toHaveBeenCalledWith("", "_blank");
      await waitFor(() => expect(tab.location.href).toBe(fresh));
      expect(String(fetched.mock.calls[0]?.[0])).toContain(`/api/signing/${CONTRACT}`);
    } finally {
      fetched.mockRestore();
      opened.mockRestore();
    }
  });

  it("a guarantor whose gender the contract does not know reads a neutral role, never '(a)'", () => {
    renderCeremony();
    expect(screen.getByTestId("summary-role")).toHaveTextContent(
      "Garantia por fiança (fiador ou fiadora e principal pagador)",
    );
    expect(document.body).not.toHaveTextContent("(a)");
  });

  it("a company's other representative (issue 34) reads her role: she signs for the company, which is the one bound", () => {
    renderCeremony({
      signatario: {
        role: "representante",
        nome: "Rita de Cássia Lima",
        email: "r***@example.com",
        genero: "feminino",
        blocked: false,
      },
      resumo: { ...RESUMO, locatario: "Alfa Comércio de Imóveis Ltda.", fiador: null, garantia: "caucao" },
    });
    const role = screen.getByTestId("summary-role");
    expect(within(role).getByText("Representante da empresa")).toBeVisible();
    expect(role).toHaveTextContent(
      "Você assina pela empresa que é parte no contrato, junto com quem mais a representa; quem se obriga é a empresa.",
    );
    expect(screen.getByText("Você assina como representante da empresa: Rita de Cássia Lima")).toBeVisible();
    expect(screen.getByTestId("contract-summary")).toHaveTextContent("Alfa Comércio de Imóveis Ltda.");
    // Her role's words, never its code, and she signs as anyone does.
    expect(document.body).not.toHaveTextContent(/contract\.|roleName|\(a\)/);
    expect(screen.getByRole("button", { name: "Assinar" })).toBeInTheDocument();
  });

  it("a signer who opens her link again reads that she already signed, when, and downloads the contract", () => {
    renderCeremony({
      assinado: {
        em: "2026-11-27T13:30:00.000Z",
        selado: true,
        documentUrl: "/api/storage/files/sealed?sig=1",
      },
    });
    expect(screen.getByTestId("already-signed")).toHaveTextContent("Você já assinou este contrato em");
    expect(screen.getByTestId("already-signed")).toHaveTextContent("27 de novembro de 2026");
    expect(screen.getByTestId("signed-download")).toHaveAttribute("href", "/api/storage/files/sealed?sig=1");
    expect(screen.getByTestId("already-signed")).toHaveTextContent("10:30 (horário de Brasília)");
    expect(screen.getByTestId("signed-download")).toHaveTextContent("Baixar o contrato selado");
    expect(screen.queryByRole("button", { name: "Assinar" })).toBeNull();
    expect(screen.queryByText(/inválido/)).toBeNull();
  });
});
