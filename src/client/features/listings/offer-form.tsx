import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  CAUCAO_MAX_MONTHS,
  GUARANTEES,
  type OfferUpdate,
  type OfferView,
  offerUpdate,
  PRAZO_DEFAULT,
  pacote,
  READJUSTMENT_INDEXES,
} from "../../../shared/contracts/listings";
import { formatBRL, reaisToCentavos, toReais } from "../../../shared/money";
import { CheckboxGroupField } from "../../components/fields/choice-fields";
import { MoneyField, NumberField } from "../../components/fields/number-fields";
import { SelectField } from "../../components/fields/select-field";
import { DateField, TextareaField } from "../../components/fields/text-fields";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";

/** The form works in reais; the API in centavos. */
interface OfferFormValues {
  aluguel: number;
  condominio: number;
  iptu: number;
  seguroIncendio: number;
  garantias: OfferUpdate["garantias"];
  caucaoMeses: number | null;
  prazoMeses: number;
  reajuste: (typeof READJUSTMENT_INDEXES)[number];
  disponivelEm: string;
  descricao: string;
}

const MONEY = ["aluguel", "condominio", "iptu", "seguroIncendio"] as const;

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

export function toOfferUpdate(v: OfferFormValues): OfferUpdate {
  return {
    aluguel: reaisToCentavos(v.aluguel),
    condominio: reaisToCentavos(v.condominio),
    iptu: reaisToCentavos(v.iptu),
    seguroIncendio: reaisToCentavos(v.seguroIncendio),
    garantias: v.garantias,
    caucaoMeses: v.garantias.includes("caucao") ? v.caucaoMeses : null,
    prazoMeses: v.prazoMeses,
    reajuste: v.reajuste,
    disponivelEm: v.disponivelEm,
    descricao: v.descricao,
  };
}

/** Checks the form with the shared contract, after turning reais into centavos. */
const resolver = (values: OfferFormValues, context: unknown, options: never) =>
  (
    zodResolver(offerUpdate) as unknown as (
      v: unknown,
      c: unknown,
      o: never,
    ) => Promise<{ values: unknown; errors: Record<string, unknown> }>
  )(toOfferUpdate(values), context, options).then((r) =>
    Object.keys(r.errors).length > 0 ? { values: {}, errors: r.errors } : { values, errors: {} },
  );

export function OfferForm({
  initial,
  onSave,
}: {
  initial?: OfferView;
  onSave: (input: OfferUpdate) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<OfferFormValues>({
    resolver: resolver as never,
    mode: "onTouched",
    defaultValues: initial
      ? {
          aluguel: toReais(initial.aluguel),
          condominio: toReais(initial.condominio),
          iptu: toReais(initial.iptu),
          seguroIncendio: toReais(initial.seguroIncendio),
          garantias: initial.garantias,
          caucaoMeses: initial.caucaoMeses,
          prazoMeses: initial.prazoMeses,
          reajuste: initial.reajuste,
          disponivelEm: initial.disponivelEm,
          descricao: initial.descricao,
        }
      : {
          aluguel: Number.NaN,
          condominio: 0,
          iptu: 0,
          seguroIncendio: 0,
          garantias: ["seguro_fianca"],
          caucaoMeses: null,
          prazoMeses: PRAZO_DEFAULT,
          reajuste: "IGP-M",
          disponivelEm: today(),
          descricao: "",
        },
  });
  const { control, handleSubmit, formState, watch, setError } = form;
  const values = watch();
  const payload = toOfferUpdate(values);
  const total = [payload.aluguel, payload.condominio, payload.iptu, payload.seguroIncendio].every(
    Number.isFinite,
  )
    ? pacote({
        aluguel: payload.aluguel,
        condominio: payload.condominio ?? 0,
        iptu: payload.iptu ?? 0,
        seguroIncendio: payload.seguroIncendio ?? 0,
      })
    : null;
  const field = <N extends keyof OfferFormValues>(name: N) => ({
    control,
    name,
    label: t(`offer.fields.${name}`),
  });

  const submit = handleSubmit(async (v) => {
    setProblem(null);
    try {
      await onSave(toOfferUpdate(v));
    } catch (e) {
      applyIssues(e, setError, Object.keys(values) as (keyof OfferFormValues)[]);
      setProblem(err.message(e));
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {MONEY.map((name) => (
            <MoneyField key={name} {...field(name)} fixedDecimalScale />
          ))}
        </SimpleGrid>
        <Card withBorder padding="sm" bg="var(--mantine-color-blue-light)">
          <Group justify="space-between">
            <Text fw={600}>{t("offer.pacote")}</Text>
            <Text fw={700} size="lg" data-testid="pacote">
              {total === null ? "—" : formatBRL(total)}
            </Text>
          </Group>
        </Card>
        <CheckboxGroupField {...field("garantias")}>
          <Group mt={6}>
            {GUARANTEES.map((g) => (
              <Checkbox key={g} value={g} label={t(`listings.guarantees.${g}`)} />
            ))}
          </Group>
        </CheckboxGroupField>
        {values.garantias?.includes("caucao") && (
          <SelectField
            {...field("caucaoMeses")}
            data={Array.from({ length: CAUCAO_MAX_MONTHS }, (_, i) => String(i + 1))}
            parse={Number}
            maw={240}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <NumberField {...field("prazoMeses")} min={1} max={120} />
          <SelectField {...field("reajuste")} data={[...READJUSTMENT_INDEXES]} allowDeselect={false} />
          <DateField {...field("disponivelEm")} />
        </SimpleGrid>
        <TextareaField {...field("descricao")} autosize minRows={2} maxLength={5000} />
        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting}>
            {t("offer.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
