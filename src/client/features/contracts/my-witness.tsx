import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { type ContractView, witnessInput } from "../../../shared/contracts/contracts";
import { CpfCnpjField, TextField } from "../../components/fields/text-fields";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { revealFirstError } from "../../lib/reveal-error";
import { useSaveWitness } from "./api/contracts";

type PersonDraft = z.input<typeof witnessInput>;

const empty = (): PersonDraft => ({ nome: "", cpf: "", email: "" });

/** The one witness a party may name (or take back); the server holds the signer rules. */
export function MyWitness({ contract }: { contract: ContractView }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const me = contract.role === "landlord" ? "locador" : "locatario";
  const mine = contract.plannedSigners.find((s) => s.role === "testemunha" && s.indicadoPor === me);
  // The form shows while the party names someone; the server holds the signer rules.
  const [editing, setEditing] = useState(false);
  const form = useForm<PersonDraft, unknown, z.output<typeof witnessInput>>({
    resolver: zodResolver(witnessInput),
    defaultValues: empty(),
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
  const saveWitness = useSaveWitness(contract.id);
  // A refusal the server ties to a field ("testemunha.email") goes under that field, said once.
  const [placed, setPlaced] = useState(false);
  const save = (testemunha: PersonDraft | null) =>
    saveWitness.mutate(
      { testemunha },
      {
        onSuccess: () => {
          setEditing(false);
          notifications.show({ color: "teal", message: t("contract.witnessSaved") });
        },
        onError: (e) => {
          let onField = false;
          for (const issue of e instanceof ApiError ? e.issues : []) {
            const field = /^testemunha\.(nome|cpf|email)$/.exec(issue.path)?.[1] as
              | keyof PersonDraft
              | undefined;
            if (field) {
              form.setError(field, { message: issue.message });
              onField = true;
            }
          }
          setPlaced(onField);
          if (onField) revealFirstError();
        },
      },
    );
  const startEditing = () => {
    form.reset(empty());
    setEditing(true);
  };
  const submit = form.handleSubmit(
    (witness) => save(witness),
    () => revealFirstError(),
  );
  return (
    <Stack gap="xs">
      <Text size="sm" fw={600}>
        {t("contract.myWitness")}
      </Text>
      <Text size="xs" c="dimmed">
        {t("contract.witnessRules")}
      </Text>
      {mine && !editing && (
        <Group gap="xs">
          <Text size="sm">{mine.nome}</Text>
          <Button
            size="compact-sm"
            variant="subtle"
            color="red"
            loading={saveWitness.isPending}
            onClick={() => save(null)}
          >
            {t("contract.removeWitness")}
          </Button>
        </Group>
      )}
      {!editing && (
        <Group>
          <Button size="sm" variant="light" onClick={startEditing}>
            {mine ? t("contract.changeWitness") : t("contract.addWitness")}
          </Button>
        </Group>
      )}
      {editing && (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextField
              control={form.control}
              name="nome"
              label={t("contract.witnessName")}
              maxLength={150}
              autoComplete="off"
            />
            <CpfCnpjField control={form.control} name="cpf" label={t("contract.witnessCpf")} />
            <TextField
              control={form.control}
              name="email"
              label={t("contract.witnessEmail")}
              type="email"
              maxLength={254}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setEditing(false)}>
              {t("proposal.cancel")}
            </Button>
            <Button loading={saveWitness.isPending} onClick={() => void submit()}>
              {t("contract.saveWitness")}
            </Button>
          </Group>
        </Stack>
      )}
      {saveWitness.error && !placed && (
        <Alert color="red" role="alert">
          {err.message(saveWitness.error)}
        </Alert>
      )}
    </Stack>
  );
}
