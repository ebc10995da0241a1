import { zodResolver } from "@hookform/resolvers/zod";
import {
  ActionIcon,
  Alert,
  Badge,
  Button,
  Card,
  FileButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { IconArrowLeft, IconArrowRight, IconPhotoPlus, IconStar, IconX } from "@tabler/icons-react";
import { useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import {
  formatCep,
  MAX_UNIT_PHOTOS,
  type UnitInput,
  type UnitView,
  unitInput,
} from "../../../shared/contracts/listings";
import { UNIT_TYPES } from "../../../shared/listing-names";
import { AddressFieldset } from "../../components/address-fieldset";
import { CheckboxField } from "../../components/fields/checkbox-field";
import { NumberField } from "../../components/fields/number-fields";
import { SelectField } from "../../components/fields/select-field";
import { TextareaField, TextField } from "../../components/fields/text-fields";
import { UploadProgress, useRevealed } from "../../components/upload-progress";
import { applyIssues } from "../../lib/apply-issues";
import { useErrorText } from "../../lib/error-text";
import { dismissUpload, StorageError, type UploadTask, uploadFile } from "../../lib/storage";
import { storageErrorText } from "../../lib/storage-error-text";
import { UnitPhoto } from "./unit-photo";

const EMPTY: UnitInput = {
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
  onSave,
}: {
  initial?: UnitView;
  /** Whose uploads the photos are (they resume after a reload for the same user only). */
  userId: string | null;
  onSave: (input: UnitInput) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const form = useForm<UnitInput>({
    resolver: zodResolver(unitInput) as never,
    defaultValues: initial ? unitToInput(initial) : EMPTY,
    mode: "onTouched",
  });
  const { control, handleSubmit, formState, setValue, watch, setError } = form;
  const fotos = watch("fotos") ?? [];
  const [uploads, setUploads] = useState<UploadTask[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const uploading = uploads.some(
    (u) => u.state === "running" || u.state === "pausing" || u.state === "paused",
  );

  // The order the photos were chosen in (issue 29: the order uploads finished in made a small
  // third photo the cover). Each finished upload takes its own place among the chosen ones.
  const chosen = useRef(0);
  const chosenAs = useRef(new Map<string, number>());
  // Failed uploads, said where the photos are (not at the foot of the form, off-screen on a phone).
  const [failures, setFailures] = useState<{ key: string; text: string }[]>([]);

  function placeChosen(docId: string, order: number) {
    chosenAs.current.set(docId, order);
    const current = form.getValues("fotos") ?? [];
    // Before the first photo chosen after it; photos already saved came before any of them.
    const at = current.findIndex((id) => (chosenAs.current.get(id) ?? -1) > order);
    const next = at === -1 ? [...current, docId] : [...current.slice(0, at), docId, ...current.slice(at)];
    setValue("fotos", next, { shouldDirty: true });
  }

  function addPhotos(files: File[]) {
    if (!userId) return;
    setFailures([]);
    const room = MAX_UNIT_PHOTOS - fotos.length - uploads.length;
    for (const file of files.slice(0, Math.max(0, room))) {
      const order = chosen.current++;
      const task = uploadFile(
        file,
        { filename: file.name, kind: "foto_unidade", folder: "unidades" },
        userId,
      );
      setUploads((list) => [...list, task]);
      task.done.then(
        (doc) => {
          placeChosen(doc.id, order);
          setUploads((list) => list.filter((x) => x !== task));
        },
        (e: unknown) => {
          if (!(e instanceof StorageError && e.code === "canceled"))
            setFailures((list) => [
              ...list,
              {
                key: task.id,
                text: t("units.photoFailed", { name: file.name, reason: storageErrorText(e, t) }),
              },
            ]);
          // Said in the form; the uploads panel need not show the same failure again.
          dismissUpload(task.id);
          setUploads((list) => list.filter((x) => x !== task));
        },
      );
    }
    if (files.length > room)
      setFailures((list) => [...list, { key: "too-many", text: t("errors.too-many-photos") }]);
  }

  function movePhoto(index: number, to: number) {
    const next = [...fotos];
    const [item] = next.splice(index, 1);
    if (item) next.splice(to, 0, item);
    setValue("fotos", next, { shouldDirty: true });
  }

  const submit = handleSubmit(async (values) => {
    setProblem(null);
    if (uploading) {
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
          </Stack>
        </Card>

        <Card withBorder padding="md" data-testid="unit-photos-card">
          <Stack gap="sm">
            <Group justify="space-between">
              <div>
                <Title order={3} size="h4">
                  {t("units.sections.photos")}
                </Title>
                <Text size="xs" c="dimmed">
                  {t("units.photosHelp")}
                </Text>
              </div>
              <FileButton onChange={addPhotos} accept="image/jpeg,image/png,image/webp" multiple>
                {(props) => (
                  <Button
                    {...props}
                    variant="light"
                    leftSection={<IconPhotoPlus size={16} />}
                    disabled={fotos.length + uploads.length >= MAX_UNIT_PHOTOS}
                    data-testid="unit-add-photos"
                  >
                    {t("units.addPhotos")}
                  </Button>
                )}
              </FileButton>
            </Group>
            {photosError && (
              <Text c="red" size="sm">
                {photosError}
              </Text>
            )}
            <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="unit-photos">
              {fotos.map((id, i) => (
                <Card key={id} withBorder padding={4}>
                  <UnitPhoto id={id} alt={t("units.photoAlt", { n: i + 1 })} h={100} />
                  <Group justify="space-between" gap={2} mt={4} wrap="nowrap">
                    {i === 0 ? (
                      <Badge size="sm" leftSection={<IconStar size={10} />}>
                        {t("units.cover")}
                      </Badge>
                    ) : (
                      <Tooltip label={t("units.makeCover")}>
                        <ActionIcon
                          variant="subtle"
                          size="sm"
                          aria-label={`${t("units.makeCover")} ${i + 1}`}
                          onClick={() => movePhoto(i, 0)}
                        >
                          <IconStar size={14} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    <Group gap={2} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={`${t("units.moveLeft")} ${i + 1}`}
                        disabled={i === 0}
                        onClick={() => movePhoto(i, i - 1)}
                      >
                        <IconArrowLeft size={14} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        size="sm"
                        aria-label={`${t("units.moveRight")} ${i + 1}`}
                        disabled={i === fotos.length - 1}
                        onClick={() => movePhoto(i, i + 1)}
                      >
                        <IconArrowRight size={14} />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        size="sm"
                        aria-label={t("units.removePhoto", { n: i + 1 })}
                        onClick={() =>
                          setValue(
                            "fotos",
                            fotos.filter((x) => x !== id),
                            { shouldDirty: true },
                          )
                        }
                      >
                        <IconX size={14} />
                      </ActionIcon>
                    </Group>
                  </Group>
                </Card>
              ))}
            </SimpleGrid>
            {uploads.map((task) => (
              <UploadProgress key={task.id} task={task} />
            ))}
            {failures.map((f) => (
              <PhotoFailure
                key={f.key}
                text={f.text}
                onClose={() => setFailures((list) => list.filter((x) => x !== f))}
              />
            ))}
          </Stack>
        </Card>

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

/** Why a photo was not added: announced, and brought into view where the photos are. */
function PhotoFailure({ text, onClose }: { text: string; onClose: () => void }) {
  const { t } = useTranslation();
  const ref = useRevealed<HTMLDivElement>(true);
  return (
    <Alert
      ref={ref}
      color="red"
      variant="light"
      role="alert"
      withCloseButton
      closeButtonLabel={t("storage.dismiss")}
      onClose={onClose}
      data-testid="photo-failure"
    >
      {text}
    </Alert>
  );
}
