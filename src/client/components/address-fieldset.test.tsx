import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it } from "vitest";
import ptBR from "../../shared/locales/pt-BR.json";
import { AddressFieldset } from "./address-fieldset";
import { stubCepLookup } from "./cep.fixture";
import { renderInApp } from "./render-in-app";

const PAULISTA = {
  cep: "01310-100",
  logradouro: "Avenida Paulista",
  bairro: "Bela Vista",
  cidade: "São Paulo",
  uf: "SP" as const,
};
const COPACABANA = {
  cep: "22070-011",
  logradouro: "Avenida Atlântica",
  bairro: "Copacabana",
  cidade: "Rio de Janeiro",
  uf: "RJ" as const,
};

function Address() {
  const form = useForm({
    defaultValues: { cep: "", logradouro: "", numero: "", complemento: "", bairro: "", cidade: "", uf: "SP" },
  });
  return <AddressFieldset form={form} error={() => undefined} />;
}

/** A form whose address was saved before: its CEP is the default. */
function Saved() {
  const form = useForm({
    defaultValues: {
      cep: "01310-100",
      logradouro: "Avenida Paulista",
      numero: "1000",
      complemento: "",
      bairro: "Bela Vista",
      cidade: "São Paulo",
      uf: "SP",
    },
  });
  return <AddressFieldset form={form} error={() => undefined} />;
}

const field = (label: string) => screen.getByRole("textbox", { name: label });
const f = ptBR.units.fields;

describe("the address fieldset's CEP", () => {
  it("fills the street, bairro, city and UF from the CEP, leaving the number to the person", async () => {
    stubCepLookup({ "01310100": PAULISTA, "22070011": COPACABANA });
    renderInApp(<Address />);
    await userEvent.type(field(f.cep), "22070-011");
    await waitFor(() => expect(field(f.logradouro)).toHaveValue("Avenida Atlântica"));
    expect(field(f.bairro)).toHaveValue("Copacabana");
    expect(field(f.cidade)).toHaveValue("Rio de Janeiro");
    await waitFor(() => expect(screen.getByRole("combobox", { name: f.uf })).toHaveValue("RJ"));
    expect(field(f.numero)).toHaveValue("");
  });

  it("never overwrites what the person typed, and refills what the previous CEP filled", async () => {
    stubCepLookup({ "01310100": PAULISTA, "22070011": COPACABANA });
    renderInApp(<Address />);
    await userEvent.type(field(f.logradouro), "Rua que eu digitei");
    await userEvent.type(field(f.cep), "01310100");
    await waitFor(() => expect(field(f.bairro)).toHaveValue("Bela Vista"));
    expect(field(f.logradouro)).toHaveValue("Rua que eu digitei");
    await userEvent.clear(field(f.cep));
    await userEvent.type(field(f.cep), "22070011");
    await waitFor(() => expect(field(f.bairro)).toHaveValue("Copacabana"));
    expect(field(f.cidade)).toHaveValue("Rio de Janeiro");
    expect(field(f.logradouro)).toHaveValue("Rua que eu digitei");
  });

  it("says an unknown CEP under the field without blocking it, and every field stays editable", async () => {
    const lookups = stubCepLookup();
    renderInApp(<Address />);
    await userEvent.type(field(f.cep), "99999-999");
    expect(await screen.findByText(ptBR.errors["cep-not-found"])).toBeInTheDocument();
    expect(field(f.cep)).not.toHaveAttribute("aria-invalid", "true");
    await userEvent.type(field(f.cidade), "Cidade Nova");
    expect(field(f.cidade)).toHaveValue("Cidade Nova");
    expect(lookups).toHaveBeenCalledTimes(1);
  });

  it("does not look up the CEP of an address already saved, only one typed now", async () => {
    const lookups = stubCepLookup({ "01310100": PAULISTA });
    renderInApp(<Saved />);
    expect(field(f.cep)).toHaveValue("01310-100");
    // The queries a render starts are sent once its effects run: flush them, then look.
    await act(async () => undefined);
    expect(lookups).not.toHaveBeenCalled();
  });

  it("asks nothing before the CEP has 8 digits", async () => {
    const lookups = stubCepLookup({ "01310100": PAULISTA });
    renderInApp(<Address />);
    await userEvent.type(field(f.cep), "0131010");
    expect(lookups).not.toHaveBeenCalled();
  });
});
