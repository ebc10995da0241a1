import { Button, Card, Checkbox, Group, Stack, Text } from "@mantine/core";
import { Controller } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type {
  ProposalView,
  requestDocumentsFields,
  sendDocumentsFields,
} from "../../../shared/contracts/proposals";
import { PERSONAL_DOCUMENT_KINDS } from "../../../shared/contracts/storage";
import { CheckboxGroupField } from "../../components/fields/choice-fields";
import { TextareaField } from "../../components/fields/text-fields";
import { useErrorText } from "../../lib/error-text";
import { DocumentPicker } from "./document-picker";
import type { MoveForms } from "./move-forms";

/** The panel's own two buttons: give up, or make the move. */
function PanelButtons({
  label,
  pending,
  onSend,
  onCancel,
}: {
  label: string;
  pending: boolean;
  onSend: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel}>
        {t("proposal.cancel")}
      </Button>
      <Button loading={pending} onClick={onSend}>
        {label}
      </Button>
    </Group>
  );
}

/** The landlord asks for documents: which kinds, and a message. */
export function RequestDocumentsPanel({
  form,
  pending,
  onSend,
  onCancel,
}: {
  form: MoveForms["requesting"];
  pending: boolean;
  onSend: (move: z.output<typeof requestDocumentsFields>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <CheckboxGroupField control={form.control} name="documentos" label={t("proposal.which")}>
          <Stack gap={4} mt={4}>
            {PERSONAL_DOCUMENT_KINDS.map((k) => (
              <Checkbox key={k} value={k} label={t(`documents.kinds.${k}`)} />
            ))}
          </Stack>
        </CheckboxGroupField>
        <TextareaField
          control={form.control}
          name="mensagem"
          label={t("proposal.message")}
          maxLength={2000}
        />
        <PanelButtons
          label={t("proposal.requestDocuments")}
          pending={pending}
          onSend={() => void form.handleSubmit(onSend)()}
          onCancel={onCancel}
        />
      </Stack>
    </Card>
  );
}

/** The tenant sends the documents asked for, picked from hers or uploaded here. */
export function SendDocumentsPanel({
  proposal,
  form,
  userId,
  pending,
  onSend,
  onCancel,
}: {
  proposal: ProposalView;
  form: MoveForms["sending"];
  userId: string | null;
  pending: boolean;
  onSend: (move: z.output<typeof sendDocumentsFields>) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Text size="sm">
          {t("proposal.requested", {
            kinds: proposal.documentosSolicitados.map((k) => t(`documents.kinds.${k}`)).join(", "),
          })}
        </Text>
        <Controller
          control={form.control}
          name="documentos"
          render={({ field }) => (
            <DocumentPicker value={field.value} onChange={field.onChange} userId={userId} />
          )}
        />
        {form.formState.errors.documentos && (
          <Text c="red" size="sm" role="alert">
            {err.field(form.formState.errors.documentos.message)}
          </Text>
        )}
        <PanelButtons
          label={t("proposal.sendDocuments")}
          pending={pending}
          onSend={() => void form.handleSubmit(onSend)()}
          onCancel={onCancel}
        />
      </Stack>
    </Card>
  );
}
