import { zodResolver } from "@hookform/resolvers/zod";
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
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
import { MoneyInput } from "../../components/money-input";
import { WholeNumberInput } from "../../components/whole-number-input";
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
  const { control, register, handleSubmit, formState, watch, setError } = form;
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
  const fieldError = (name: keyof OfferFormValues) =>
    err.field(formState.errors[name]?.message as string | undefined);
  const f = (name: keyof OfferFormValues) => t(`offer.fields.${name}`);

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
            <Controller
              key={name}
              control={control}
              name={name}
              render={({ field }) => (
                <MoneyInput
                  label={f(name)}
                  value={field.value}
                  onChange={(v) => field.onChange(v === "" ? Number.NaN : v)}
                  onBlur={field.onBlur}
                  fixedDecimalScale
                  error={fieldError(name)}
                />
              )}
            />
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
        <Controller
          control={control}
          name="garantias"
          render={({ field }) => (
            <Checkbox.Group
              label={f("garantias")}
              value={field.value}
              onChange={(v) => field.onChange(v)}
              error={fieldError("garantias")}
            >
              <Group mt={6}>
                {GUARANTEES.map((g) => (
                  <Checkbox key={g} value={g} label={t(`listings.guarantees.${g}`)} />
                ))}
              </Group>
            </Checkbox.Group>
          )}
        />
        {values.garantias?.includes("caucao") && (
          <Controller
            control={control}
            name="caucaoMeses"
            render={({ field }) => (
              <Select
                label={f("caucaoMeses")}
                data={Array.from({ length: CAUCAO_MAX_MONTHS }, (_, i) => String(i + 1))}
                value={field.value ? String(field.value) : null}
                onChange={(v) => field.onChange(v ? Number(v) : null)}
                error={fieldError("caucaoMeses")}
                maw={240}
              />
            )}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Controller
            control={control}
            name="prazoMeses"
            render={({ field }) => (
              <WholeNumberInput
                label={f("prazoMeses")}
                value={field.value}
                onChange={(v) => field.onChange(v === "" ? Number.NaN : v)}
                onBlur={field.onBlur}
                min={1}
                max={120}
                error={fieldError("prazoMeses")}
              />
            )}
          />
          <Controller
            control={control}
            name="reajuste"
            render={({ field }) => (
              <Select
                label={f("reajuste")}
                data={[...READJUSTMENT_INDEXES]}
                value={field.value}
                onChange={(v) => v && field.onChange(v)}
                allowDeselect={false}
                error={fieldError("reajuste")}
              />
            )}
          />
          <TextInput
            type="date"
            label={f("disponivelEm")}
            {...register("disponivelEm")}
            error={fieldError("disponivelEm")}
          />
        </SimpleGrid>
        <Textarea
          label={f("descricao")}
          autosize
          minRows={2}
          maxLength={5000}
          {...register("descricao")}
          error={fieldError("descricao")}
        />
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
