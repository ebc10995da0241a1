import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { ProfileView } from "../../../shared/contracts/profile";
import type { StoredDocument, UploadMetadata } from "../../../shared/contracts/storage";
import ptBR from "../../../shared/locales/pt-BR.json";
import { type FakeApi, renderScreen } from "../../app/testing";
import { companyViewOf } from "../../components/company.fixture";
import { completeProfileOf } from "../../features/profile/profile-view.fixture";
import { EmpresasScreen } from "./empresas-screen";

/*
 * Issue 34: /Empresas, the companies one rents or lets in the name of, as a person uses it.
 */

const DOC = "d0c00000-0000-4000-8000-000000000099";
const user = { id: "u1", name: "Marta Souza", email: "marta@example.com" };
const c = ptBR.companies;

// The power document goes up as any document does; here it arrives at once, with no network.
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
      const doc = {
        id: DOC,
        ownerId: "u1",
        kind: meta.kind,
        folder: meta.folder,
        fileName: meta.filename,
        contentType: "application/pdf",
        size: file.size,
        sha256: "x",
        customMetadata: {},
        createdAt: "2026-08-01T13:00:00Z",
      } as unknown as StoredDocument;
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

const inUse = companyViewOf({
  id: "c0a1b2c3-0000-4000-8000-000000000002",
  razaoSocial: "Beta Participações S/A",
  nomeFantasia: null,
  cnpj: "11222333000181",
  endereco: { ...companyViewOf().endereco, cidade: "Belo Horizonte", uf: "MG" },
  emUso: true,
});

function render(api: FakeApi, path = "/Empresas") {
  return renderScreen(<EmpresasScreen />, {
    path,
    user,
    api: { "GET /api/profile": completeProfileOf(), ...api },
  });
}

const posts = (fetch: ReturnType<typeof render>["fetch"], path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url) === path && init?.method === "POST");

describe("/Empresas", { timeout: 30_000 }, () => {
  it("lists one's companies: name, trade name, CNPJ formatted, head office, and which are in use", async () => {
    render({ "GET /api/companies": { empresas: [companyViewOf(), inUse] } });
    const cards = await screen.findAllByTestId("company-card");
    expect(cards).toHaveLength(2);
    const [alfa, beta] = cards as [HTMLElement, HTMLElement];
    expect(alfa).toHaveTextContent("Alfa Comércio de Imóveis Ltda.");
    expect(alfa).toHaveTextContent("Alfa Imóveis");
    expect(within(alfa).getByTestId("company-cnpj")).toHaveTextContent("CNPJ 12.ABC.345/01DE-35");
    expect(alfa).toHaveTextContent("Sede: São Paulo/SP");
    expect(within(alfa).queryByText(c.inUse)).not.toBeInTheDocument();
    expect(within(alfa).getByRole("button", { name: c.delete })).toBeEnabled();

    expect(within(beta).getByTestId("company-cnpj")).toHaveTextContent("CNPJ 11.222.333/0001-81");
    expect(beta).toHaveTextContent("Sede: Belo Horizonte/MG");
    expect(within(beta).getByText(c.inUse)).toBeInTheDocument();
    // Not deleted, and why said where a phone shows it (no tooltip).
    const blocked = within(beta).getByRole("button", { name: c.delete });
    expect(blocked).toBeDisabled();
    expect(blocked).toHaveAccessibleDescription(c.deleteBlocked);
    expect(screen.getByText(c.lead)).toBeInTheDocument();
  });

  it("registers a company: an alphanumeric CNPJ typed in lower case goes as its 14 characters in upper case", async () => {
    uploads.metas.length = 0;
    const created = vi.fn((body: unknown) => ({
      status: 201,
      body: { ...companyViewOf(), ...(body as object) },
    }));
    const { fetch } = render({ "GET /api/companies": { empresas: [] }, "POST /api/companies": created });
    expect(await screen.findByText(c.empty)).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: c.new }));
    expect(screen.getByTestId("location")).toHaveTextContent("/Empresas?empresa=nova");

    const box = (label: string) => screen.getByRole("textbox", { name: label });
    await userEvent.type(
      await screen.findByRole("textbox", { name: c.fields.razaoSocial }),
      "Alfa Comércio Ltda.",
    );
    await userEvent.type(box(c.fields.nomeFantasia), "Alfa");
    const cnpj = box(c.fields.cnpj);
    await userEvent.type(cnpj, "12.abc.345/01de-35");
    // Upper case as it is typed.
    expect(cnpj).toHaveValue("12.ABC.345/01DE-35");
    await userEvent.type(box(ptBR.units.fields.cep), "01310-100");
    await userEvent.type(box(ptBR.units.fields.cidade), "São Paulo");
    await userEvent.type(box(ptBR.units.fields.logradouro), "Avenida Paulista");
    await userEvent.type(box(ptBR.units.fields.numero), "1000");
    await userEvent.type(box(ptBR.units.fields.bairro), "Bela Vista");
    await userEvent.type(box(c.fields.cargo), "Sócia-administradora");
    await userEvent.click(screen.getByLabelText(c.fields.instrumento, { selector: "input" }));
    await userEvent.click(
      await screen.findByRole("option", { name: c.instruments.procuracao, hidden: true }),
    );

    // Saving without the power document says what is missing, and sends nothing.
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    expect(await screen.findByTestId("power-document-error")).toHaveTextContent(c.documentRequired);
    expect(posts(fetch, "/api/companies")).toHaveLength(0);

    const doc = screen.getByTestId("power-document");
    const input = doc.querySelector<HTMLInputElement>("input[type=file]");
    if (!input) throw new Error("no file input for the power document");
    await userEvent.upload(input, new File(["%PDF-1.7"], "procuracao-alfa.pdf", { type: "application/pdf" }));
    expect(await within(doc).findByText("Enviado: procuracao-alfa.pdf")).toBeInTheDocument();
    expect(uploads.metas).toEqual([{ filename: "procuracao-alfa.pdf", kind: "outro", folder: "empresas" }]);
    expect(screen.queryByTestId("power-document-error")).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole("button", { name: c.save }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(created.mock.calls[0]?.[0]).toEqual({
      razaoSocial: "Alfa Comércio Ltda.",
      nomeFantasia: "Alfa",
      cnpj: "12ABC34501DE35",
      endereco: {
        cep: "01310100",
        logradouro: "Avenida Paulista",
        numero: "1000",
        complemento: "",
        bairro: "Bela Vista",
        cidade: "São Paulo",
        uf: "SP",
      },
      cargo: "Sócia-administradora",
      instrumento: "procuracao",
      documentoId: DOC,
    });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/Empresas$/));
  });

  it("says an invalid CNPJ in Portuguese when the field is left, and sends nothing", async () => {
    const { fetch } = render({ "GET /api/companies": { empresas: [] } }, "/Empresas?empresa=nova");
    const cnpj = await screen.findByRole("textbox", { name: c.fields.cnpj });
    await userEvent.type(cnpj, "11.222.333/0001-00");
    await userEvent.tab();
    expect(await screen.findByText(ptBR.errors["invalid-cnpj"])).toBeInTheDocument();
    expect(cnpj).toHaveAttribute("aria-invalid", "true");
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    expect(screen.getByText(ptBR.errors["invalid-cnpj"])).toBeInTheDocument();
    expect(posts(fetch, "/api/companies")).toHaveLength(0);
  });

  it("says why a company cannot be deleted when something came to be in its name", async () => {
    let deleted = 0;
    render({
      "GET /api/companies": { empresas: [companyViewOf()] },
      "DELETE /api/companies/c0a1b2c3-0000-4000-8000-000000000001": () => {
        deleted += 1;
        return { status: 409, body: { code: "company-in-use", message: ptBR.errors["company-in-use"] } };
      },
    });
    const card = await screen.findByTestId("company-card");
    await userEvent.click(within(card).getByRole("button", { name: c.delete }));
    // Asked first.
    const dialog = await screen.findByRole("dialog", { name: c.deleteTitle });
    expect(dialog).toHaveTextContent("Alfa Comércio de Imóveis Ltda. (12.ABC.345/01DE-35)");
    expect(deleted).toBe(0);
    await userEvent.click(within(dialog).getByRole("button", { name: c.delete }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ptBR.errors["company-in-use"]);
    expect(deleted).toBe(1);
  });

  it("tells someone whose profile is incomplete to complete it first, with the way there and back", async () => {
    const incomplete: ProfileView = { ...completeProfileOf(), address: null, complete: false };
    render({ "GET /api/profile": incomplete, "GET /api/companies": { empresas: [] } });
    const needed = await screen.findByTestId("profile-needed");
    expect(needed).toHaveTextContent(c.profileNeeded);
    expect(within(needed).getByRole("link", { name: c.completeProfile })).toHaveAttribute(
      "href",
      "/profile2?next=%2FEmpresas",
    );
  });

  it("says the server's 409 profile-incomplete at the foot of the form, with a link to /profile", async () => {
    render(
      {
        "GET /api/companies": { empresas: [companyViewOf()] },
        "PUT /api/companies/c0a1b2c3-0000-4000-8000-000000000001": {
          status: 409,
          body: { code: "profile-incomplete", message: ptBR.errors["profile-incomplete"] },
        },
      },
      "/Empresas?empresa=c0a1b2c3-0000-4000-8000-000000000001",
    );
    expect(await screen.findByRole("textbox", { name: c.fields.cnpj })).toHaveValue("12.ABC.345/01DE-35");
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    const problem = await screen.findByTestId("company-problem");
    expect(problem).toHaveTextContent(ptBR.errors["profile-incomplete"]);
    expect(within(problem).getByRole("link", { name: c.completeProfile })).toHaveAttribute(
      "href",
      "/profile?next=%2FEmpresas",
    );
  });
});
