import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { UnitView } from "../../../shared/contracts/listings";
import ptBR from "../../../shared/locales/pt-BR.json";
import { stubCepLookup } from "../../components/cep.fixture";
import { renderInApp } from "../../components/render-in-app";
import { UnitForm } from "./unit-form";

const errors = ptBR.errors;

beforeEach(() => stubCepLookup());

function renderForm(onSave = vi.fn(async () => undefined)) {
  renderInApp(<UnitForm userId="u1" onSave={onSave} />);
  return onSave;
}

const field = (label: string) => screen.getByRole("textbox", { name: label });

// A whole form in jsdom is slow on a busy machine; these wait for its checks, not for a server.
describe("UnitForm", { timeout: 30_000 }, () => {
  it("says under each address field what is wrong, and saves nothing", async () => {
    const onSave = renderForm();
    await userEvent.click(screen.getByRole("button", { name: ptBR.units.save }));
    expect(await screen.findByText(errors["invalid-cep"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-street"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-number"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-bairro"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-city"])).toBeInTheDocument();
    expect(field(ptBR.units.fields.cep)).toHaveAttribute("aria-invalid", "true");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("refuses a CEP that is not 8 digits and a house number that is not one", async () => {
    renderForm();
    await userEvent.type(field(ptBR.units.fields.cep), "0131");
    await userEvent.type(field(ptBR.units.fields.numero), "abc");
    await userEvent.click(screen.getByRole("button", { name: ptBR.units.save }));
    expect(await screen.findByText(errors["invalid-cep"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-number"])).toBeInTheDocument();
  });

  it("saves a complete unit with its CEP as digits", async () => {
    const onSave = renderForm();
    await userEvent.type(field(ptBR.units.fields.cep), "01310-100");
    await userEvent.type(field(ptBR.units.fields.cidade), "São Paulo");
    await userEvent.type(field(ptBR.units.fields.logradouro), "Avenida Paulista");
    await userEvent.type(field(ptBR.units.fields.numero), "1000");
    await userEvent.type(field(ptBR.units.fields.bairro), "Bela Vista");
    await userEvent.click(screen.getByRole("button", { name: ptBR.units.save }));
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ cep: "01310100", numero: "1000", cidade: "São Paulo", uf: "SP" }),
    );
    expect(within(document.body).queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("UnitForm's photos", { timeout: 30_000 }, () => {
  it("offers to remove a photo, not to take one", async () => {
    const unit = {
      id: "u1",
      tipo: "apartamento",
      cep: "01310100",
      logradouro: "Avenida Paulista",
      numero: "1000",
      complemento: "",
      bairro: "Bela Vista",
      cidade: "São Paulo",
      uf: "SP",
      areaM2: 68,
      quartos: 2,
      banheiros: 1,
      vagas: 0,
      mobiliado: false,
      aceitaPets: false,
      descricao: "",
      matricula: "",
      fotos: ["f1", "f2"],
      ofertas: [],
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    } as unknown as UnitView;
    renderInApp(<UnitForm initial={unit} userId="u1" onSave={vi.fn(async () => undefined)} />);
    await userEvent.click(screen.getByRole("button", { name: "Remover foto 2" }));
    expect(screen.queryByRole("button", { name: "Remover foto 2" })).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Remover foto 1" })).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Tirar foto/ })).not.toBeInTheDocument();
  });
});
