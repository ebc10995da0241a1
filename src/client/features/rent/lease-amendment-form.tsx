import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormEvent, useId, useState } from "react";
import { type Path, type UseFormReturn, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  AMENDMENT_EFFECT_MAX_DAYS,
  AMENDMENT_GUARANTEES,
  AMENDMENT_TERM_MAX,
  type AmendmentChanges,
  type LeaseAmendmentInput,
  type LeaseAmendments,
  type LeaseAmendmentView,
  leaseAmendmentInput,
  NOTICE_REASON_MAX,
} from "../../../shared/contracts/lease";
import { formatCpf, GENDERS, type Gender, MARITAL_STATUSES } from "../../../shared/contracts/profile";
import { MAX_COTENANTS } from "../../../shared/contracts/proposals";
import { leaseLastDay } from "../../../shared/dates";
import { genderContext } from "../../../shared/gender";
import { daysFrom } from "../../../shared/lease/term";
import { formatBRL, reaisToCentavos, toReais } from "../../../shared/money";
import { shiftMonth } from "../../../shared/rent/calendar";
import { AddressFieldset } from "../../components/address-fieldset";
import { MoneyField } from "../../components/fields/number-fields";
import { SelectField } from "../../components/fields/select-field";
import { CpfCnpjField, TextField } from "../../components/fields/text-fields";
import { useFieldError } from "../../components/fields/use-form-field";
import { MoneyInput } from "../../components/money-input";
import { WholeNumberInput } from "../../components/whole-number-input";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { useProposeAmendment } from "./api";
import { brazilToday, isDay, useChargeFormat } from "./charge-format";

/*
 * The amendment form of /Locacao (issue 33 item 1), loaded when a party opens it: a new amendment,
 * or a counter to the other party's open one, prefilled with what that one changes. Its checks
 * are the contract's (leaseAmendmentInput) plus the server's that the form can know: the new
 * guarantee is another, the new term does not end before the change, the date is within a year.
 * Someone who joins (a co-tenant, a guarantor) is the tenant's to name (decision 017), with the
 * labels of the proposal's form; a landlord's counter keeps the person the tenant named, as named.
 */

type Change = Exclude<keyof AmendmentChanges, "caucaoMeses" | "fiador">;
const CHANGES: readonly Change[] = [
  "aluguel",
  "prazoMeses",
  "diaVencimento",
  "entraColocatario",
  "saemColocatarios",
  "garantia",
];

type Problems = Partial<Record<Change | "mudancas" | "efeito" | "motivo", string>>;

/** The first day of the month after `day`'s: the usual day for a change of terms to start. */
const firstOfNextMonth = (day: string) => `${shiftMonth(day.slice(0, 7), 1)}-01`;

const orEmpty = (n: number | undefined) => (n === undefined ? "" : n);
const orNaN = (n: number | "") => (n === "" ? Number.NaN : n);

type Named = LeaseAmendmentView["mudancas"];
type Joining = NonNullable<Named["entraColocatario"]>;
type NewGuarantor = NonNullable<Named["fiador"]>;

/** The qualification a contract gives a person, as typed (empty: not given). */
const qualificationDraft = (
  p?: Partial<Pick<Joining, "genero" | "nacionalidade" | "profissao" | "rg" | "rgOrgaoEmissor">>,
) => ({
  genero: p?.genero ?? "",
  nacionalidade: p?.nacionalidade ?? "",
  profissao: p?.profissao ?? "",
  rg: p?.rg ?? "",
  rgOrgaoEmissor: p?.rgOrgaoEmissor ?? "",
});

/** The people an amendment brings in, as the form holds them: text as typed, income in reais. */
function peopleDraft(from: Named) {
  const j = from.entraColocatario;
  const f = from.fiador;
  return {
    entra: {
      nome: j?.nome ?? "",
      cpf: j?.cpf ?? "",
      email: j?.email ?? "",
      renda: (j ? toReais(j.renda) : "") as number | "",
      ...qualificationDraft(j),
    },
    fiador: {
      nome: f?.nome ?? "",
      cpf: f?.cpf ?? "",
      email: f?.email ?? "",
      parentesco: f?.parentesco ?? "",
      estadoCivil: f?.estadoCivil ?? "",
      ...qualificationDraft(f),
      conjuge: { nome: f?.conjuge?.nome ?? "", cpf: f?.conjuge?.cpf ?? "", email: f?.conjuge?.email ?? "" },
      endereco: {
        cep: f?.endereco?.cep ?? "",
        uf: f?.endereco?.uf ?? "",
        cidade: f?.endereco?.cidade ?? "",
        logradouro: f?.endereco?.logradouro ?? "",
        numero: f?.endereco?.numero ?? "",
        complemento: f?.endereco?.complemento ?? "",
        bairro: f?.endereco?.bairro ?? "",
      },
    },
  };
}
type PeopleDraft = ReturnType<typeof peopleDraft>;
type People = UseFormReturn<PeopleDraft>;

/** What was typed, without the fields left empty (the contract writes what is given). */
const given = <T extends Record<string, unknown>>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== "")) as Partial<T>;

/** The co-tenant who joins, as the contract reads one (a proposal's co-tenant). */
function joiningBody(d: PeopleDraft["entra"]) {
  const { renda, ...rest } = d;
  return { ...given(rest), renda: renda === "" ? Number.NaN : reaisToCentavos(renda) };
}

/** The new guarantor as the contract reads one: the spouse only when married, the address when typed. */
function guarantorBody(d: PeopleDraft["fiador"]) {
  const { conjuge, endereco, ...rest } = d;
  return {
    ...given(rest),
    conjuge: d.estadoCivil === "casado" ? conjuge : null,
    endereco: Object.values(endereco).some((v) => v.trim())
      ? { ...endereco, uf: endereco.uf || undefined }
      : null,
  };
}

/** Where a problem of the people's fields goes: "mudancas.fiador.conjuge.cpf" → "fiador.conjuge.cpf". */
function personField(path: readonly PropertyKey[]): Path<PeopleDraft> | null {
  const [top, who, ...rest] = path.map(String);
  if (top !== "mudancas" || rest.length === 0) return null;
  if (who === "entraColocatario") return `entra.${rest.join(".")}` as Path<PeopleDraft>;
  if (who === "fiador") return `fiador.${rest.join(".")}` as Path<PeopleDraft>;
  return null;
}

/** The co-tenant who joins: the proposal's co-tenant fields, and what qualifies her in the termo. */
function JoiningFields({ people }: { people: People }) {
  const { t } = useTranslation();
  const title = useId();
  const { control } = people;
  return (
    <Stack gap="xs" data-testid="amendment-joining" role="group" aria-labelledby={title}>
      <div>
        <Text fw={600} id={title}>
          {t("amendments.form.entering")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("amendments.form.enteringLead")}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          control={control}
          name="entra.nome"
          label={t("proposal.cotenantName")}
          maxLength={150}
          required
        />
        <CpfCnpjField control={control} name="entra.cpf" label={t("proposal.cotenantCpf")} required />
        <TextField
          control={control}
          name="entra.email"
          type="email"
          label={t("proposal.cotenantEmail")}
          maxLength={254}
          required
        />
        <MoneyField
          control={control}
          name="entra.renda"
          empty=""
          label={t("proposal.cotenantIncome")}
          required
        />
        <TextField
          control={control}
          name="entra.nacionalidade"
          label={t("profile.fields.nacionalidade")}
          maxLength={60}
        />
        <TextField
          control={control}
          name="entra.profissao"
          label={t("profile.fields.profissao")}
          maxLength={100}
        />
        <TextField control={control} name="entra.rg" label={t("profile.fields.rg")} maxLength={20} />
        <TextField
          control={control}
          name="entra.rgOrgaoEmissor"
          label={t("profile.fields.rgOrgaoEmissor")}
          placeholder="SSP/SP"
          maxLength={30}
        />
        <SelectField
          control={control}
          name="entra.genero"
          label={t("amendments.form.cotenantGender")}
          data={GENDERS.map((v) => ({ value: v, label: t(`amendments.form.cotenantGenderOption.${v}`) }))}
          shownWhenEmpty="nao_informado"
          allowDeselect={false}
        />
      </SimpleGrid>
    </Stack>
  );
}

/**
 * The new guarantor, with the labels of the proposal's guarantor: who, how the tenant knows them,
 * marital status (a married one's spouse consents and signs, Código Civil art. 1.647, III), what
 * qualifies them, and the address (filled from the CEP).
 */
function NewGuarantorFields({ people }: { people: People }) {
  const { t } = useTranslation();
  const title = useId();
  const { control } = people;
  const [estadoCivil, genero] = useWatch({ control, name: ["fiador.estadoCivil", "fiador.genero"] });
  const spouseProblem = useFieldError({ control, name: "fiador.conjuge" });
  // The marital status in the guarantor's words once said ("Casada"), neutral before (issue 29).
  const context = genderContext(genero as Gender | undefined);
  return (
    <Stack gap="xs" data-testid="amendment-guarantor" role="group" aria-labelledby={title}>
      <div>
        <Text fw={600} id={title}>
          {t("proposal.guarantor")}
        </Text>
        <Text size="xs" c="dimmed">
          {t("amendments.form.guarantorLead")}
        </Text>
      </div>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField
          control={control}
          name="fiador.nome"
          label={t("proposal.guarantorName")}
          maxLength={150}
          required
        />
        <CpfCnpjField control={control} name="fiador.cpf" label={t("proposal.guarantorCpf")} required />
        <TextField
          control={control}
          name="fiador.email"
          type="email"
          label={t("proposal.guarantorEmail")}
          maxLength={254}
          required
        />
        <TextField
          control={control}
          name="fiador.parentesco"
          label={t("proposal.guarantorRelationship")}
          placeholder={t("proposal.guarantorRelationshipHint")}
          maxLength={60}
          required
        />
        <SelectField
          control={control}
          name="fiador.estadoCivil"
          label={t("proposal.guarantorMarital")}
          placeholder={t("profile.chooseMarital")}
          data={MARITAL_STATUSES.map((v) => ({ value: v, label: t(`profile.marital.${v}`, { context }) }))}
          allowDeselect={false}
          required
        />
        <TextField
          control={control}
          name="fiador.nacionalidade"
          label={t("profile.fields.nacionalidade")}
          maxLength={60}
        />
        <TextField
          control={control}
          name="fiador.profissao"
          label={t("profile.fields.profissao")}
          maxLength={100}
        />
        <TextField control={control} name="fiador.rg" label={t("profile.fields.rg")} maxLength={20} />
        <TextField
          control={control}
          name="fiador.rgOrgaoEmissor"
          label={t("profile.fields.rgOrgaoEmissor")}
          placeholder="SSP/SP"
          maxLength={30}
        />
        <SelectField
          control={control}
          name="fiador.genero"
          label={t("proposal.guarantorGender")}
          data={GENDERS.map((v) => ({ value: v, label: t(`proposal.guarantorGenderOption.${v}`) }))}
          shownWhenEmpty="nao_informado"
          allowDeselect={false}
        />
      </SimpleGrid>
      <Text fw={600} mt="xs">
        {t("proposal.guarantorAddress")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("proposal.guarantorAddressLead")}
      </Text>
      <AddressFieldset form={people} prefix="fiador.endereco." cepMaxLength={9} />
      {estadoCivil === "casado" && (
        <Stack gap="xs" data-testid="amendment-guarantor-spouse">
          <Text fw={600} mt="xs">
            {t("proposal.spouse")}
          </Text>
          <Text size="xs" c="dimmed">
            {t("proposal.spouseLead")}
          </Text>
          {spouseProblem && (
            <Text c="red" size="sm" role="alert">
              {spouseProblem}
            </Text>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextField
              control={control}
              name="fiador.conjuge.nome"
              label={t("proposal.spouseName")}
              maxLength={150}
              required
            />
            <CpfCnpjField
              control={control}
              name="fiador.conjuge.cpf"
              label={t("proposal.spouseCpf")}
              required
            />
            <TextField
              control={control}
              name="fiador.conjuge.email"
              type="email"
              label={t("proposal.spouseEmail")}
              maxLength={254}
              required
            />
          </SimpleGrid>
        </Stack>
      )}
    </Stack>
  );
}

/** A landlord's counter keeps whoever the tenant named: said, not typed again. */
function NamedByTenant({ person, testId }: { person: Joining | NewGuarantor; testId: string }) {
  const { t } = useTranslation();
  return (
    <Text size="sm" data-testid={testId}>
      {t("amendments.form.namedByTenant", { nome: person.nome, cpf: formatCpf(person.cpf) })}
    </Text>
  );
}

export function AmendmentForm({
  id,
  data,
  counter,
  onDone,
}: {
  id: string;
  data: LeaseAmendments;
  /** The other party's open amendment this one counters, or null for a new one. */
  counter: LeaseAmendmentView | null;
  onDone(): void;
}) {
  const { t } = useTranslation();
  const f = useChargeFormat();
  const errors = useErrorText();
  const save = useProposeAmendment(id);
  const atual = data.atual;
  const from: Named = counter?.mudancas ?? {};
  // Who joins is the tenant's to name; the landlord's counter keeps the one named (decision 017).
  const names = data.papel === "locatario";
  const [chosen, setChosen] = useState<string[]>(() =>
    CHANGES.filter((c) => from[c] !== undefined || (c === "garantia" && from.fiador !== undefined)),
  );
  const [reais, setReais] = useState<number | "">(() =>
    from.aluguel === undefined ? "" : toReais(from.aluguel),
  );
  const [prazo, setPrazo] = useState<number | "">(orEmpty(from.prazoMeses));
  const [dia, setDia] = useState<number | "">(orEmpty(from.diaVencimento));
  const [saem, setSaem] = useState<string[]>(from.saemColocatarios ?? []);
  const [garantia, setGarantia] = useState<string>(from.garantia ?? (from.fiador ? "fiador" : ""));
  const people = useForm<PeopleDraft>({ defaultValues: peopleDraft(from), shouldFocusError: false });
  const [efeito, setEfeito] = useState(() => counter?.efeito ?? firstOfNextMonth(brazilToday()));
  const [motivo, setMotivo] = useState("");
  const [problems, setProblems] = useState<Problems>({});

  const has = (c: Change) => chosen.includes(c);
  const options = CHANGES.filter(
    (c) =>
      (c !== "saemColocatarios" || atual.colocatarios.length > 0) &&
      (c !== "entraColocatario" || names || from.entraColocatario !== undefined),
  );
  // Fiança where there is none, or another guarantor for the fiança in force.
  const guarantees = AMENDMENT_GUARANTEES.filter((g) =>
    g === "fiador" ? names || from.fiador !== undefined : g !== atual.garantia,
  );
  const newGuarantor = has("garantia") && garantia === "fiador";
  const clear = (k: keyof Problems) => setProblems((p) => ({ ...p, [k]: undefined }));
  const months = (n: number) => t("listings.months", { count: n });
  const guaranteeName = (g: string) => t(`listings.guarantees.${g}`, { defaultValue: g });
  const guaranteeOption = (g: string) =>
    g === "fiador" && atual.garantia === "fiador" ? t("amendments.form.otherGuarantor") : guaranteeName(g);

  /** The contract's checks and the server's that the form can know, each by its field. */
  function check(): { body: LeaseAmendmentInput } | { problems: Problems } {
    const typed = people.getValues();
    const input = {
      mudancas: {
        aluguel: has("aluguel") ? (reais === "" ? Number.NaN : reaisToCentavos(reais)) : undefined,
        prazoMeses: has("prazoMeses") ? orNaN(prazo) : undefined,
        diaVencimento: has("diaVencimento") ? orNaN(dia) : undefined,
        entraColocatario: has("entraColocatario")
          ? names
            ? joiningBody(typed.entra)
            : from.entraColocatario
          : undefined,
        saemColocatarios: has("saemColocatarios") ? saem : undefined,
        // Another guarantor for the fiança in force is the guarantor alone.
        garantia:
          has("garantia") && !(garantia === "fiador" && atual.garantia === "fiador") ? garantia : undefined,
        fiador: newGuarantor ? (names ? guarantorBody(typed.fiador) : from.fiador) : undefined,
      },
      efeito,
      motivo,
    };
    const found: Problems = {};
    people.clearErrors();
    const parsed = leaseAmendmentInput.safeParse(input);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        // A person's field says its own problem, under it.
        const field = personField(issue.path);
        if (field) {
          people.setError(field, { message: issue.message });
          continue;
        }
        const [top, change] = issue.path;
        const key = (
          top === "mudancas" ? (change === "fiador" ? "garantia" : (change ?? "mudancas")) : top
        ) as keyof Problems;
        found[key] ??=
          key === "aluguel"
            ? t("amendments.form.rentInvalid")
            : key === "motivo"
              ? t("amendments.form.reasonInvalid")
              : errors.field(issue.message);
      }
    const today = brazilToday();
    if (
      !found.efeito &&
      (!isDay(efeito) ||
        efeito < today ||
        efeito < atual.inicio ||
        daysFrom(today, efeito) > AMENDMENT_EFFECT_MAX_DAYS)
    )
      found.efeito = errors.field("lease-amendment-effect");
    // The server refuses a "change" to what already holds.
    const m = input.mudancas;
    if (!found.prazoMeses && m.prazoMeses === atual.prazoMeses)
      found.prazoMeses = t("amendments.form.unchanged");
    if (!found.diaVencimento && m.diaVencimento === atual.diaVencimento)
      found.diaVencimento = t("amendments.form.unchanged");
    if (
      !found.prazoMeses &&
      !found.efeito &&
      typeof m.prazoMeses === "number" &&
      leaseLastDay(atual.inicio, m.prazoMeses) < efeito
    )
      found.prazoMeses = errors.field("lease-amendment-term");
    if (has("garantia") && garantia === "") found.garantia = t("amendments.form.chooseGuarantee");
    else if (!found.garantia && has("garantia") && garantia !== "fiador" && garantia === atual.garantia)
      found.garantia = errors.field("lease-amendment-guarantee");
    // As many co-tenants as a proposal may name, after those who leave.
    if (
      !found.entraColocatario &&
      has("entraColocatario") &&
      atual.colocatarios.length - (has("saemColocatarios") ? saem.length : 0) + 1 > MAX_COTENANTS
    )
      found.entraColocatario = errors.field("too-many-cotenants");
    if (!parsed.success || Object.keys(found).length > 0) return { problems: found };
    return { body: parsed.data };
  }

  /** The server's refusal of a person's field (a CPF taken, a party's e-mail), under that field. */
  function placeIssues(e: unknown) {
    if (!(e instanceof ApiError)) return;
    for (const issue of e.issues) {
      const field = personField(issue.path.split("."));
      if (field) people.setError(field, { message: issue.message });
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = check();
    if ("problems" in checked) return setProblems(checked.problems);
    setProblems({});
    try {
      await save.mutateAsync({ contra: counter?.id ?? null, body: checked.body });
    } catch (e) {
      placeIssues(e);
      return; // said below the form, from save.error; what was typed stays
    }
    onDone();
  }

  const newEnd =
    typeof prazo === "number" && prazo >= 1 && prazo <= AMENDMENT_TERM_MAX
      ? leaseLastDay(atual.inicio, prazo)
      : null;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="lease-amendment-form">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {counter ? t("amendments.form.titleCounter") : t("amendments.form.titlePropose")}
        </Title>
        {counter && (
          <Text size="sm" c="dimmed">
            {t("amendments.form.leadCounter")}
          </Text>
        )}
        <Checkbox.Group
          label={t("amendments.form.what")}
          description={t("amendments.form.whatHelp")}
          value={chosen}
          onChange={(v) => {
            setChosen(v);
            clear("mudancas");
          }}
          error={problems.mudancas}
          required
        >
          <Stack gap={6} mt={6}>
            {options.map((c) => (
              <Checkbox key={c} value={c} label={t(`amendments.form.options.${c}`)} />
            ))}
          </Stack>
        </Checkbox.Group>
        {has("aluguel") && (
          <MoneyInput
            label={t("amendments.form.newRent")}
            description={t("amendments.form.newRentHelp", { valor: formatBRL(atual.aluguel) })}
            value={reais}
            onChange={(v) => {
              setReais(v);
              clear("aluguel");
            }}
            error={problems.aluguel}
            required
          />
        )}
        {has("prazoMeses") && (
          <WholeNumberInput
            label={t("amendments.form.newTerm")}
            description={
              newEnd
                ? t("amendments.form.newTermEnd", { fim: f.day(newEnd) })
                : t("amendments.form.newTermHelp", {
                    inicio: f.day(atual.inicio),
                    meses: months(atual.prazoMeses),
                    fim: f.day(leaseLastDay(atual.inicio, atual.prazoMeses)),
                  })
            }
            value={prazo}
            onChange={(v) => {
              setPrazo(v);
              clear("prazoMeses");
            }}
            error={problems.prazoMeses}
            required
          />
        )}
        {has("diaVencimento") && (
          <WholeNumberInput
            label={t("amendments.form.newDay")}
            description={t("amendments.form.newDayHelp", { dia: atual.diaVencimento })}
            value={dia}
            onChange={(v) => {
              setDia(v);
              clear("diaVencimento");
            }}
            error={problems.diaVencimento}
            required
          />
        )}
        {has("entraColocatario") && (
          <Stack gap={4}>
            {names ? (
              <JoiningFields people={people} />
            ) : (
              from.entraColocatario && (
                <NamedByTenant person={from.entraColocatario} testId="amendment-joining-named" />
              )
            )}
            {problems.entraColocatario && (
              <Text size="sm" c="red" role="alert">
                {problems.entraColocatario}
              </Text>
            )}
          </Stack>
        )}
        {has("saemColocatarios") && atual.colocatarios.length > 0 && (
          <Checkbox.Group
            label={t("amendments.form.leaving")}
            value={saem}
            onChange={(v) => {
              setSaem(v);
              clear("saemColocatarios");
            }}
            error={problems.saemColocatarios}
            required
          >
            <Stack gap={6} mt={6}>
              {atual.colocatarios.map((c) => (
                <Checkbox key={c.cpf} value={c.cpf} label={c.nome} />
              ))}
            </Stack>
          </Checkbox.Group>
        )}
        {has("garantia") && (
          <NativeSelect
            label={t("amendments.form.newGuarantee")}
            description={t("amendments.form.newGuaranteeHelp", { garantia: guaranteeName(atual.garantia) })}
            value={garantia}
            onChange={(e) => {
              setGarantia(e.currentTarget.value);
              clear("garantia");
            }}
            data={[
              { value: "", label: t("amendments.form.chooseGuarantee"), disabled: true },
              ...guarantees.map((g) => ({ value: g, label: guaranteeOption(g) })),
            ]}
            error={problems.garantia}
            required
          />
        )}
        {newGuarantor &&
          (names ? (
            <NewGuarantorFields people={people} />
          ) : (
            from.fiador && <NamedByTenant person={from.fiador} testId="amendment-guarantor-named" />
          ))}
        <TextInput
          type="date"
          label={t("amendments.form.effect")}
          description={t("amendments.form.effectHelp")}
          min={brazilToday()}
          value={efeito}
          onChange={(e) => {
            setEfeito(e.currentTarget.value);
            clear("efeito");
          }}
          error={problems.efeito}
          required
        />
        <Textarea
          label={t("amendments.form.motivo")}
          description={t("amendments.form.motivoHelp")}
          value={motivo}
          onChange={(e) => {
            setMotivo(e.currentTarget.value);
            clear("motivo");
          }}
          error={problems.motivo}
          maxLength={NOTICE_REASON_MAX}
          autosize
          minRows={2}
          required
        />
        {save.error && (
          <Text size="sm" c="red" role="alert">
            {errors.message(save.error)}
          </Text>
        )}
        <Group gap="xs">
          <Button type="submit" loading={save.isPending}>
            {counter ? t("amendments.form.submitCounter") : t("amendments.form.submit")}
          </Button>
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t("common.cancel")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
