import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, Group, SimpleGrid, Stack, Title } from "@mantine/core";
import { useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  formatCep,
  INVENTORY_MAX,
  type UnitInput,
  type UnitView,
  unitInput,
} from "../../../shared/contracts/listings";
import { UNIT_TYPES } from "../../../shared/listing-names";
import { ActingAsField, type CompanyChoice } from "../../components/acting-as-field";
import { AddressFieldset } from "../../components/address-fieldset";
import { CheckboxField } from "../../components/fields/checkbox-field";
import { NumberField } from "../../components/fields/number-fields";
import { SelectField } from "../../components/fields/select-field";
import { TextareaField, TextField } from "../../components/fields/text-fields";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";
import { UnitPhotosCard } from "./unit-photos-card";
import { useUnitPhotos } from "./use-unit-photos";

const EMPTY: UnitInput = {
  empresaId: null,
  tipo: "apartamento",
  cep: "",
  logradouro: "",
  numero: "",
  complemento: "",
  bairro: "",
  cidade: "",
  uf: "SP",
  areaM2: 50,
  quartos: 1,
  banheiros: 1,
  vagas: 0,
  mobiliado: false,
  aceitaPets: false,
  inventario: "",
  descricao: "",
  matricula: "",
  fotos: [],
};

export function unitToInput(u: UnitView): UnitInput {
  const { id: _i, createdAt: _c, updatedAt: _u, ofertas: _o, ...rest } = u;
  return { ...rest, cep: formatCep(rest.cep) };
}

/** The unit's data and photos; `onSave` gets the checked input and answers with the saved unit. */
export function UnitForm({
  initial,
  userId,
  companies = [],
  onSave,
}: {
  initial?: UnitView;
  /** Whose uploads the photos are (they resume after a reload for the same user only). */
  userId: string | null;
  /** One's companies, any of which the unit may be let in the name of (issue 34); none: no choice. */
  companies?: readonly CompanyChoice[];
  onSave: (input: UnitInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const form = useForm<UnitInput>({
    resolver: zodResolver(unitInput) as never,
    defaultValues: initial ? unitToInput(initial) : EMPTY,
    mode: "onTouched",
  });
  const { control, handleSubmit, formState, setError } = form;
  const photos = useUnitPhotos(form, userId);
  const furnished = useWatch({ control, name: "mobiliado" });
  const [problem, setProblem] = useState<string | null>(null);

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    if (photos.uploading) {
      setProblem(t("units.waitUploads"));
      return;
    }
    try {
      await onSave(values);
    } catch (e) {
      applyIssues(e, setError, Object.keys(EMPTY) as (keyof UnitInput)[]);
      setProblem(err.message(e));
    }
  });

  const field = <N extends keyof UnitInput>(name: N) => ({ control, name, label: t(`units.fields.${name}`) });
  const photosError = err.field(formState.errors.fotos?.message);

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="lg">
        {companies.length > 0 && (
          <Card withBorder padding="md">
            <ActingAsField
              control={control}
              name="empresaId"
              companies={companies}
              description={t("companies.actingAsUnitHelp")}
            />
          </Card>
        )}
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t("units.sections.type")}
            </Title>
            <SelectField
              {...field("tipo")}
              data={UNIT_TYPES.map((v) => ({ value: v, label: t(`listings.types.${v}`) }))}
              allowDeselect={false}
            />
          </Stack>
        </Card>

        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t("units.sections.address")}
            </Title>
            <AddressFieldset form={form} numeroHelp={t("units.numeroHelp")} cepMaxLength={9} />
          </Stack>
        </Card>

        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t("units.sections.features")}
            </Title>
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              {(["areaM2", "quartos", "banheiros", "vagas"] as const).map((name) => (
                <NumberField key={name} {...field(name)} min={name === "areaM2" ? 1 : 0} />
              ))}
            </SimpleGrid>
            <Group>
              <CheckboxField {...field("mobiliado")} />
              <CheckboxField {...field("aceitaPets")} />
            </Group>
            {furnished && (
              <TextareaField
                {...field("inventario")}
                description={t("units.inventarioHelp")}
                autosize
                minRows={3}
                maxLength={INVENTORY_MAX}
              />
            )}
          </Stack>
        </Card>

        <UnitPhotosCard photos={photos} error={photosError} />

        <Card withBorder padding="md">
          <Stack gap="sm">
            <Title order={3} size="h4">
              {t("units.sections.about")}
            </Title>
            <TextareaField {...field("descricao")} autosize minRows={3} maxLength={5000} />
            <TextField {...field("matricula")} />
          </Stack>
        </Card>

        {problem && (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={formState.isSubmitting} size="md">
            {t("units.save")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
