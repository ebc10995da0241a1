import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { ProfileView } from "../../../shared/contracts/profile";
import ptBR from "../../../shared/locales/pt-BR.json";
import { stubCepLookup } from "../../components/cep.fixture";
import { renderInApp } from "../../components/render-in-app";
import { AddressFormView, PersonalForm } from "./forms";
import { completeProfileOf } from "./profile-view.fixture";

const errors = ptBR.errors;

beforeEach(() => stubCepLookup());
const empty = { personal: null, address: null, complete: false } as unknown as ProfileView;
const save = ptBR.profile.save;

// A whole form in jsdom is slow on a busy machine; these wait for its checks, not for a server.
describe("PersonalForm", { timeout: 30_000 }, () => {
  it("says under each field what is missing, and saves nothing", async () => {
    const onSave = vi.fn(async () => undefined);
    renderInApp(<PersonalForm profile={empty} onSave={onSave} />);
    await userEvent.click(screen.getByRole("button", { name: save }));
    expect(await screen.findByText(errors["invalid-full-name"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-cpf"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-rg"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-birth-date"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-phone"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-nationality"])).toBeInTheDocument();
    // No marital status is chosen for the person: the lease prints what they choose.
    expect(screen.getByText(errors["invalid-marital-status"])).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("does not pre-fill a nationality: the person writes theirs, told how the contract uses it", () => {
    renderInApp(<PersonalForm profile={empty} onSave={vi.fn(async () => undefined)} />);
    const nationality = screen.getByRole("textbox", { name: ptBR.profile.fields.nacionalidade });
    expect(nationality).toHaveValue("");
    expect(nationality).toHaveAccessibleDescription(ptBR.profile.nationalityHint);
  });

  it("refuses a name without a surname and a CPF whose check digits do not match", async () => {
    renderInApp(<PersonalForm profile={empty} onSave={vi.fn(async () => undefined)} />);
    await userEvent.type(screen.getByRole("textbox", { name: ptBR.profile.fields.nomeCompleto }), "Maria");
    await userEvent.type(screen.getByRole("textbox", { name: ptBR.profile.fields.cpf }), "111.111.111-11");
    await userEvent.click(screen.getByRole("button", { name: save }));
    expect(await screen.findByText(errors["invalid-full-name"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-cpf"])).toBeInTheDocument();
  });
});

describe("PersonalForm, the phone", { timeout: 30_000 }, () => {
  // Issue 28 (11): area codes that do not exist and eight-digit numbers that are not landlines
  // were accepted; the form now says which part of the number is wrong, before anything is sent.
  const phone = () => screen.getByRole("textbox", { name: ptBR.profile.fields.telefone });
  it.each([
    ["(23) 98765-4321", "invalid-phone-area-code"],
    ["(72) 3456-7890", "invalid-phone-area-code"],
    ["(11) 8765-4321", "invalid-phone-number"],
    ["(11) 9876-5432", "invalid-phone-number"],
    ["1234", "invalid-phone"],
  ] as const)("refuses %s, saying %s under the field", async (typed, code) => {
    const onSave = vi.fn(async () => undefined);
    renderInApp(<PersonalForm profile={empty} onSave={onSave} />);
    await userEvent.type(phone(), typed);
    await userEvent.click(screen.getByRole("button", { name: save }));
    expect(await screen.findByText(errors[code])).toBeInTheDocument();
    expect(phone()).toHaveAccessibleDescription(errors[code]);
    expect(onSave).not.toHaveBeenCalled();
  });

  it("takes a landline written with the country's code, in DDD 55 (Santa Maria), without a word", async () => {
    const onSave = vi.fn(async () => undefined);
    renderInApp(<PersonalForm profile={empty} onSave={onSave} />);
    await userEvent.type(phone(), "+55 (55) 3222-1234");
    await userEvent.click(screen.getByRole("button", { name: save }));
    // Other fields are empty, so nothing is saved, but the phone has no message of its own.
    expect(await screen.findByText(errors["invalid-full-name"])).toBeInTheDocument();
    expect(phone()).not.toBeInvalid();
    expect(phone()).not.toHaveAccessibleDescription();
  });
});

describe("PersonalForm, what the lease prints", { timeout: 30_000 }, () => {
  it("asks the RG's issuer and how the contract refers to the person, starting from 'Prefiro não dizer'", () => {
    renderInApp(<PersonalForm profile={empty} onSave={vi.fn(async () => undefined)} />);
    expect(screen.getByRole("textbox", { name: ptBR.profile.fields.rgOrgaoEmissor })).toHaveValue("");
    // Mantine's Select: an input showing the chosen option's label.
    expect(screen.getByDisplayValue(ptBR.profile.gender.nao_informado)).toHaveAccessibleName(
      ptBR.profile.fields.genero,
    );
  });

  it("refuses a name with a character the contract cannot print", async () => {
    renderInApp(<PersonalForm profile={empty} onSave={vi.fn(async () => undefined)} />);
    await userEvent.type(
      screen.getByRole("textbox", { name: ptBR.profile.fields.nomeCompleto }),
      "Li Wei 李伟",
    );
    await userEvent.click(screen.getByRole("button", { name: save }));
    expect(await screen.findByText(errors["name-unprintable"])).toBeInTheDocument();
  });
});

describe("AddressFormView", { timeout: 30_000 }, () => {
  it("says what is wrong with the address and the income, and saves nothing", async () => {
    const onSave = vi.fn(async () => undefined);
    renderInApp(<AddressFormView profile={empty} onSave={onSave} />);
    await userEvent.click(screen.getByRole("button", { name: save }));
    expect(await screen.findByText(errors["invalid-cep"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-street"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-number"])).toBeInTheDocument();
    expect(screen.getByText(errors["invalid-income"])).toBeInTheDocument();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("sends the income typed in reais as centavos", async () => {
    const onSave = vi.fn(async () => undefined);
    renderInApp(<AddressFormView profile={empty} onSave={onSave} />);
    const box = (label: string) => screen.getByLabelText(label, { selector: "input" });
    await userEvent.type(box(ptBR.units.fields.cep), "01310-100");
    await userEvent.type(box(ptBR.units.fields.cidade), "São Paulo");
    await userEvent.type(box(ptBR.units.fields.logradouro), "Avenida Paulista");
    await userEvent.type(box(ptBR.units.fields.numero), "1000");
    await userEvent.type(box(ptBR.units.fields.bairro), "Bela Vista");
    await userEvent.type(box(ptBR.profile.fields.rendaMensal), "8500,5");
    await userEvent.click(screen.getByRole("button", { name: save }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave).toHaveBeenCalledWith(expect.objectContaining({ rendaMensal: 850_050, cep: "01310-100" }));
  });
});

describe("the profile's words agree with the person (issue 29)", { timeout: 30_000 }, () => {
  /** The options of one Select, as its list shows them (every Select keeps its list in the page). */
  const optionsOf = async (label: string) => {
    const input = screen.getByLabelText(label, { selector: "input" });
    await userEvent.click(input);
    const list = await waitFor(() => {
      const id = input.getAttribute("aria-controls");
      const el = id ? document.getElementById(id) : null;
      if (!el) throw new Error(`no list for ${label}`);
      return el;
    });
    const names = within(list)
      .getAllByRole("option", { hidden: true })
      .map((o) => o.textContent ?? "");
    await userEvent.keyboard("{Escape}");
    return names;
  };
  const marital = ptBR.profile.fields.estadoCivil;

  it("offers the marital status in neutral words until the person says, then in theirs — never '(a)'", async () => {
    renderInApp(<PersonalForm profile={empty} onSave={vi.fn(async () => undefined)} />);
    const neutral = await optionsOf(marital);
    expect(neutral).toEqual([
      "Solteiro ou solteira",
      "Casado ou casada",
      "União estável",
      "Divorciado ou divorciada",
      "Separado ou separada",
      "Viúvo ou viúva",
    ]);
    await userEvent.click(screen.getByLabelText(ptBR.profile.fields.genero, { selector: "input" }));
    await userEvent.click(
      await screen.findByRole("option", { name: ptBR.profile.gender.feminino, hidden: true }),
    );
    expect(await optionsOf(marital)).toEqual([
      "Solteira",
      "Casada",
      "União estável",
      "Divorciada",
      "Separada",
      "Viúva",
    ]);
    await userEvent.click(screen.getByLabelText(ptBR.profile.fields.genero, { selector: "input" }));
    await userEvent.click(
      await screen.findByRole("option", { name: ptBR.profile.gender.masculino, hidden: true }),
    );
    expect(await optionsOf(marital)).toContain("Viúvo");
  });

  it("names her occupation in the feminine, his in the masculine, and neutrally when not said", async () => {
    const withGender = (genero: "feminino" | "masculino" | "nao_informado") => {
      const p = completeProfileOf();
      return { ...p, personal: { ...(p.personal as NonNullable<ProfileView["personal"]>), genero } };
    };
    const occupation = ptBR.profile.fields.ocupacao;
    const { unmount } = renderInApp(<AddressFormView profile={withGender("feminino")} onSave={vi.fn()} />);
    expect(await optionsOf(occupation)).toEqual([
      "Empregada CLT",
      "Autônoma",
      "Empresária",
      "Servidora pública",
      "Aposentada",
      "Estudante",
    ]);
    unmount();
    const again = renderInApp(<AddressFormView profile={withGender("masculino")} onSave={vi.fn()} />);
    expect(await optionsOf(occupation)).toContain("Aposentado");
    again.unmount();
    renderInApp(<AddressFormView profile={withGender("nao_informado")} onSave={vi.fn()} />);
    const neutral = await optionsOf(occupation);
    expect(neutral).toEqual([
      "Emprego com carteira assinada (CLT)",
      "Trabalho autônomo",
      "Empresa própria",
      "Serviço público",
      "Aposentadoria",
      "Estudante",
    ]);
  });

  it("leaves no '(a)' form anywhere in the pt-BR texts people read", () => {
    const texts: string[] = [];
    const walk = (v: unknown) => {
      if (typeof v === "string") texts.push(v);
      else if (v && typeof v === "object") for (const x of Object.values(v)) walk(x);
    };
    walk(ptBR);
    expect(texts.filter((s) => /\w\((a|as|o|os)\)/.test(s))).toEqual([]);
  });
});
