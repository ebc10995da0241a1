import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { CONTRACT_EVENTS, type ContractView } from "../../../shared/contracts/contracts";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { ContractPage } from "./contract-page";
import { contractView } from "./contract-view.fixture";

// The page imports the ceremony, whose PDF viewer (pdfjs) reads DOMMatrix when it loads; jsdom lacks it.
vi.hoisted(() => {
  globalThis.DOMMatrix ??= class {} as never;
});

const ID = "5c1f7a2e-3b4d-4e6f-8a9b-0c1d2e3f4a5b";
const landlord = { id: "u-landlord", name: "Helena Prado", email: "helena@exemplo.com.br" };
const at = (minute: number) => `2026-11-21T13:${String(minute).padStart(2, "0")}:00.000Z`;

const contract = (over: Partial<ContractView> = {}): ContractView =>
  contractView({ id: ID, status: "enviado", createdAt: at(0), ...over });

const showContract = (view: ContractView, api: Record<string, unknown> = {}) =>
  renderScreen(<ContractPage contractId={ID} token={null} />, {
    path: `/Clicksign?contrato=${ID}`,
    user: landlord,
    api: { [`/api/contracts/${ID}`]: view, ...api },
  });

describe("the contract's status page", { timeout: 30_000 }, () => {
  it("says every step of the audit trail in pt-BR, with accents, and never its code", async () => {
    const events: ContractView["events"] = [
      ...CONTRACT_EVENTS.map((type, i) => ({
        type,
        actor: type.startsWith("codigo") || type === "assinado" ? "Rita Souza" : null,
        ip: "189.45.120.7",
        createdAt: at(i),
        detail: type === "cancelado" ? "O imóvel foi vendido." : null,
      })),
      { type: "clicksign_auto_close", actor: null, ip: null, createdAt: at(40), detail: null },
      { type: "clicksign_novidade", actor: null, ip: null, createdAt: at(41), detail: null },
      { type: "algo_desconhecido", actor: null, ip: null, createdAt: at(42), detail: null },
    ];
    showContract(contract({ events }));
    const trail = await screen.findByTestId("contract-trail", {}, { timeout: 5000 });
    const steps = within(trail).getAllByTestId("trail-step");
    expect(steps).toHaveLength(events.length);
    const words = ptBR.contract.events;
    for (const [i, type] of CONTRACT_EVENTS.entries()) expect(steps[i]).toHaveTextContent(words[type]);
    expect(trail).toHaveTextContent("Código enviado por e-mail · Rita Souza · IP 189.45.120.7");
    expect(trail).toHaveTextContent("Contrato gerado");
    expect(trail).toHaveTextContent("Contrato cancelado – O imóvel foi vendido.");
    expect(trail).toHaveTextContent("Envelope concluído na Clicksign");
    expect(trail).toHaveTextContent("Aviso recebido da Clicksign");
    expect(trail).toHaveTextContent("Registro do sistema");
    const text = trail.textContent ?? "";
    for (const type of CONTRACT_EVENTS) {
      if (type.includes("_")) expect(text).not.toContain(type);
      expect(text).not.toMatch(new RegExp(`· ${type.replace("_", " ")}\\b`));
    }
    expect(text).not.toMatch(/codigo|clicksign_|algo_desconhecido/);
  });

  it("names the signer a refused send is about, and marks their card", async () => {
    const view = contract({
      status: "rascunho",
      plannedSigners: [
        {
          role: "locador",
          nome: "Helena Prado",
          email: landlord.email,
          cpf: "***.982.247-**",
          indicadoPor: null,
        },
        {
          role: "locatario",
          nome: "João Araújo",
          email: "joao@exemplo.com.br",
          cpf: "***.444.777-**",
          indicadoPor: null,
        },
        {
          role: "fiador",
          nome: "Antônio Gonçalves",
          email: "joao@exemplo.com.br",
          cpf: "***.287.938-**",
          indicadoPor: "locatario",
        },
      ],
    });
    const refusal = ptBR.errors["signer-email-taken"];
    showContract(view, {
      [`PUT /api/contracts/${ID}/review`]: view,
      [`POST /api/contracts/${ID}/send`]: {
        status: 409,
        body: {
          code: "signer-email-taken",
          message: refusal,
          issues: [{ path: "signatarios.2.email", message: refusal }],
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: ptBR.contract.send }, { timeout: 5000 }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Fiador ou fiadora Antônio Gonçalves: ${refusal}`,
    );
    const cards = screen.getAllByTestId("planned-signer");
    expect(cards[2]).toHaveAttribute("data-invalid", "true");
    expect(cards[2]).toHaveTextContent(refusal);
    expect(cards[0]).not.toHaveAttribute("data-invalid");
  });

  it("names a company's other representative (issue 34) by role, before sending and once sent", async () => {
    const rita = {
      role: "representante" as const,
      nome: "Rita de Cássia Lima",
      email: "rita@exemplo.com.br",
      cpf: "***.533.447-**",
      indicadoPor: null,
    };
    const view = contract({
      status: "rascunho",
      plannedSigners: [
        {
          role: "locador",
          nome: "Helena Prado",
          email: landlord.email,
          cpf: "***.982.247-**",
          indicadoPor: null,
        },
        rita,
        {
          role: "locatario",
          nome: "João Araújo",
          email: rita.email,
          cpf: "***.444.777-**",
          indicadoPor: null,
        },
      ],
    });
    const refusal = ptBR.errors["signer-email-taken"];
    const { unmount } = showContract(view, {
      [`PUT /api/contracts/${ID}/review`]: view,
      [`POST /api/contracts/${ID}/send`]: {
        status: 409,
        body: {
          code: "signer-email-taken",
          message: refusal,
          issues: [{ path: "signatarios.1.email", message: refusal }],
        },
      },
    });
    const cards = await screen.findAllByTestId("planned-signer", {}, { timeout: 5000 });
    expect(within(cards[1] as HTMLElement).getByText(ptBR.contract.roles.representante)).toBeInTheDocument();
    expect(cards[1]).toHaveTextContent("Rita de Cássia Lima");
    await userEvent.click(screen.getByRole("button", { name: ptBR.contract.send }));
    expect(await screen.findByRole("alert")).toHaveTextContent(
      `Representante de pessoa jurídica Rita de Cássia Lima: ${refusal}`,
    );
    unmount();

    showContract(
      contract({
        status: "enviado",
        signers: [
          {
            id: "s1",
            role: "locador",
            nome: "Helena Prado",
            email: landlord.email,
            status: "assinado",
            signedAt: at(5),
            motivo: null,
            blocked: false,
          },
          {
            id: "s2",
            role: "representante",
            nome: "Rita de Cássia Lima",
            email: rita.email,
            status: "pendente",
            signedAt: null,
            motivo: null,
            blocked: false,
          },
        ],
      }),
    );
    const signers = await screen.findAllByTestId("contract-signer", {}, { timeout: 5000 });
    expect(signers[1]).toHaveTextContent("Rita de Cássia Lima");
    expect(signers[1]).toHaveTextContent(ptBR.contract.roles.representante);
    // The role's words, never its key.
    expect(screen.getByTestId("contract-signers")).not.toHaveTextContent(/contract\.roles/);
  });

  it("puts the server's refusal of a witness under the witness's field", async () => {
    const view = contract({ status: "rascunho" });
    const refusal = ptBR.errors["signer-is-party"];
    showContract(view, {
      [`PUT /api/contracts/${ID}/witness`]: {
        status: 422,
        body: {
          code: "signer-is-party",
          message: refusal,
          issues: [{ path: "testemunha.email", message: refusal }],
        },
      },
    });
    await userEvent.click(
      await screen.findByRole("button", { name: ptBR.contract.addWitness }, { timeout: 5000 }),
    );
    await userEvent.type(screen.getByLabelText(ptBR.contract.witnessName), "Lucia Testemunha");
    await userEvent.type(screen.getByLabelText(ptBR.contract.witnessCpf), "390.533.447-05");
    await userEvent.type(screen.getByLabelText(ptBR.contract.witnessEmail), "joao@exemplo.com.br");
    await userEvent.click(screen.getByRole("button", { name: ptBR.contract.saveWitness }));
    const email = screen.getByLabelText(ptBR.contract.witnessEmail);
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(expect.stringContaining(refusal));
    // Said once, under the field.
    expect(screen.getAllByText(refusal)).toHaveLength(1);
  });

  it("tells a signed-out visitor what the page is and why to sign in", async () => {
    renderScreen(<ContractPage contractId={ID} token={null} />, {
      path: `/Clicksign?contrato=${ID}`,
      user: null,
    });
    const box = await screen.findByTestId("contract-sign-in", {}, { timeout: 5000 });
    expect(box).toHaveTextContent(ptBR.contract.signInToFollow);
    expect(box).toHaveTextContent(ptBR.contract.signInToFollowLead);
    expect(within(box).getByRole("link", { name: ptBR.nav.login })).toHaveAttribute(
      "href",
      `/login?next=${encodeURIComponent(`/Clicksign?contrato=${ID}`)}`,
    );
  });
});
