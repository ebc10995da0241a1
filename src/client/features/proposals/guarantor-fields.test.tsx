import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderInApp } from "../../components/render-in-app";
import { ProposalActions } from "./actions";
import { proposalViewOf } from "./proposal-view.fixture";

/** The landlord asked for another guarantor: the tenant names one in a counter-offer. */
const naming = proposalViewOf({
  termos: { ...proposalViewOf().termos, garantia: "fiador", caucaoMeses: null },
  fiador: null,
});

describe("the guarantor's marital status and spouse", { timeout: 30_000 }, () => {
  it("asks for the spouse of a married guarantor, who must consent (CC art. 1.647, III)", async () => {
    renderInApp(<ProposalActions proposal={naming} />);
    await userEvent.click(screen.getByRole("button", { name: "Indicar nova pessoa fiadora" }));
    const fields = screen.getByTestId("guarantor-fields");
    expect(within(fields).queryByTestId("guarantor-spouse")).not.toBeInTheDocument();
    await userEvent.type(within(fields).getByLabelText(ptBR.proposal.guarantorName), "Antônio Gonçalves");
    await userEvent.type(within(fields).getByLabelText(ptBR.proposal.guarantorCpf), "529.982.247-25");
    await userEvent.type(
      within(fields).getByLabelText(ptBR.proposal.guarantorEmail),
      "antonio@exemplo.com.br",
    );
    await userEvent.type(within(fields).getByLabelText(ptBR.proposal.guarantorRelationship), "pai");
    // The select, as a keyboard user works it: open, down to "Casado ou casada" (the second), choose.
    const marital = within(fields).getByRole("combobox", { name: ptBR.proposal.guarantorMarital });
    marital.focus();
    await userEvent.keyboard("{ArrowDown}{ArrowDown}{Enter}");
    await waitFor(() => expect(marital).toHaveValue(ptBR.profile.marital.casado));
    const spouse = await screen.findByTestId("guarantor-spouse");
    expect(spouse).toHaveTextContent("anuência do cônjuge");
    await userEvent.click(screen.getByRole("button", { name: "Enviar nova pessoa fiadora" }));
    expect(await within(spouse).findByText(ptBR.errors["invalid-full-name"])).toBeInTheDocument();
    expect(within(spouse).getByLabelText(ptBR.proposal.spouseCpf)).toHaveAttribute("aria-invalid", "true");
  });

  it("asks the marital status of every guarantor", async () => {
    renderInApp(<ProposalActions proposal={naming} />);
    await userEvent.click(screen.getByRole("button", { name: "Indicar nova pessoa fiadora" }));
    await userEvent.click(screen.getByRole("button", { name: "Enviar nova pessoa fiadora" }));
    expect(await screen.findByText(ptBR.errors["invalid-marital-status"])).toBeInTheDocument();
  });
});

describe("the guarantor's address", { timeout: 30_000 }, () => {
  it("fills from the CEP, like every address form, and goes with the guarantor", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = String(input);
        const json = (status: number, body: unknown) =>
          new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
        if (url.endsWith("/api/cep/30140071"))
          return json(200, {
            cep: "30140071",
            logradouro: "Rua Pernambuco",
            bairro: "Savassi",
            cidade: "Belo Horizonte",
            uf: "MG",
          });
        if (init?.method === "POST") {
          sent.push(JSON.parse(String(init.body)));
          return json(200, naming);
        }
        return json(404, { code: "not-found", message: ptBR.errors["not-found"] });
      }),
    );
    renderInApp(<ProposalActions proposal={naming} />);
    await userEvent.click(screen.getByRole("button", { name: "Indicar nova pessoa fiadora" }));
    const fields = screen.getByTestId("guarantor-fields");
    await userEvent.type(within(fields).getByLabelText(ptBR.proposal.guarantorName), "Antônio Gonçalves");
    await userEvent.type(within(fields).getByLabelText(ptBR.proposal.guarantorCpf), "529.982.247-25");
    await userEvent.type(
      within(fields).getByLabelText(ptBR.proposal.guarantorEmail),
      "antonio@exemplo.com.br",
    );
    await userEvent.type(within(fields).getByLabelText(ptBR.proposal.guarantorRelationship), "pai");
    const marital = within(fields).getByRole("combobox", { name: ptBR.proposal.guarantorMarital });
    marital.focus();
    await userEvent.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(marital).toHaveValue(ptBR.profile.marital.solteiro));

    const address = within(fields).getByTestId("guarantor-address");
    const f = ptBR.units.fields;
    await userEvent.type(within(address).getByRole("textbox", { name: f.cep }), "30140-071");
    await waitFor(() =>
      expect(within(address).getByRole("textbox", { name: f.logradouro })).toHaveValue("Rua Pernambuco"),
    );
    expect(within(address).getByRole("textbox", { name: f.cidade })).toHaveValue("Belo Horizonte");
    expect(within(address).getByRole("textbox", { name: f.bairro })).toHaveValue("Savassi");
    await userEvent.type(within(address).getByRole("textbox", { name: f.numero }), "550");
    await userEvent.click(screen.getByRole("button", { name: "Enviar nova pessoa fiadora" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      fiador: {
        nome: "Antônio Gonçalves",
        endereco: {
          cep: "30140071",
          logradouro: "Rua Pernambuco",
          numero: "550",
          cidade: "Belo Horizonte",
          uf: "MG",
        },
      },
    });
  });
});

describe("the guarantor's qualification in the lease", { timeout: 30_000 }, () => {
  it("sends nacionalidade, profissão, RG with its issuer and how the contract refers to the guarantor", async () => {
    const sent: unknown[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        if (init?.method === "POST") sent.push(JSON.parse(String(init.body)));
        return new Response(JSON.stringify(naming), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    renderInApp(<ProposalActions proposal={naming} />);
    await userEvent.click(screen.getByRole("button", { name: "Indicar nova pessoa fiadora" }));
    const fields = screen.getByTestId("guarantor-fields");
    const type = (label: string, text: string) => userEvent.type(within(fields).getByLabelText(label), text);
    await type(ptBR.proposal.guarantorName, "Antônio Gonçalves");
    await type(ptBR.proposal.guarantorCpf, "529.982.247-25");
    await type(ptBR.proposal.guarantorEmail, "antonio@exemplo.com.br");
    await type(ptBR.proposal.guarantorRelationship, "pai");
    await type(ptBR.profile.fields.nacionalidade, "brasileiro");
    await type(ptBR.profile.fields.profissao, "engenheiro");
    await type(ptBR.profile.fields.rg, "11.222.333-4");
    await type(ptBR.profile.fields.rgOrgaoEmissor, "SSP/MG");
    const marital = within(fields).getByRole("combobox", { name: ptBR.proposal.guarantorMarital });
    marital.focus();
    await userEvent.keyboard("{ArrowDown}{Enter}");
    await waitFor(() => expect(marital).toHaveValue(ptBR.profile.marital.solteiro));
    const gender = within(fields).getByRole("combobox", { name: ptBR.proposal.guarantorGender });
    expect(gender).toHaveValue(ptBR.proposal.guarantorGenderOption.nao_informado);
    gender.focus();
    // Feminino, masculino, não informado: up from the chosen one to "masculino".
    await userEvent.keyboard("{ArrowDown}{ArrowUp}{Enter}");
    await waitFor(() => expect(gender).toHaveValue(ptBR.proposal.guarantorGenderOption.masculino));
    await userEvent.click(screen.getByRole("button", { name: "Enviar nova pessoa fiadora" }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      fiador: {
        nome: "Antônio Gonçalves",
        genero: "masculino",
        nacionalidade: "brasileiro",
        profissao: "engenheiro",
        rg: "11.222.333-4",
        rgOrgaoEmissor: "SSP/MG",
      },
    });
  });
});
