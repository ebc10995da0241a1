import { zodResolver } from "@hookform/resolvers/zod";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useForm } from "react-hook-form";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { cpfField } from "../../../shared/contracts/profile";
import ptBR from "../../../shared/locales/pt-BR.json";
import { renderUi } from "../../lib/testing";
import { CheckboxField } from "./checkbox-field";
import { MoneyField, NumberField } from "./number-fields";
import { SelectField } from "./select-field";
import { CpfCnpjField, DateField, TextField } from "./text-fields";

const schema = z.object({
  nome: z.string().min(3, { error: "invalid-full-name" }),
  cpf: cpfField,
  nascimento: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: "invalid-birth-date" }),
  aluguel: z.number({ error: "invalid-rent" }).positive({ error: "invalid-rent" }),
  precoMax: z.number().or(z.literal("")),
  meses: z.number({ error: "invalid-term" }),
  hora: z.number(),
  pets: z.boolean(),
});
type Values = z.input<typeof schema>;

const blank: Values = {
  nome: "",
  cpf: "",
  nascimento: "",
  aluguel: Number.NaN,
  precoMax: "",
  meses: 12,
  hora: 8,
  pets: false,
};

/** A form made of the kit, as a screen would make one; `onSave` gets what the form sends. */
function Form({ onSave, defaults = blank }: { onSave: (v: unknown) => void; defaults?: Values }) {
  const form = useForm<Values, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    mode: "onTouched",
    defaultValues: defaults,
  });
  const { control } = form;
  return (
    <form onSubmit={form.handleSubmit(onSave)} noValidate>
      <TextField control={control} name="nome" label="Nome" data-testid="nome" />
      <CpfCnpjField control={control} name="cpf" label="CPF" />
      <DateField control={control} name="nascimento" label="Nascimento" />
      <MoneyField control={control} name="aluguel" label="Aluguel" />
      <MoneyField control={control} name="precoMax" label="Preço máximo" empty="" />
      <NumberField control={control} name="meses" label="Meses" />
      <SelectField
        control={control}
        name="hora"
        label="Hora"
        data={["8", "9", "20"]}
        parse={Number}
        allowDeselect={false}
      />
      <CheckboxField control={control} name="pets" label="Pets" />
      <button type="submit">Salvar</button>
    </form>
  );
}

function Company() {
  const form = useForm({ defaultValues: { cnpj: "" } });
  return <CpfCnpjField control={form.control} name="cnpj" kind="cnpj" label="CNPJ" />;
}

/** A form the server refused: its message is set on the field. */
function Refused() {
  const form = useForm({ defaultValues: { nome: "Ana" } });
  return (
    <>
      <TextField control={form.control} name="nome" label="Nome" />
      <button type="button" onClick={() => form.setError("nome", { message: "Nome já usado." })}>
        Recusar
      </button>
    </>
  );
}

const box = (label: string) => screen.getByLabelText(label, { selector: "input" });

describe("the field kit", () => {
  it("says each field's error from the form's state, in the locale's words, and marks it invalid", async () => {
    const onSave = vi.fn();
    renderUi(<Form onSave={onSave} />);
    await userEvent.click(screen.getByRole("button", { name: "Salvar" }));
    expect(await screen.findByText(ptBR.errors["invalid-full-name"])).toBeInTheDocument();
    expect(box("Nome")).toBeInvalid();
    expect(box("Nome")).toHaveAccessibleDescription(ptBR.errors["invalid-full-name"]);
    expect(box("CPF")).toHaveAccessibleDescription(ptBR.errors["invalid-cpf"]);
    expect(box("Nascimento")).toHaveAccessibleDescription(ptBR.errors["invalid-birth-date"]);
    expect(box("Aluguel")).toHaveAccessibleDescription(ptBR.errors["invalid-rent"]);
    // A field whose value is right says nothing.
    expect(box("Meses")).not.toBeInvalid();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("passes the input's own props through (a test id, the name the browser autofills by)", () => {
    renderUi(<Form onSave={vi.fn()} />);
    expect(screen.getByTestId("nome")).toBe(box("Nome"));
    expect(box("Nome")).toHaveAttribute("name", "nome");
  });

  it("reads money typed the Brazilian way as reais, a CPF with or without its dots, a date as YYYY-MM-DD", async () => {
    const onSave = vi.fn();
    renderUi(<Form onSave={onSave} />);
    await userEvent.type(box("Nome"), "Maria Souza");
    await userEvent.type(box("CPF"), "529.982.247-25");
    await userEvent.type(box("Nascimento"), "1990-05-17");
    await userEvent.type(box("Aluguel"), "2500,5");
    expect(box("Aluguel")).toHaveValue("R$ 2.500,5");
    await userEvent.click(box("Pets"));
    await userEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toEqual({
      nome: "Maria Souza",
      // The shared contract keeps the digits: the form and the server agree on what a CPF is.
      cpf: "52998224725",
      nascimento: "1990-05-17",
      aluguel: 2500.5,
      precoMax: "",
      meses: 12,
      hora: 8,
      pets: true,
    });
  });

  it("reads a dot as the thousands, as a Brazilian writes R$ 1.500, never as the centavos", async () => {
    const onSave = vi.fn();
    renderUi(
      <Form
        onSave={onSave}
        defaults={{ ...blank, nome: "Maria Souza", cpf: "52998224725", nascimento: "1990-05-17" }}
      />,
    );
    await userEvent.type(box("Aluguel"), "1.500");
    expect(box("Aluguel")).toHaveValue("R$ 1.500");
    await userEvent.clear(box("Aluguel"));
    await userEvent.type(box("Aluguel"), "1.234,56");
    expect(box("Aluguel")).toHaveValue("R$ 1.234,56");
    await userEvent.click(screen.getByRole("button", { name: "Salvar" }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave.mock.calls[0]?.[0]).toMatchObject({ aluguel: 1234.56 });
  });

  it("keeps an emptied amount as the form asked: missing (NaN) where it is required, '' where it is optional", async () => {
    const onSave = vi.fn();
    renderUi(<Form onSave={onSave} defaults={{ ...blank, aluguel: 1200, precoMax: 3000 }} />);
    expect(box("Aluguel")).toHaveValue("R$ 1.200");
    await userEvent.clear(box("Aluguel"));
    await userEvent.clear(box("Preço máximo"));
    await userEvent.tab();
    expect(await screen.findByText(ptBR.errors["invalid-rent"])).toBeInTheDocument();
    expect(box("Preço máximo")).toHaveValue("");
    expect(box("Preço máximo")).not.toBeInvalid();
  });

  it("takes a CPF's or a CNPJ's punctuation, no more", () => {
    renderUi(<Form onSave={vi.fn()} />);
    expect(box("CPF")).toHaveAttribute("maxlength", "14");
    expect(box("CPF")).toHaveAttribute("inputmode", "numeric");
    expect(box("CPF")).toHaveAttribute("placeholder", "000.000.000-00");
    renderUi(<Company />);
    expect(box("CNPJ")).toHaveAttribute("maxlength", "18");
    expect(box("CNPJ")).toHaveAttribute("placeholder", "00.000.000/0000-00");
  });

  it("shows a server's message set on the field as it came", async () => {
    renderUi(<Refused />);
    await userEvent.click(screen.getByRole("button", { name: "Recusar" }));
    expect(box("Nome")).toHaveAccessibleDescription("Nome já usado.");
  });
});
