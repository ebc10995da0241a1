import {
  Button,
  Checkbox,
  Group,
  NativeSelect,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from "@mantine/core";
import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  AMENDMENT_EFFECT_MAX_DAYS,
  AMENDMENT_TERM_MAX,
  type AmendmentChanges,
  type LeaseAmendmentInput,
  type LeaseAmendments,
  type LeaseAmendmentView,
  leaseAmendmentInput,
  NOTICE_REASON_MAX,
} from "../../../shared/contracts/lease";
import { leaseLastDay } from "../../../shared/dates";
import { daysFrom } from "../../../shared/lease/term";
import { formatBRL, reaisToCentavos, toReais } from "../../../shared/money";
import { shiftMonth } from "../../../shared/rent/calendar";
import { MoneyInput } from "../../components/money-input";
import { WholeNumberInput } from "../../components/whole-number-input";
import { useErrorText } from "../../lib/error-text";
import { useProposeAmendment } from "./api";
import { brazilToday, isDay, useChargeFormat } from "./charge-format";

/*
 * The amendment form of /Locacao (issue 33 item 1), loaded when a party opens it: a new amendment,
 * or a counter to the other party's open one, prefilled with what that one changes. Its checks
 * are the contract's (leaseAmendmentInput) plus the server's that the form can know: the new
 * guarantee is another, the new term does not end before the change, the date is within a year.
 */

type Change = keyof AmendmentChanges;
const CHANGES: readonly Change[] = ["aluguel", "prazoMeses", "diaVencimento", "saemColocatarios", "garantia"];
/** The guarantees an amendment may bring: none needs a guarantor (the contract's enum). */
const GUARANTEES = ["seguro_fianca", "caucao", "titulo_capitalizacao"] as const;

type Problems = Partial<Record<Change | "mudancas" | "efeito" | "motivo", string>>;

/** The first day of the month after `day`'s: the usual day for a change of terms to start. */
const firstOfNextMonth = (day: string) => `${shiftMonth(day.slice(0, 7), 1)}-01`;

const orEmpty = (n: number | undefined) => (n === undefined ? "" : n);
const orNaN = (n: number | "") => (n === "" ? Number.NaN : n);

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
  const from = counter?.mudancas ?? {};
  const [chosen, setChosen] = useState<string[]>(() => CHANGES.filter((c) => from[c] !== undefined));
  const [reais, setReais] = useState<number | "">(() =>
    from.aluguel === undefined ? "" : toReais(from.aluguel),
  );
  const [prazo, setPrazo] = useState<number | "">(orEmpty(from.prazoMeses));
  const [dia, setDia] = useState<number | "">(orEmpty(from.diaVencimento));
  const [saem, setSaem] = useState<string[]>(from.saemColocatarios ?? []);
  const [garantia, setGarantia] = useState<string>(from.garantia ?? "");
  const [efeito, setEfeito] = useState(() => counter?.efeito ?? firstOfNextMonth(brazilToday()));
  const [motivo, setMotivo] = useState("");
  const [problems, setProblems] = useState<Problems>({});

  const has = (c: Change) => chosen.includes(c);
  const options = CHANGES.filter((c) => c !== "saemColocatarios" || atual.colocatarios.length > 0);
  const guarantees = GUARANTEES.filter((g) => g !== atual.garantia);
  const clear = (k: keyof Problems) => setProblems((p) => ({ ...p, [k]: undefined }));
  const months = (n: number) => t("listings.months", { count: n });
  const guaranteeName = (g: string) => t(`listings.guarantees.${g}`, { defaultValue: g });

  /** The contract's checks and the server's that the form can know, each by its field. */
  function check(): { body: LeaseAmendmentInput } | { problems: Problems } {
    const input = {
      mudancas: {
        aluguel: has("aluguel") ? (reais === "" ? Number.NaN : reaisToCentavos(reais)) : undefined,
        prazoMeses: has("prazoMeses") ? orNaN(prazo) : undefined,
        diaVencimento: has("diaVencimento") ? orNaN(dia) : undefined,
        saemColocatarios: has("saemColocatarios") ? saem : undefined,
        garantia: has("garantia") ? garantia : undefined,
      },
      efeito,
      motivo,
    };
    const found: Problems = {};
    const parsed = leaseAmendmentInput.safeParse(input);
    if (!parsed.success)
      for (const issue of parsed.error.issues) {
        const [top, change] = issue.path;
        const key = (top === "mudancas" ? (change ?? "mudancas") : top) as keyof Problems;
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
    else if (!found.garantia && has("garantia") && garantia === atual.garantia)
      found.garantia = errors.field("lease-amendment-guarantee");
    if (!parsed.success || Object.keys(found).length > 0) return { problems: found };
    return { body: parsed.data };
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const checked = check();
    if ("problems" in checked) return setProblems(checked.problems);
    setProblems({});
    try {
      await save.mutateAsync({ contra: counter?.id ?? null, body: checked.body });
    } catch {
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
              ...guarantees.map((g) => ({ value: g, label: guaranteeName(g) })),
            ]}
            error={problems.garantia}
            required
          />
        )}
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
