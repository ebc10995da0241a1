import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { UnitView } from "../../../shared/contracts/listings";
import ptBR from "../../../shared/locales/pt-BR.json";
import { stubCepLookup } from "../../components/cep.fixture";
import { companyViewOf } from "../../components/company.fixture";
import { renderInApp } from "../../components/render-in-app";
import { StorageError } from "../../lib/storage";
import { UnitForm } from "./unit-form";

// Uploads the test finishes, one by one, in any order (the real ones go through tus).
const started = vi.hoisted(
  () => [] as { name: string; resolve: (id: string) => void; reject: (e: unknown) => void }[],
);
vi.mock("../../lib/storage", async (original) => {
  const real = await original<typeof import("../../lib/storage")>();
  let n = 0;
  return {
    ...real,
    dismissUpload: () => undefined,
    uploadFile: (file: File) => {
      let resolve!: (id: string) => void;
      let reject!: (e: unknown) => void;
      const done = new Promise<{ id: string }>((ok, no) => {
        resolve = (id) => ok({ id });
        reject = no;
      });
      started.push({ name: file.name, resolve, reject });
      return { id: `task-${++n}`, done };
    },
  };
});
vi.mock("../../components/upload-progress", async (original) => ({
  ...(await original<typeof import("../../components/upload-progress")>()),
  UploadProgress: ({ task }: { task: { id: string } }) => <div data-testid="upload-progress">{task.id}</div>,
}));
// The photos themselves: their document ids, in the order the form shows them.
vi.mock("./unit-photo", () => ({
  UnitPhoto: ({ id }: { id: string }) => <span data-testid="photo">{id}</span>,
}));

const errors = ptBR.errors;

beforeEach(() => {
  stubCepLookup();
  started.length = 0;
});

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
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ cep: "01310100", numero: "1000", cidade: "São Paulo", uf: "SP" }),
    );
    expect(within(document.body).queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("UnitForm's inventory (issue 27)", { timeout: 30_000 }, () => {
  const inventory = () => screen.queryByRole("textbox", { name: ptBR.units.fields.inventario });

  it("asks for the furniture only of a furnished unit, says it goes into the lease, and sends it", async () => {
    const onSave = renderForm();
    expect(inventory()).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole("checkbox", { name: ptBR.units.fields.mobiliado }));
    expect(inventory()).toBeInTheDocument();
    expect(screen.getByText(ptBR.units.inventarioHelp)).toBeInTheDocument();
    await userEvent.type(inventory() as HTMLElement, "Sofá, geladeira e fogão");

    await userEvent.type(field(ptBR.units.fields.cep), "01310-100");
    await userEvent.type(field(ptBR.units.fields.cidade), "São Paulo");
    await userEvent.type(field(ptBR.units.fields.logradouro), "Avenida Paulista");
    await userEvent.type(field(ptBR.units.fields.numero), "1000");
    await userEvent.type(field(ptBR.units.fields.bairro), "Bela Vista");
    await userEvent.click(screen.getByRole("button", { name: ptBR.units.save }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(
      expect.objectContaining({ mobiliado: true, inventario: "Sofá, geladeira e fogão" }),
    );

    await userEvent.click(screen.getByRole("checkbox", { name: ptBR.units.fields.mobiliado }));
    expect(inventory()).not.toBeInTheDocument();
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

describe("UnitForm's uploads (issue 29)", { timeout: 30_000 }, () => {
  const files = (...names: string[]) => names.map((n) => new File(["x"], n, { type: "image/jpeg" }));
  const photoInput = () => document.querySelector<HTMLInputElement>("input[type=file]") as HTMLInputElement;
  const shown = () => screen.getAllByTestId("photo").map((p) => p.textContent);

  it("keeps the photos in the order chosen, whatever order their uploads finish in", async () => {
    renderForm();
    await userEvent.upload(photoInput(), files("capa.jpg", "sala.jpg", "quarto.jpg"));
    expect(started.map((u) => u.name)).toEqual(["capa.jpg", "sala.jpg", "quarto.jpg"]);
    // The small last one first, then the cover, then the middle one.
    started[2]?.resolve("quarto");
    await waitFor(() => expect(shown()).toEqual(["quarto"]));
    started[0]?.resolve("capa");
    await waitFor(() => expect(shown()).toEqual(["capa", "quarto"]));
    started[1]?.resolve("sala");
    await waitFor(() => expect(shown()).toEqual(["capa", "sala", "quarto"]));
    // The cover is the first chosen.
    expect(screen.getByText(ptBR.units.cover)).toBeInTheDocument();
    expect(screen.getAllByRole("button", { name: new RegExp(ptBR.units.makeCover) })).toHaveLength(2);
  });

  it("says which photo failed where the photos are, announced and scrolled into view", async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    renderForm();
    await userEvent.upload(photoInput(), files("planta.jpg"));
    started[0]?.reject(new StorageError("invalid-format", 415, "O formato do arquivo não é aceito."));
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent("Não foi possível enviar planta.jpg: O formato do arquivo não é aceito.");
    // In the photos' card, not at the foot of the form below "Sobre o imóvel".
    expect(alert.closest("[data-testid=unit-photos-card]")).not.toBeNull();
    expect(scrolled).toHaveBeenCalled();
    expect(scrolled.mock.contexts[0]).toBe(alert);
  });
});

describe("UnitForm's company (issue 34)", { timeout: 30_000 }, () => {
  const alfa = companyViewOf();
  const actingAs = () => screen.queryByLabelText(ptBR.companies.actingAs, { selector: "input" });

  async function fillAddress() {
    await userEvent.type(field(ptBR.units.fields.cep), "01310-100");
    await userEvent.type(field(ptBR.units.fields.cidade), "São Paulo");
    await userEvent.type(field(ptBR.units.fields.logradouro), "Avenida Paulista");
    await userEvent.type(field(ptBR.units.fields.numero), "1000");
    await userEvent.type(field(ptBR.units.fields.bairro), "Bela Vista");
  }

  it("asks nothing of someone with no company, and lets the unit in their own name", async () => {
    const onSave = renderForm();
    expect(actingAs()).not.toBeInTheDocument();
    await fillAddress();
    await userEvent.click(screen.getByRole("button", { name: ptBR.units.save }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ empresaId: null }));
  });

  it("lets the unit in the name of the company chosen under 'Em nome de'", async () => {
    const onSave = vi.fn(async () => undefined);
    renderInApp(<UnitForm userId="u1" companies={[alfa]} onSave={onSave} />);
    const select = actingAs() as HTMLInputElement;
    expect(select).toHaveValue(ptBR.companies.actingAsSelf);
    await userEvent.click(select);
    await userEvent.click(
      await screen.findByRole("option", { name: "Alfa Imóveis · 12.ABC.345/01DE-35", hidden: true }),
    );
    await fillAddress();
    await userEvent.click(screen.getByRole("button", { name: ptBR.units.save }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ empresaId: alfa.id, cep: "01310100" }));
  });

  it("keeps a unit's company when it is edited, and goes back to one's own name on request", async () => {
    const onSave = vi.fn(async () => undefined);
    const unit = {
      id: "u1",
      empresaId: alfa.id,
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
      inventario: "",
      descricao: "",
      matricula: "",
      fotos: [],
      ofertas: [],
      createdAt: "2026-01-01T00:00:00.000Z",
      updatedAt: "2026-01-01T00:00:00.000Z",
    } as unknown as UnitView;
    renderInApp(<UnitForm initial={unit} userId="u1" companies={[alfa]} onSave={onSave} />);
    const select = actingAs() as HTMLInputElement;
    expect(select).toHaveValue("Alfa Imóveis · 12.ABC.345/01DE-35");
    await userEvent.click(select);
    await userEvent.click(
      await screen.findByRole("option", { name: ptBR.companies.actingAsSelf, hidden: true }),
    );
    await userEvent.click(screen.getByRole("button", { name: ptBR.units.save }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ empresaId: null }));
  });
});
