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
        // The first upload of a test is DOC, the next ones DOC2, DOC3...
        id: uploads.metas.length === 1 ? DOC : `${DOC.slice(0, -1)}${uploads.metas.length}`,
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

const DOC2 = "d0c00000-0000-4000-8000-000000000092";
const o = c.others;

/** Two more people who sign for the company, as GET /api/companies shows them. */
const withOthers = companyViewOf({
  outrosRepresentantes: [
    {
      nome: "Rita de Cássia Lima",
      cpf: "39053344705",
      email: "rita@example.com",
      genero: "feminino",
      nacionalidade: "brasileira",
      estadoCivil: "casado",
      profissao: "administradora",
      rg: "12.345.678-9",
      rgOrgaoEmissor: "SSP/SP",
      cargo: "diretora financeira",
      instrumento: "ata",
      documentoId: "d0c00000-0000-4000-8000-000000000035",
    },
    // Only what is required: the optional qualification was not given.
    {
      nome: "João Pedro Araújo",
      cpf: "24681357928",
      email: "joao@example.com",
      cargo: "diretor",
      instrumento: "estatuto_social",
      documentoId: "d0c00000-0000-4000-8000-000000000036",
    },
  ],
});

const box = (label: string, where: HTMLElement = document.body) =>
  within(where).getByRole("textbox", { name: label });

/**
 * Picks an option of a Mantine select by its label, within `where`; the option is looked for in that
 * select's own list (another select's list, closed, may still be in the page with the same words).
 */
async function choose(label: string, option: string, where: HTMLElement = document.body) {
  const input = within(where).getByLabelText(label, { selector: "input" });
  await userEvent.click(input);
  const list = await waitFor(() => {
    const found = document.getElementById(input.getAttribute("aria-controls") ?? "");
    if (!found) throw new Error(`no list for ${label}`);
    return found;
  });
  await userEvent.click(within(list).getByRole("option", { name: option, hidden: true }));
}

/** Uploads a PDF through the block `testId` inside `where` (the upload fakes above take it at once). */
async function uploadInto(where: HTMLElement, testId: string, name: string) {
  const block = within(where).getByTestId(testId);
  const input = block.querySelector<HTMLInputElement>("input[type=file]");
  if (!input) throw new Error(`no file input in ${testId}`);
  await userEvent.upload(input, new File(["%PDF-1.7"], name, { type: "application/pdf" }));
  expect(await within(block).findByText(`Enviado: ${name}`)).toBeInTheDocument();
}

/** A new company's own fields and the account holder's power, with its document. */
async function fillCompany() {
  await userEvent.type(
    await screen.findByRole("textbox", { name: c.fields.razaoSocial }),
    "Alfa Comércio Ltda.",
  );
  await userEvent.type(box(c.fields.cnpj), "11.222.333/0001-81");
  await userEvent.type(box(ptBR.units.fields.cep), "01310-100");
  await userEvent.type(box(ptBR.units.fields.cidade), "São Paulo");
  await userEvent.type(box(ptBR.units.fields.logradouro), "Avenida Paulista");
  await userEvent.type(box(ptBR.units.fields.numero), "1000");
  await userEvent.type(box(ptBR.units.fields.bairro), "Bela Vista");
  await userEvent.type(box(c.fields.cargo), "Sócia-administradora");
  await choose(c.fields.instrumento, c.instruments.contrato_social, screen.getByTestId("power-card"));
  await uploadInto(document.body, "power-document", "contrato-social.pdf");
}

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
      // No Pix key of its own: sent empty, and its rents go to the profile's key.
      chavePix: "",
      // Nobody else signs: the shared contract's default, said.
      outrosRepresentantes: [],
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
  it("names on the card who else signs for a company", async () => {
    render({ "GET /api/companies": { empresas: [withOthers, inUse] } });
    const [alfa, beta] = (await screen.findAllByTestId("company-card")) as [HTMLElement, HTMLElement];
    expect(within(alfa).getByTestId("company-also-sign")).toHaveTextContent(
      "Assinam também: Rita de Cássia Lima, João Pedro Araújo",
    );
    // Nobody else signs for this one: nothing said.
    expect(within(beta).queryByTestId("company-also-sign")).not.toBeInTheDocument();
  });

  it("takes two more people at most, and says why it takes no third", async () => {
    render({ "GET /api/companies": { empresas: [] } }, "/Empresas?empresa=nova");
    const section = await screen.findByTestId("other-representatives");
    expect(section).toHaveTextContent(o.title);
    expect(section).toHaveTextContent(o.lead);
    expect(within(section).queryByTestId("other-representative")).not.toBeInTheDocument();
    const add = within(section).getByRole("button", { name: o.add });
    expect(add).not.toHaveAttribute("aria-describedby");
    await userEvent.click(add);
    await userEvent.click(add);
    expect(within(section).getAllByTestId("other-representative")).toHaveLength(2);
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(
      "Além de você, até 2 pessoas podem assinar pela empresa: remova uma para incluir outra.",
    );
    await userEvent.type(
      box(o.fields.nome, within(section).getAllByTestId("other-representative")[1] as HTMLElement),
      "João Pedro Araújo",
    );
    await userEvent.click(within(section).getByRole("button", { name: "Remover a pessoa 1" }));
    // The one left is the second, now the first.
    const [left] = within(section).getAllByTestId("other-representative") as [HTMLElement];
    expect(within(section).getAllByTestId("other-representative")).toHaveLength(1);
    expect(left).toHaveAccessibleName("Pessoa 1");
    expect(box(o.fields.nome, left)).toHaveValue("João Pedro Araújo");
    expect(add).toBeEnabled();
  });

  // Typing a whole company and a person is slow in jsdom on a loaded machine.
  it("registers a company with someone who signs with the account holder: qualification, power and document go in the POST", {
    timeout: 90_000,
  }, async () => {
    uploads.metas.length = 0;
    const refusal = ptBR.errors["representative-is-holder"];
    const created = vi.fn((body: unknown) =>
      created.mock.calls.length === 1
        ? {
            status: 400,
            body: {
              code: "representative-is-holder",
              message: refusal,
              issues: [{ path: "outrosRepresentantes.0.email", message: refusal }],
            },
          }
        : { status: 201, body: { ...companyViewOf(), ...(body as object) } },
    );
    const { fetch } = render(
      { "GET /api/companies": { empresas: [] }, "POST /api/companies": created },
      "/Empresas?empresa=nova",
    );
    await fillCompany();
    const section = screen.getByTestId("other-representatives");
    await userEvent.click(within(section).getByRole("button", { name: o.add }));

    const person = within(section).getByTestId("other-representative");
    expect(person).toHaveAccessibleName("Pessoa 1");
    await userEvent.type(box(o.fields.nome, person), "Rita de Cássia Lima");
    await userEvent.type(box(o.fields.cpf, person), "390.533.447-05");
    await userEvent.type(box(o.fields.email, person), "Marta@Example.com");
    await choose(o.fields.genero, o.genderOption.feminino, person);
    // Her marital status in her words, once her gender is said.
    await choose(o.fields.estadoCivil, "Casada", person);
    await userEvent.type(box(o.fields.nacionalidade, person), "brasileira");
    await userEvent.type(box(o.fields.profissao, person), "administradora");
    await userEvent.type(box(o.fields.rg, person), "12.345.678-9");
    await userEvent.type(box(o.fields.rgOrgaoEmissor, person), "SSP/SP");
    await userEvent.type(box(o.fields.cargo, person), "Diretora financeira");
    // The instruments read as the account holder's do.
    await choose(o.fields.instrumento, c.instruments.ata, person);

    // Her power document is required too: said under it, and nothing is sent.
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    expect(await within(person).findByTestId("representative-document-error")).toHaveTextContent(
      o.documentRequired,
    );
    expect(posts(fetch, "/api/companies")).toHaveLength(0);
    await uploadInto(person, "representative-document", "ata-eleicao.pdf");
    expect(uploads.metas[1]).toEqual({ filename: "ata-eleicao.pdf", kind: "outro", folder: "empresas" });
    expect(within(person).queryByTestId("representative-document-error")).not.toBeInTheDocument();

    // The server refuses her e-mail (the account's own): said under her e-mail field.
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    const email = box(o.fields.email, person);
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(box(o.fields.nome, person)).not.toHaveAttribute("aria-invalid", "true");

    await userEvent.clear(email);
    await userEvent.type(email, "Rita.Lima@Example.com");
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(2));
    const body = created.mock.calls[1]?.[0] as Record<string, unknown>;
    expect(body).toMatchObject({ cnpj: "11222333000181", documentoId: DOC, instrumento: "contrato_social" });
    expect(body.outrosRepresentantes).toEqual([
      {
        nome: "Rita de Cássia Lima",
        cpf: "39053344705",
        email: "rita.lima@example.com",
        genero: "feminino",
        nacionalidade: "brasileira",
        estadoCivil: "casado",
        profissao: "administradora",
        rg: "12.345.678-9",
        rgOrgaoEmissor: "SSP/SP",
        cargo: "Diretora financeira",
        instrumento: "ata",
        documentoId: DOC2,
      },
    ]);
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/Empresas$/));
  });

  it("says an invalid CPF of another representative under the field, and sends nothing", async () => {
    const { fetch } = render({ "GET /api/companies": { empresas: [] } }, "/Empresas?empresa=nova");
    await userEvent.click(await screen.findByRole("button", { name: o.add }));
    const person = screen.getByTestId("other-representative");
    const cpf = box(o.fields.cpf, person);
    expect(cpf).toHaveAttribute("placeholder", "000.000.000-00");
    await userEvent.type(cpf, "390.533.447-00");
    await userEvent.tab();
    await waitFor(() => expect(cpf).toHaveAttribute("aria-invalid", "true"));
    expect(cpf).toHaveAccessibleDescription(ptBR.errors["invalid-cpf"]);
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    expect(posts(fetch, "/api/companies")).toHaveLength(0);
  });

  it("keeps the other representatives of a company being edited in the PUT", async () => {
    const saved = vi.fn((body: unknown) => ({ ...withOthers, ...(body as object) }));
    render(
      {
        "GET /api/companies": { empresas: [withOthers] },
        "PUT /api/companies/c0a1b2c3-0000-4000-8000-000000000001": saved,
      },
      "/Empresas?empresa=c0a1b2c3-0000-4000-8000-000000000001",
    );
    const section = await screen.findByTestId("other-representatives");
    const [rita, joao] = within(section).getAllByTestId("other-representative") as [HTMLElement, HTMLElement];
    expect(box(o.fields.nome, rita)).toHaveValue("Rita de Cássia Lima");
    expect(box(o.fields.cpf, rita)).toHaveValue("390.533.447-05");
    expect(within(rita).getByLabelText(o.fields.estadoCivil, { selector: "input" })).toHaveValue("Casada");
    expect(within(rita).getByTestId("representative-document-status")).toHaveTextContent(c.documentKept);
    expect(box(o.fields.cpf, joao)).toHaveValue("246.813.579-28");
    expect(box(o.fields.nacionalidade, joao)).toHaveValue("");
    // Two already: no third.
    expect(within(section).getByRole("button", { name: o.add })).toBeDisabled();

    await userEvent.clear(box(c.fields.cargo));
    await userEvent.type(box(c.fields.cargo), "Diretora-presidente");
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const body = saved.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(body.cargo).toBe("Diretora-presidente");
    expect(body.outrosRepresentantes).toEqual(withOthers.outrosRepresentantes);
    // It had no Pix key (null): the field was empty, and stays so.
    expect(body.chavePix).toBe("");
  });

  it("shows a company's Pix key on its card, and says nothing of one it has not", async () => {
    render({
      "GET /api/companies": { empresas: [companyViewOf({ chavePix: "financeiro@alfa.com.br" }), inUse] },
    });
    const [alfa, beta] = (await screen.findAllByTestId("company-card")) as [HTMLElement, HTMLElement];
    expect(within(alfa).getByTestId("company-pix")).toHaveTextContent("Chave Pix: financeiro@alfa.com.br");
    expect(within(beta).queryByTestId("company-pix")).not.toBeInTheDocument();
  });

  it("registers a company with its Pix key: an invalid key is said in Portuguese and nothing is sent; a valid one goes canonical", {
    timeout: 90_000,
  }, async () => {
    uploads.metas.length = 0;
    const created = vi.fn((body: unknown) => ({
      status: 201,
      body: { ...companyViewOf(), ...(body as object) },
    }));
    const { fetch } = render(
      { "GET /api/companies": { empresas: [] }, "POST /api/companies": created },
      "/Empresas?empresa=nova",
    );
    await fillCompany();
    const pix = box(c.fields.chavePix);
    expect(c.fields.chavePix).toBe("Chave Pix da empresa (opcional)");
    expect(pix).toHaveAccessibleDescription(c.chavePixHelp);
    expect(c.chavePixHelp).toBe(
      "O aluguel dos imóveis em nome da empresa é pago nesta chave (CNPJ, e-mail, telefone ou chave aleatória). Sem ela, usamos a chave Pix do seu perfil.",
    );

    // A CNPJ whose check digits are wrong is no key: said under the field when it is left.
    await userEvent.type(pix, "11.222.333/0001-00");
    await userEvent.tab();
    await waitFor(() => expect(pix).toHaveAttribute("aria-invalid", "true"));
    expect(pix).toHaveAccessibleDescription(expect.stringContaining(ptBR.errors["pix-key-invalid"]));
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    expect(pix).toHaveAttribute("aria-invalid", "true");
    expect(posts(fetch, "/api/companies")).toHaveLength(0);

    // An e-mail typed with capitals goes as the DICT keeps it.
    await userEvent.clear(pix);
    await userEvent.type(pix, " Financeiro@Alfa.COM.br ");
    await waitFor(() => expect(pix).not.toHaveAttribute("aria-invalid", "true"));
    expect(pix).toHaveAccessibleDescription(c.chavePixHelp);
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(created.mock.calls[0]?.[0]).toMatchObject({
      cnpj: "11222333000181",
      chavePix: "financeiro@alfa.com.br",
    });
    await waitFor(() => expect(screen.getByTestId("location")).toHaveTextContent(/^\/Empresas$/));
  });

  it("sends a company's Pix key as a CNPJ's bare digits when typed with its dots", {
    timeout: 90_000,
  }, async () => {
    uploads.metas.length = 0;
    const created = vi.fn((body: unknown) => ({
      status: 201,
      body: { ...companyViewOf(), ...(body as object) },
    }));
    render(
      { "GET /api/companies": { empresas: [] }, "POST /api/companies": created },
      "/Empresas?empresa=nova",
    );
    await fillCompany();
    await userEvent.type(box(c.fields.chavePix), "11.222.333/0001-81");
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    const body = created.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(body.chavePix).toBe("11222333000181");
  });

  it("prefills the Pix key of a company being edited, and sends a cleared key as empty", async () => {
    const withPix = companyViewOf({ chavePix: "+5511987654321" });
    const saved = vi.fn((body: unknown) => ({ ...withPix, ...(body as object) }));
    render(
      {
        "GET /api/companies": { empresas: [withPix] },
        "PUT /api/companies/c0a1b2c3-0000-4000-8000-000000000001": saved,
      },
      "/Empresas?empresa=c0a1b2c3-0000-4000-8000-000000000001",
    );
    const pix = await screen.findByRole("textbox", { name: c.fields.chavePix });
    expect(pix).toHaveValue("+5511987654321");
    await userEvent.clear(pix);
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    const body = saved.mock.calls[0]?.[0] as Record<string, unknown>;
    expect(body.chavePix).toBe("");
  });

  it("says the server's pix-key-invalid under the Pix key field", async () => {
    const refusal = ptBR.errors["pix-key-invalid"];
    render(
      {
        "GET /api/companies": { empresas: [companyViewOf({ chavePix: "financeiro@alfa.com.br" })] },
        "PUT /api/companies/c0a1b2c3-0000-4000-8000-000000000001": {
          status: 400,
          body: {
            code: "pix-key-invalid",
            message: refusal,
            issues: [{ path: "chavePix", message: refusal }],
          },
        },
      },
      "/Empresas?empresa=c0a1b2c3-0000-4000-8000-000000000001",
    );
    const pix = await screen.findByRole("textbox", { name: c.fields.chavePix });
    expect(pix).toHaveValue("financeiro@alfa.com.br");
    await userEvent.click(screen.getByRole("button", { name: c.save }));
    await waitFor(() => expect(pix).toHaveAttribute("aria-invalid", "true"));
    expect(pix).toHaveAccessibleDescription(expect.stringContaining(refusal));
    expect(await screen.findByTestId("company-problem")).toHaveTextContent(refusal);
  });
});
