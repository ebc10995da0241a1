import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useRoutes } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { AgencyView, MyAgencies } from "../../../shared/contracts/agencies";
import ptBR from "../../../shared/locales/pt-BR.json";
import { buildRoutes } from "../../app/router";
import { SignedInHeader } from "../../app/signed-in-header";
import { type FakeApi, renderScreen } from "../../app/testing";
import { AGENCY_ID, agencyViewOf, myAgenciesOf } from "../../features/agencies/agency-view.fixture";
import { ImobiliariaScreen } from "./imobiliaria-screen";

/*
 * Issue 34 (decision 059): /Imobiliaria, the agency one works in, its team by role and the
 * invitations to one's e-mail, as a person uses it.
 */

const a = ptBR.agencies;
const marta = { id: "u1", name: "Marta Souza", email: "marta@example.com" };
const caio = { id: "u2", name: "Caio Lima", email: "caio@example.com" };
const ONE = `/api/agencies/${AGENCY_ID}`;

function render(api: FakeApi, { path = "/Imobiliaria", user = marta } = {}) {
  return renderScreen(<ImobiliariaScreen />, { path, user, api });
}

const calls = (fetch: ReturnType<typeof render>["fetch"], method: string, path: string) =>
  fetch.mock.calls.filter(([url, init]) => String(url) === path && (init?.method ?? "GET") === method);

const box = (label: string, where: HTMLElement = document.body) =>
  within(where).getByRole("textbox", { name: label });

/**
 * Picks an option of a Mantine select by its label, within `where`; the option is looked for in that
 * select's own list (another select's list, closed, may still be in the page with the same words).
 */
async function choose(label: string, option: string | RegExp, where: HTMLElement = document.body) {
  const input = within(where).getByLabelText(label, { selector: "input" });
  await userEvent.click(input);
  const list = await waitFor(() => {
    const found = document.getElementById(input.getAttribute("aria-controls") ?? "");
    if (!found) throw new Error(`no list for ${label}`);
    return found;
  });
  await userEvent.click(within(list).getByRole("option", { name: option, hidden: true }));
}

/** An invitation to Marta's e-mail, as GET /api/agencies lists it. */
const invitation: MyAgencies["convites"][number] = {
  id: "1a7e0000-0000-4000-8000-000000000009",
  agencia: "Beta Imóveis",
  papel: "corretor",
  convidadoPor: "Paulo Reis",
  expiraEm: "2026-12-08T15:00:00.000Z",
};

/** The screens' routes without the layout around them (its header opens the live events). */
const screens = buildRoutes()[0]?.children ?? [];
function Routes() {
  return useRoutes(screens);
}

describe("/Imobiliaria", { timeout: 30_000 }, () => {
  it("is served to a signed-in person, case-sensitively, and sends a visitor to sign in first", async () => {
    expect(screens.map((r) => [r.path, r.caseSensitive])).toContainEqual(["/Imobiliaria", true]);
    const signedIn = renderScreen(<Routes />, {
      path: "/Imobiliaria",
      user: marta,
      api: { "GET /api/agencies": myAgenciesOf([]) },
    });
    expect(await screen.findByRole("heading", { level: 1, name: a.title })).toBeInTheDocument();
    signedIn.unmount();
    renderScreen(<Routes />, { path: "/Imobiliaria" });
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent("/login?next=%2FImobiliaria"),
    );
  });

  it("is in the account menu, after one's companies", async () => {
    renderScreen(<SignedInHeader user={marta} />, { user: marta });
    await userEvent.click(await screen.findByTestId("account-menu"));
    const item = await screen.findByRole("menuitem", { name: a.nav, hidden: true });
    expect(item).toHaveAttribute("href", "/Imobiliaria");
    const items = screen.getAllByRole("menuitem", { hidden: true }).map((i) => i.textContent);
    expect(items.indexOf(a.nav)).toBe(items.indexOf(ptBR.nav.companies) + 1);
  });

  it("someone in no agency reads what one is and creates one: the CNPJ in upper case as typed, the CRECI with its UF", async () => {
    let mine: MyAgencies = myAgenciesOf([]);
    const created = vi.fn((body: unknown) => {
      const agency = agencyViewOf({ membros: [agencyViewOf().membros[0] as AgencyView["membros"][number]] });
      mine = myAgenciesOf([agency]);
      return { status: 201, body: { ...agency, convites: [], ...(body as object) } };
    });
    const { fetch } = render({
      "GET /api/agencies": () => mine,
      "POST /api/agencies": created,
      [`GET ${ONE}`]: () => agencyViewOf({ convites: [] }),
    });
    const about = await screen.findByTestId("agency-about");
    expect(about).toHaveTextContent(a.about.title);
    // Each role in one line.
    expect(about).toHaveTextContent(`${a.roles.corretor}: ${a.roleHelp.corretor}`);
    expect(about).toHaveTextContent(`${a.roles.financeiro}: ${a.roleHelp.financeiro}`);
    expect(screen.getByRole("heading", { name: a.form.createTitle })).toBeInTheDocument();

    await userEvent.type(box(a.form.fields.razaoSocial), "Alfa Administração de Imóveis Ltda.");
    await userEvent.type(box(a.form.fields.nomeFantasia), "Alfa Imóveis");
    const cnpj = box(a.form.fields.cnpj);
    await userEvent.type(cnpj, "12.abc.345/01de-35");
    expect(cnpj).toHaveValue("12.ABC.345/01DE-35");
    await userEvent.type(box(ptBR.units.fields.cep), "20040-002");
    await userEvent.type(box(ptBR.units.fields.cidade), "Rio de Janeiro");
    await userEvent.type(box(ptBR.units.fields.logradouro), "Avenida Rio Branco");
    await userEvent.type(box(ptBR.units.fields.numero), "100");
    await userEvent.type(box(ptBR.units.fields.bairro), "Centro");
    await userEvent.type(box(a.form.fields.creciNumero), "12345-j");

    // No CRECI UF yet: said, and nothing is sent.
    await userEvent.click(screen.getByRole("button", { name: a.form.create }));
    expect(await screen.findByText(ptBR.errors["invalid-creci"])).toBeInTheDocument();
    expect(created).not.toHaveBeenCalled();
    await choose(a.form.fields.creciUf, "RJ");

    await userEvent.click(screen.getByRole("button", { name: a.form.create }));
    await waitFor(() => expect(created).toHaveBeenCalledTimes(1));
    expect(created.mock.calls[0]?.[0]).toEqual({
      razaoSocial: "Alfa Administração de Imóveis Ltda.",
      nomeFantasia: "Alfa Imóveis",
      cnpj: "12ABC34501DE35",
      endereco: {
        cep: "20040002",
        logradouro: "Avenida Rio Branco",
        numero: "100",
        complemento: "",
        bairro: "Centro",
        cidade: "Rio de Janeiro",
        uf: "SP",
      },
      creci: { numero: "12345-J", uf: "RJ" },
    });
    // Then the new agency, with its creator in the administração.
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent(`/Imobiliaria?id=${AGENCY_ID}`),
    );
    expect(await screen.findByTestId("agency-name")).toHaveTextContent("Alfa Imóveis");
    expect(screen.getByTestId("my-role")).toHaveTextContent("Seu papel: Administração");
    expect(screen.queryByTestId("agency-about")).not.toBeInTheDocument();
    expect(calls(fetch, "POST", "/api/agencies")).toHaveLength(1);
  });

  it("says the server's 409 profile-incomplete when creating, with the way to /profile and back", async () => {
    render({
      "GET /api/agencies": myAgenciesOf([]),
      "POST /api/agencies": {
        status: 409,
        body: { code: "profile-incomplete", message: ptBR.errors["profile-incomplete"] },
      },
    });
    await userEvent.type(
      await screen.findByRole("textbox", { name: a.form.fields.razaoSocial }),
      "Alfa Ltda.",
    );
    await userEvent.type(box(a.form.fields.cnpj), "11222333000181");
    await userEvent.type(box(ptBR.units.fields.cep), "20040002");
    await userEvent.type(box(ptBR.units.fields.cidade), "Rio de Janeiro");
    await userEvent.type(box(ptBR.units.fields.logradouro), "Avenida Rio Branco");
    await userEvent.type(box(ptBR.units.fields.numero), "100");
    await userEvent.type(box(ptBR.units.fields.bairro), "Centro");
    await userEvent.type(box(a.form.fields.creciNumero), "12345-J");
    await choose(a.form.fields.creciUf, "RJ");
    await userEvent.click(screen.getByRole("button", { name: a.form.create }));
    const problem = await screen.findByTestId("agency-problem");
    expect(problem).toHaveTextContent(a.form.profileIncomplete);
    expect(problem).toHaveTextContent(ptBR.errors["profile-incomplete"]);
    expect(within(problem).getByRole("link", { name: a.form.completeProfile })).toHaveAttribute(
      "href",
      "/profile?next=%2FImobiliaria",
    );
  });

  it("shows an invitation to one's e-mail on top, with who invites, the area and the last day; accepting it opens the agency", async () => {
    const beta = agencyViewOf({
      id: "a9e00000-0000-4000-8000-000000000002",
      nomeFantasia: "Beta Imóveis",
      meuPapel: "corretor",
      areas: ["carteira"],
      convites: [],
    });
    let mine = myAgenciesOf([], [invitation]);
    const answered = vi.fn((body: unknown) => {
      mine = myAgenciesOf([beta]);
      expect(body).toEqual({ aceitar: true });
      return mine;
    });
    render({
      "GET /api/agencies": () => mine,
      [`POST /api/agency-invitations/${invitation.id}`]: answered,
      [`GET /api/agencies/${beta.id}`]: beta,
    });
    const card = await screen.findByTestId("invitation-to-me");
    expect(card).toHaveTextContent("Paulo Reis convidou você para a equipe de Beta Imóveis (corretagem).");
    expect(within(card).getByTestId("invitation-expires")).toHaveTextContent("Vale até 08/12/2026.");
    expect(card).toHaveTextContent(a.roleHelp.corretor);
    // Above the rest of the page (here, the form to create one's own).
    const about = screen.getByTestId("agency-about");
    expect(card.compareDocumentPosition(about) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.click(within(card).getByRole("button", { name: a.invitations.accept }));
    await waitFor(() => expect(answered).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByTestId("invitation-to-me")).not.toBeInTheDocument());
    expect(await screen.findByTestId("agency-name")).toHaveTextContent("Beta Imóveis");
    await waitFor(() =>
      expect(screen.getByTestId("location")).toHaveTextContent(`/Imobiliaria?id=${beta.id}`),
    );
    expect(screen.getByTestId("my-role")).toHaveTextContent("Seu papel: Corretagem");
  });

  it("says an expired invitation in the server's words on its card", async () => {
    render({
      "GET /api/agencies": myAgenciesOf([], [invitation]),
      [`POST /api/agency-invitations/${invitation.id}`]: {
        status: 410,
        body: { code: "invitation-expired", message: ptBR.errors["invitation-expired"] },
      },
    });
    const card = await screen.findByTestId("invitation-to-me");
    await userEvent.click(within(card).getByRole("button", { name: a.invitations.decline }));
    expect(await within(card).findByRole("alert")).toHaveTextContent(ptBR.errors["invitation-expired"]);
  });

  it("shows an administrador the agency, its team with roles and CRECI, and the pending invitations", async () => {
    render({ "GET /api/agencies": myAgenciesOf(), [`GET ${ONE}`]: agencyViewOf() });
    expect(await screen.findByTestId("agency-name")).toHaveTextContent("Alfa Imóveis");
    const summary = screen.getByTestId("agency-summary");
    expect(summary).toHaveTextContent("Alfa Administração de Imóveis Ltda.");
    expect(within(summary).getByTestId("agency-cnpj")).toHaveTextContent("CNPJ 12.ABC.345/01DE-35");
    expect(within(summary).getByTestId("agency-creci")).toHaveTextContent("CRECI/RJ 12345-J");
    expect(within(summary).getByTestId("my-role")).toHaveTextContent("Seu papel: Administração");
    expect(within(summary).getByRole("button", { name: a.header.edit })).toBeInTheDocument();

    const [m, c, r] = screen.getAllByTestId("member-card") as [HTMLElement, HTMLElement, HTMLElement];
    expect(m).toHaveTextContent("Marta Souza");
    expect(within(m).getByText(a.team.you)).toBeInTheDocument();
    expect(within(m).getByTestId("role-badge")).toHaveTextContent(a.roles.administrador);
    // Oneself is not removed from here: one leaves.
    expect(within(m).queryByRole("button", { name: a.team.remove })).not.toBeInTheDocument();
    expect(within(c).getByTestId("role-badge")).toHaveTextContent(a.roles.corretor);
    expect(within(c).getByTestId("member-creci")).toHaveTextContent("CRECI/RJ 54321-F");
    expect(c).toHaveTextContent("Na equipe desde 10/11/2026");
    expect(within(r).getByTestId("role-badge")).toHaveTextContent(a.roles.vistoriador);
    expect(within(r).queryByTestId("member-creci")).not.toBeInTheDocument();
    expect(within(r).getByRole("button", { name: a.team.remove })).toBeInTheDocument();

    const pending = screen.getByTestId("pending-invitation");
    expect(pending).toHaveTextContent("joana@example.com");
    expect(within(pending).getByTestId("role-badge")).toHaveTextContent(a.roles.financeiro);
    expect(pending).toHaveTextContent("Convite de Marta Souza, vale até 08/12/2026.");
    expect(screen.getByRole("button", { name: a.leave.button })).toBeInTheDocument();
  });

  it("an administrador invites someone by e-mail with a role, each role explained", async () => {
    const invited = vi.fn((_body: unknown) => ({ status: 201, body: agencyViewOf() }));
    const { fetch } = render({
      "GET /api/agencies": myAgenciesOf(),
      [`GET ${ONE}`]: agencyViewOf({ convites: [] }),
      [`POST ${ONE}/invitations`]: invited,
    });
    const form = (await screen.findByRole("heading", { name: a.invite.title })).closest(
      "section",
    ) as HTMLElement;
    const role = within(form).getByLabelText(a.invite.role, { selector: "input" });
    // The chosen role's line under the field.
    expect(role).toHaveValue(a.roles.corretor);
    expect(role).toHaveAccessibleDescription(a.roleHelp.corretor);
    await userEvent.type(box(a.invite.email, form), "Joana@Example.com");
    await choose(a.invite.role, new RegExp(`^${a.roles.financeiro}`), form);
    expect(role).toHaveAccessibleDescription(a.roleHelp.financeiro);
    await userEvent.click(within(form).getByRole("button", { name: a.invite.submit }));
    await waitFor(() => expect(invited).toHaveBeenCalledTimes(1));
    expect(invited.mock.calls[0]?.[0]).toEqual({ email: "joana@example.com", papel: "financeiro" });
    // The answer is the agency with the invitation pending; the form is empty again.
    expect(await screen.findByTestId("pending-invitation")).toHaveTextContent("joana@example.com");
    await waitFor(() => expect(box(a.invite.email, form)).toHaveValue(""));
    expect(calls(fetch, "POST", `${ONE}/invitations`)).toHaveLength(1);
  });

  it("says under the e-mail that someone is already on the team", async () => {
    render({
      "GET /api/agencies": myAgenciesOf(),
      [`GET ${ONE}`]: agencyViewOf(),
      [`POST ${ONE}/invitations`]: {
        status: 409,
        body: { code: "already-member", message: ptBR.errors["already-member"] },
      },
    });
    const form = (await screen.findByRole("heading", { name: a.invite.title })).closest(
      "section",
    ) as HTMLElement;
    await userEvent.type(box(a.invite.email, form), "caio@example.com");
    await userEvent.click(within(form).getByRole("button", { name: a.invite.submit }));
    const email = box(a.invite.email, form);
    await waitFor(() => expect(email).toHaveAttribute("aria-invalid", "true"));
    expect(email).toHaveAccessibleDescription(ptBR.errors["already-member"]);
  });

  it("an administrador withdraws a pending invitation", async () => {
    const withdrawn = vi.fn(() => agencyViewOf({ convites: [] }));
    render({
      "GET /api/agencies": myAgenciesOf(),
      [`GET ${ONE}`]: agencyViewOf(),
      [`DELETE ${ONE}/invitations/1a7e0000-0000-4000-8000-000000000001`]: withdrawn,
    });
    const pending = await screen.findByTestId("pending-invitation");
    await userEvent.click(within(pending).getByRole("button", { name: a.pending.cancel }));
    await waitFor(() => expect(withdrawn).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByTestId("pending-invitation")).not.toBeInTheDocument());
  });

  it("an administrador changes a member's role; a corretor's own CRECI goes with it", async () => {
    const rita = agencyViewOf().membros[2] as AgencyView["membros"][number];
    const changed = vi.fn((_body: unknown) =>
      agencyViewOf({
        membros: agencyViewOf().membros.map((m) =>
          m.userId === "u3" ? { ...rita, papel: "corretor", creci: { numero: "77777-F", uf: "RJ" } } : m,
        ),
      }),
    );
    render({
      "GET /api/agencies": myAgenciesOf(),
      [`GET ${ONE}`]: agencyViewOf(),
      "PUT /api/agencies/a9e00000-0000-4000-8000-000000000001/members/u3": changed,
    });
    const card = (await screen.findAllByTestId("member-card"))[2] as HTMLElement;
    await userEvent.click(within(card).getByRole("button", { name: a.team.changeRole }));
    const dialog = await screen.findByRole("dialog", { name: "Mudar o papel de Rita Alves" });
    // No CRECI asked for an inspector.
    expect(within(dialog).queryByRole("textbox", { name: a.team.creciNumero })).not.toBeInTheDocument();
    await choose(a.team.role, new RegExp(`^${a.roles.corretor}`), dialog);
    const creci = box(a.team.creciNumero, dialog);
    await userEvent.type(creci, "7777");
    await userEvent.type(creci, "7-x");
    await userEvent.click(within(dialog).getByRole("button", { name: a.team.saveRole }));
    // An invalid CRECI: said under it, nothing sent.
    await waitFor(() => expect(creci).toHaveAttribute("aria-invalid", "true"));
    expect(changed).not.toHaveBeenCalled();
    await userEvent.clear(creci);
    await userEvent.type(creci, "77777-f");
    // The UF starts at the agency's council.
    expect(within(dialog).getByLabelText(a.team.creciUf, { selector: "input" })).toHaveValue("RJ");
    await userEvent.click(within(dialog).getByRole("button", { name: a.team.saveRole }));
    await waitFor(() => expect(changed).toHaveBeenCalledTimes(1));
    expect(changed.mock.calls[0]?.[0]).toEqual({ papel: "corretor", creci: { numero: "77777-F", uf: "RJ" } });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    const after = screen.getAllByTestId("member-card")[2] as HTMLElement;
    expect(within(after).getByTestId("role-badge")).toHaveTextContent(a.roles.corretor);
    expect(within(after).getByTestId("member-creci")).toHaveTextContent("CRECI/RJ 77777-F");
  });

  it("an administrador removes a member after confirming", async () => {
    let agency = agencyViewOf();
    const removed = vi.fn(() => {
      agency = { ...agency, membros: agency.membros.filter((m) => m.userId !== "u3") };
      return null;
    });
    render({
      "GET /api/agencies": myAgenciesOf(),
      [`GET ${ONE}`]: () => agency,
      [`DELETE ${ONE}/members/u3`]: removed,
    });
    const card = (await screen.findAllByTestId("member-card"))[2] as HTMLElement;
    await userEvent.click(within(card).getByRole("button", { name: a.team.remove }));
    const dialog = await screen.findByRole("dialog", { name: a.team.removeTitle });
    expect(dialog).toHaveTextContent("Rita Alves deixa de fazer parte da equipe de Alfa Imóveis.");
    expect(removed).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole("button", { name: a.team.remove }));
    await waitFor(() => expect(removed).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.getAllByTestId("member-card")).toHaveLength(2));
  });

  it("a corretor sees the team but no invitation, role, removal or edit controls", async () => {
    const asCorretor = agencyViewOf({ meuPapel: "corretor", areas: ["carteira"], convites: [] });
    render({ "GET /api/agencies": myAgenciesOf([asCorretor]), [`GET ${ONE}`]: asCorretor }, { user: caio });
    expect(await screen.findAllByTestId("member-card")).toHaveLength(3);
    expect(screen.getByTestId("my-role")).toHaveTextContent("Seu papel: Corretagem");
    expect(screen.queryByRole("button", { name: a.team.changeRole })).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: a.team.remove })).not.toBeInTheDocument();
    expect(screen.queryByRole("heading", { name: a.invite.title })).not.toBeInTheDocument();
    expect(screen.queryByRole("textbox", { name: a.invite.email })).not.toBeInTheDocument();
    expect(screen.queryByTestId("pending-invitation")).not.toBeInTheDocument();
    expect(screen.queryByRole("button", { name: a.header.edit })).not.toBeInTheDocument();
    // Anyone may leave.
    expect(screen.getByRole("button", { name: a.leave.button })).toBeInTheDocument();
  });

  it("the last administrador who tries to leave reads the server's 409 in the dialog, and stays", async () => {
    const left = vi.fn(() => ({
      status: 409,
      body: { code: "last-admin", message: ptBR.errors["last-admin"] },
    }));
    render({
      "GET /api/agencies": myAgenciesOf(),
      [`GET ${ONE}`]: agencyViewOf(),
      [`DELETE ${ONE}/members/u1`]: left,
    });
    await userEvent.click(await screen.findByRole("button", { name: a.leave.button }));
    const dialog = await screen.findByRole("dialog", { name: a.leave.title });
    expect(dialog).toHaveTextContent("Você deixa de fazer parte da equipe de Alfa Imóveis.");
    await userEvent.click(within(dialog).getByRole("button", { name: a.leave.button }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(ptBR.errors["last-admin"]);
    expect(left).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId("agency-name")).toHaveTextContent("Alfa Imóveis");
  });

  it("a member who leaves is back to what an agency is", async () => {
    const asCorretor = agencyViewOf({ meuPapel: "corretor", areas: ["carteira"], convites: [] });
    let mine = myAgenciesOf([asCorretor]);
    const left = vi.fn(() => {
      mine = myAgenciesOf([]);
      return null;
    });
    render(
      { "GET /api/agencies": () => mine, [`GET ${ONE}`]: asCorretor, [`DELETE ${ONE}/members/u2`]: left },
      { user: caio },
    );
    await userEvent.click(await screen.findByRole("button", { name: a.leave.button }));
    const dialog = await screen.findByRole("dialog", { name: a.leave.title });
    await userEvent.click(within(dialog).getByRole("button", { name: a.leave.button }));
    expect(await screen.findByTestId("agency-about")).toBeInTheDocument();
    expect(left).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId("agency-name")).not.toBeInTheDocument();
  });

  it("someone in several agencies picks which to see (?id=)", async () => {
    const beta = agencyViewOf({
      id: "a9e00000-0000-4000-8000-000000000002",
      nomeFantasia: "Beta Imóveis",
      meuPapel: "financeiro",
      areas: ["financeiro"],
      convites: [],
    });
    render(
      {
        "GET /api/agencies": myAgenciesOf([agencyViewOf(), beta]),
        [`GET ${ONE}`]: agencyViewOf(),
        [`GET /api/agencies/${beta.id}`]: beta,
      },
      { path: `/Imobiliaria?id=${beta.id}` },
    );
    expect(await screen.findByTestId("agency-name")).toHaveTextContent("Beta Imóveis");
    expect(screen.getByLabelText(a.pick, { selector: "input" })).toHaveValue("Beta Imóveis · Financeiro");
    await choose(a.pick, "Alfa Imóveis · Administração");
    await waitFor(() => expect(screen.getByTestId("agency-name")).toHaveTextContent("Alfa Imóveis"));
    expect(screen.getByTestId("location")).toHaveTextContent(`/Imobiliaria?id=${AGENCY_ID}`);
  });

  it("an administrador edits the agency's data (PUT)", async () => {
    const saved = vi.fn((body: unknown) => ({ ...agencyViewOf(), ...(body as object) }));
    render({ "GET /api/agencies": myAgenciesOf(), [`GET ${ONE}`]: agencyViewOf(), [`PUT ${ONE}`]: saved });
    await userEvent.click(await screen.findByRole("button", { name: a.header.edit }));
    expect(box(a.form.fields.cnpj)).toHaveValue("12.ABC.345/01DE-35");
    expect(box(a.form.fields.creciNumero)).toHaveValue("12345-J");
    await userEvent.clear(box(a.form.fields.nomeFantasia));
    await userEvent.type(box(a.form.fields.nomeFantasia), "Alfa Aluguéis");
    await userEvent.click(screen.getByRole("button", { name: a.form.save }));
    await waitFor(() => expect(saved).toHaveBeenCalledTimes(1));
    expect(saved.mock.calls[0]?.[0]).toMatchObject({
      nomeFantasia: "Alfa Aluguéis",
      cnpj: "12ABC34501DE35",
      creci: { numero: "12345-J", uf: "RJ" },
      endereco: { cep: "20040002", uf: "RJ", complemento: "sala 1201" },
    });
    expect(await screen.findByTestId("agency-name")).toHaveTextContent("Alfa Aluguéis");
  });
});
