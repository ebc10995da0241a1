import { onlineManager } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../../../../tests/support/console";
import type { OfferView } from "../../../shared/contracts/listings";
import { addMonths, brazilDate } from "../../../shared/contracts/proposals";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderScreen } from "../../app/testing";
import { companyViewOf } from "../../components/company.fixture";
import { completeProfileOf } from "../../features/profile/profile-view.fixture";
import { proposalViewOf } from "../../features/proposals/proposal-view.fixture";
import { AluguelPropostaScreen } from "./aluguel-proposta-screen";

const OFFER_ID = "6f1f3c1e-8a53-4f4b-9a43-1b2c3d4e5f60";
const user = { id: "u1", name: "Rafael Costa Lima", email: "rafael@example.com" };
const now = new Date().toISOString();
const profile = completeProfileOf(1_234_500);
const offer: OfferView = {
  id: OFFER_ID,
  status: "publicada",
  aluguel: 280_000,
  condominio: 60_000,
  iptu: 9_000,
  seguroIncendio: 3_000,
  total: 352_000,
  garantias: ["caucao"],
  caucaoMeses: 2,
  prazoMeses: 30,
  reajuste: "IPCA",
  disponivelEm: addMonths(brazilDate(new Date()), 1),
  descricao: "",
  publishedAt: now,
  createdAt: now,
  updatedAt: now,
  anunciante: "Marta",
  isOwner: false,
  recebePropostas: true,
  unidade: {
    id: "2b1f3c1e-8a53-4f4b-9a43-1b2c3d4e5f60",
    tipo: "apartamento",
    cep: null,
    logradouro: "Rua Pernambuco",
    numero: null,
    complemento: null,
    bairro: "Savassi",
    cidade: "Belo Horizonte",
    uf: "MG",
    areaM2: 75,
    quartos: 2,
    banheiros: 2,
    vagas: 1,
    mobiliado: false,
    aceitaPets: true,
    descricao: "",
    fotos: [],
    fotosInfo: {},
    createdAt: now,
    updatedAt: now,
  },
};

const path = `/AluguelProposta?oferta=${OFFER_ID}`;
const api = {
  "GET /api/profile": profile,
  [`GET /api/offers/${OFFER_ID}`]: offer,
  "GET /api/storage/objects": [],
  "GET /api/proposals": [],
};

describe("/AluguelProposta?oferta=", { timeout: 30_000 }, () => {
  it("starts the income from the one given in the profile (/profile2)", async () => {
    renderScreen(<AluguelPropostaScreen />, { path, user, api });
    expect(await screen.findByLabelText("Sua renda mensal (R$)")).toHaveValue("R$ 12.345");
  });

  it("moves the page to the server's refusal when it names no field, and focuses it", async () => {
    renderScreen(<AluguelPropostaScreen />, {
      path,
      user,
      api: {
        ...api,
        "POST /api/proposals": {
          status: 409,
          body: { code: "offer-unavailable", message: "Esta oferta não está mais disponível." },
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Enviar proposta" }));
    const refusal = await screen.findByRole("alert");
    expect(refusal).toHaveTextContent("Esta oferta não está mais disponível.");
    await waitFor(() => expect(refusal).toHaveFocus());
  });

  it("moves the page to the field the server's refusal names, and says it there", async () => {
    renderScreen(<AluguelPropostaScreen />, {
      path,
      user,
      api: {
        ...api,
        "POST /api/proposals": {
          status: 400,
          body: {
            code: "entry-date-out-of-range",
            message: "A data de entrada deve ser de hoje até 12 meses à frente.",
            issues: [
              { path: "dataEntrada", message: "A data de entrada deve ser de hoje até 12 meses à frente." },
            ],
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Enviar proposta" }));
    const date = screen.getByLabelText("Data de entrada");
    await waitFor(() => expect(date).toHaveFocus());
    expect(date).toHaveAttribute("aria-invalid", "true");
    expect(document.querySelectorAll('[aria-invalid="true"]')).toHaveLength(1);
  });

  it("says up front that a rented offer takes no proposal, with no form to fill", async () => {
    renderScreen(<AluguelPropostaScreen />, {
      path,
      user,
      api: { ...api, [`GET /api/offers/${OFFER_ID}`]: { ...offer, status: "alugada" } },
    });
    expect(await screen.findByTestId("offer-unavailable")).toHaveTextContent("Este imóvel já foi alugado.");
    expect(screen.queryByRole("button", { name: "Enviar proposta" })).not.toBeInTheDocument();
    expect(screen.queryByLabelText("Sua renda mensal (R$)")).not.toBeInTheDocument();
  });

  it("says up front that an offer whose advertiser has not completed the contract's data takes no proposal", async () => {
    renderScreen(<AluguelPropostaScreen />, {
      path,
      user,
      api: { ...api, [`GET /api/offers/${OFFER_ID}`]: { ...offer, recebePropostas: false } },
    });
    expect(await screen.findByTestId("offer-unavailable")).toHaveTextContent(
      "Esta oferta ainda não recebe propostas: quem anunciou precisa completar os dados que o contrato pede.",
    );
    expect(screen.queryByRole("button", { name: "Enviar proposta" })).not.toBeInTheDocument();
  });

  it("coming back after sending, shows the proposal sent with the way to it, not an empty form", async () => {
    const sent = proposalViewOf({ id: "9d1f3c1e-8a53-4f4b-9a43-1b2c3d4e5f60", status: "enviada" });
    renderScreen(<AluguelPropostaScreen />, { path, user, api: { ...api, "GET /api/proposals": [sent] } });
    const already = await screen.findByTestId("proposal-already-sent");
    expect(already).toHaveTextContent("Você já enviou uma proposta para esta oferta");
    expect(within(already).getByRole("link", { name: "Ver a proposta enviada" })).toHaveAttribute(
      "href",
      `/PropostaEnviada?id=${sent.id}`,
    );
    expect(screen.queryByRole("button", { name: "Enviar proposta" })).not.toBeInTheDocument();
  });

  it("a second proposal refused links to the one in progress", async () => {
    const ref = "9d1f3c1e-8a53-4f4b-9a43-1b2c3d4e5f60";
    renderScreen(<AluguelPropostaScreen />, {
      path,
      user,
      api: {
        ...api,
        "POST /api/proposals": {
          status: 409,
          body: {
            code: "duplicate-proposal",
            message: "Você já tem uma proposta em andamento para esta oferta.",
            ref,
          },
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Enviar proposta" }));
    const refusal = await screen.findByRole("alert");
    expect(refusal).toHaveTextContent("Você já tem uma proposta em andamento para esta oferta.");
    expect(within(refusal).getByRole("link", { name: "Ver a proposta enviada" })).toHaveAttribute(
      "href",
      `/PropostaEnviada?id=${ref}`,
    );
  });

  it("offline, says so instead of spinning, keeps what was typed, and sends on the retry", async () => {
    expectConsoleError(/POST \/api\/proposals failed/);
    const created = proposalViewOf({ id: "9d1f3c1e-8a53-4f4b-9a43-1b2c3d4e5f60", status: "enviada" });
    renderScreen(<AluguelPropostaScreen />, {
      path,
      user,
      api: { ...api, "POST /api/proposals": created, [`GET /api/proposals/${created.id}`]: created },
    });
    const answered = globalThis.fetch;
    let offline = false;
    vi.stubGlobal("fetch", (input: RequestInfo | URL, init?: RequestInit) =>
      offline ? Promise.reject(new TypeError("Failed to fetch")) : answered(input, init),
    );
    try {
      const message = await screen.findByLabelText("Mensagem à parte locadora");
      await userEvent.type(message, "Moro perto.");
      offline = true;
      onlineManager.setOnline(false);
      await userEvent.click(screen.getByRole("button", { name: "Enviar proposta" }));
      expect(await screen.findByRole("alert")).toHaveTextContent(
        "Você está sem conexão e a proposta não foi enviada.",
      );
      expect(screen.getByLabelText("Mensagem à parte locadora")).toHaveValue("Moro perto.");
      offline = false;
      onlineManager.setOnline(true);
      await userEvent.click(screen.getByRole("button", { name: "Tentar de novo" }));
      await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/PropostaEnviada?id="));
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("makes the proposal in the name of the company chosen under 'Em nome de' (issue 34)", async () => {
    const alfa = companyViewOf();
    const created = proposalViewOf({ id: "9d1f3c1e-8a53-4f4b-9a43-1b2c3d4e5f60", status: "enviada" });
    const sent: unknown[] = [];
    renderScreen(<AluguelPropostaScreen />, {
      path,
      user,
      api: {
        ...api,
        "GET /api/companies": { empresas: [alfa] },
        "POST /api/proposals": (body: unknown) => {
          sent.push(body);
          return created;
        },
      },
    });
    const select = await screen.findByLabelText(ptBR.companies.actingAs, { selector: "input" });
    expect(select).toHaveValue(ptBR.companies.actingAsSelf);
    expect(screen.getByText(ptBR.companies.actingAsProposalHelp)).toBeInTheDocument();
    await userEvent.click(select);
    await userEvent.click(
      await screen.findByRole("option", { name: "Alfa Imóveis · 12.ABC.345/01DE-35", hidden: true }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Enviar proposta" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ ofertaId: OFFER_ID, empresaId: alfa.id });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent("/PropostaEnviada?id="));
  });

  it("asks nothing of someone with no company, and proposes in their own name", async () => {
    const created = proposalViewOf({ id: "9d1f3c1e-8a53-4f4b-9a43-1b2c3d4e5f60", status: "enviada" });
    const sent: unknown[] = [];
    renderScreen(<AluguelPropostaScreen />, {
      path,
      user,
      api: {
        ...api,
        "GET /api/companies": { empresas: [] },
        "POST /api/proposals": (body: unknown) => {
          sent.push(body);
          return created;
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Enviar proposta" }));
    expect(screen.queryByLabelText(ptBR.companies.actingAs, { selector: "input" })).not.toBeInTheDocument();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ empresaId: null });
  });
});
