import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, Checkbox, Group, Modal, Stack, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { Fragment, type ReactNode, useState } from "react";
import { FormProvider, useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import type {
  OfferRules,
  ProposalAction,
  ProposalActionName,
  ProposalView,
} from "../../../shared/contracts/proposals";
import { PERSONAL_DOCUMENT_KINDS } from "../../../shared/contracts/storage";
import { actionsFor } from "../../../shared/proposal-machine";
import { useErrorText } from "../../lib/error-text";
import { revealFirstError } from "../../lib/reveal-error";
import { useProposalAction } from "./api/proposals";
import { DocumentPicker } from "./document-picker";
import { checkGuarantor, emptyGuarantor, GuarantorFields } from "./guarantor-fields";
import { addIssues, checkTerms, draftFrom, TermsFields, termsDraftShape } from "./terms-form";

type Panel = null | "counter" | "reject" | "documents" | "withdraw" | "approve" | "send" | "guarantor";

const counterDraft = z.object({
  ...termsDraftShape,
  mensagem: z.string(),
  fiador: z.object({ nome: z.string(), cpf: z.string(), email: z.string(), parentesco: z.string() }),
});
type CounterDraft = z.infer<typeof counterDraft>;
type Counter = Extract<ProposalAction, { action: "counter" }>;

/**
 * A counter-offer as the server will check it: the terms by the offer's rules, and the guarantor
 * when the tenant names one (the landlord never does: decision 017).
 */
export const counterSchema = (offer: OfferRules, tenantNamesGuarantor: boolean, now = new Date()) =>
  counterDraft.transform((d, ctx): Counter => {
    const { terms, errors } = checkTerms(d, offer, now);
    const named = tenantNamesGuarantor && d.garantia === "fiador" ? checkGuarantor(d.fiador) : null;
    addIssues(ctx, { ...errors, ...(named?.errors ?? {}) });
    if (!terms || (named && !named.fiador)) return z.NEVER;
    return {
      action: "counter",
      termos: terms,
      mensagem: d.mensagem,
      ...(named?.fiador ? { fiador: named.fiador } : {}),
    };
  });

/** The counter-offer's form, kept while its panel closes and opens again. */
export function useCounterForm(proposal: ProposalView) {
  return useForm<CounterDraft, unknown, Counter>({
    resolver: zodResolver(counterSchema(proposal.oferta, proposal.role === "tenant")),
    defaultValues: {
      ...draftFrom(proposal.termos),
      mensagem: "",
      fiador: proposal.fiador ? { ...proposal.fiador } : emptyGuarantor(),
    },
    // As in the proposal form: messages change when the user sends again; the page moves to the
    // first error (revealFirstError).
    reValidateMode: "onSubmit",
    shouldFocusError: false,
  });
}

/** The counter-offer: the terms (and, for the tenant with fiador, the guarantor) and a message. */
export function CounterForm({
  proposal,
  form,
  pending,
  onSend,
  onCancel,
}: {
  proposal: ProposalView;
  form: ReturnType<typeof useCounterForm>;
  pending: boolean;
  onSend: (counter: Counter) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const landlord = proposal.role === "landlord";
  // After "pedir outro fiador" the tenant's counter is, first of all, a new guarantor.
  const namingGuarantor = !landlord && proposal.termos.garantia === "fiador" && !proposal.fiador;
  const garantia = form.watch("garantia");
  const send = form.handleSubmit(onSend, () => revealFirstError());
  return (
    <FormProvider {...form}>
      <Card withBorder padding="md">
        <Stack gap="sm">
          <Title order={3} size="h4">
            {namingGuarantor ? t("proposal.nameGuarantor") : t("proposal.counterTitle")}
          </Title>
          <TermsFields offer={proposal.oferta} />
          {/* The tenant names the guarantor; the landlord can only ask for another. */}
          {!landlord && garantia === "fiador" && <GuarantorFields />}
          <Textarea
            label={t("proposal.message")}
            {...form.register("mensagem")}
            maxLength={2000}
            autosize
            minRows={2}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t("proposal.cancel")}
            </Button>
            <Button loading={pending} onClick={() => void send()}>
              {namingGuarantor ? t("proposal.sendGuarantor") : t("proposal.sendCounter")}
            </Button>
          </Group>
        </Stack>
      </Card>
    </FormProvider>
  );
}

/**
 * The moves the rules give this party now (the shared state machine's `actionsFor`), each a
 * button with its form or confirmation. `approvalNotice` says what the landlord must do before
 * approving (her profile), when the screen knows.
 */
export function ProposalActions({
  proposal,
  approvalNotice,
  userId = null,
}: {
  proposal: ProposalView;
  approvalNotice?: (proposal: ProposalView) => ReactNode;
  userId?: string | null;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const [panel, setPanel] = useState<Panel>(null);
  const [reason, setReason] = useState("");
  const [message, setMessage] = useState("");
  const [kinds, setKinds] = useState<string[]>([]);
  const [docs, setDocs] = useState<string[]>([]);
  const act = useProposalAction(proposal.id);
  const counter = useCounterForm(proposal);
  const mutate = (action: ProposalAction) =>
    act.mutate(action, {
      onSuccess: () => {
        setPanel(null);
        notifications.show({ color: "teal", message: t("proposal.done") });
      },
    });
  if (proposal.turn === null) return null;
  const allowed = new Set<ProposalActionName>(actionsFor(proposal.status, proposal.role));
  const error = act.error ? err.message(act.error) : null;
  const fiador = proposal.termos.garantia === "fiador";
  // With fiador and no guarantor (the landlord asked for another), the tenant names one first.
  const needsGuarantor = fiador && !proposal.fiador;
  const moves: { action: ProposalActionName; button: ReactNode }[] = [
    {
      action: "approve",
      button: (
        <Button color="teal" onClick={() => setPanel("approve")}>
          {t("proposal.approve")}
        </Button>
      ),
    },
    {
      action: "accept",
      button: needsGuarantor ? (
        <Button color="teal" onClick={() => setPanel("counter")}>
          {t("proposal.nameGuarantor")}
        </Button>
      ) : (
        <Button
          color="teal"
          loading={act.isPending && act.variables?.action === "accept"}
          onClick={() => mutate({ action: "accept" })}
        >
          {t("proposal.accept")}
        </Button>
      ),
    },
    {
      action: "counter",
      button: (
        <Button variant="light" onClick={() => setPanel("counter")}>
          {t("proposal.counter")}
        </Button>
      ),
    },
    {
      action: "request_documents",
      button: (
        <Button variant="light" onClick={() => setPanel("documents")}>
          {t("proposal.requestDocuments")}
        </Button>
      ),
    },
    {
      action: "request_guarantor",
      // Only a named guarantor can be refused.
      button: fiador && proposal.fiador && (
        <Button variant="light" onClick={() => setPanel("guarantor")}>
          {t("proposal.requestGuarantor")}
        </Button>
      ),
    },
    {
      action: "send_documents",
      button: <Button onClick={() => setPanel("send")}>{t("proposal.sendDocuments")}</Button>,
    },
    {
      action: "reject",
      button: (
        <Button variant="subtle" color="red" onClick={() => setPanel("reject")}>
          {t("proposal.reject")}
        </Button>
      ),
    },
  ];
  const offered = moves.filter((m) => allowed.has(m.action) && m.button);

  return (
    <Stack gap="sm" data-testid="proposal-actions">
      {offered.length > 0 && (
        <Group gap="xs">
          {offered.map((m) => (
            <Fragment key={m.action}>{m.button}</Fragment>
          ))}
        </Group>
      )}
      {allowed.has("withdraw") && (
        <Group>
          <Button variant="subtle" color="gray" size="xs" onClick={() => setPanel("withdraw")}>
            {t("proposal.withdraw")}
          </Button>
        </Group>
      )}
      {panel === "counter" && (
        <CounterForm
          proposal={proposal}
          form={counter}
          pending={act.isPending}
          onSend={mutate}
          onCancel={() => setPanel(null)}
        />
      )}
      {panel === "documents" && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Checkbox.Group label={t("proposal.which")} value={kinds} onChange={setKinds}>
              <Stack gap={4} mt={4}>
                {PERSONAL_DOCUMENT_KINDS.map((k) => (
                  <Checkbox key={k} value={k} label={t(`documents.kinds.${k}`)} />
                ))}
              </Stack>
            </Checkbox.Group>
            <Textarea
              label={t("proposal.message")}
              value={message}
              onChange={(e) => setMessage(e.currentTarget.value)}
              maxLength={2000}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPanel(null)}>
                {t("proposal.cancel")}
              </Button>
              <Button
                loading={act.isPending}
                onClick={() =>
                  mutate({ action: "request_documents", documentos: kinds as never, mensagem: message })
                }
              >
                {t("proposal.requestDocuments")}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {panel === "send" && (
        <Card withBorder padding="md">
          <Stack gap="sm">
            <Text size="sm">
              {t("proposal.requested", {
                kinds: proposal.documentosSolicitados.map((k) => t(`documents.kinds.${k}`)).join(", "),
              })}
            </Text>
            <DocumentPicker value={docs} onChange={setDocs} userId={userId} />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPanel(null)}>
                {t("proposal.cancel")}
              </Button>
              <Button
                loading={act.isPending}
                onClick={() => mutate({ action: "send_documents", documentos: docs })}
              >
                {t("proposal.sendDocuments")}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {error && (
        <Alert color="red" role="alert">
          {error}
        </Alert>
      )}
      <Modal
        opened={panel === "reject"}
        onClose={() => setPanel(null)}
        title={t("proposal.rejectTitle")}
        centered
      >
        <Stack>
          <Textarea
            label={t("proposal.reason")}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            minRows={3}
            autosize
            maxLength={1000}
          />
          {error && (
            <Text c="red" size="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPanel(null)}>
              {t("proposal.cancel")}
            </Button>
            <Button
              color="red"
              loading={act.isPending}
              onClick={() => mutate({ action: "reject", motivo: reason })}
            >
              {t("proposal.reject")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={panel === "guarantor"}
        onClose={() => setPanel(null)}
        title={t("proposal.requestGuarantorTitle")}
        centered
      >
        <Stack>
          <Text size="sm">{t("proposal.requestGuarantorText", { nome: proposal.fiador?.nome ?? "" })}</Text>
          <Textarea
            label={t("proposal.reason")}
            value={reason}
            onChange={(e) => setReason(e.currentTarget.value)}
            minRows={3}
            autosize
            maxLength={1000}
          />
          {error && (
            <Text c="red" size="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPanel(null)}>
              {t("proposal.cancel")}
            </Button>
            <Button
              loading={act.isPending}
              onClick={() => mutate({ action: "request_guarantor", motivo: reason })}
            >
              {t("proposal.requestGuarantor")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={panel === "withdraw"}
        onClose={() => setPanel(null)}
        title={t("proposal.withdrawTitle")}
        centered
      >
        <Stack>
          <Text size="sm">{t("proposal.withdrawText")}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPanel(null)}>
              {t("proposal.cancel")}
            </Button>
            <Button color="red" loading={act.isPending} onClick={() => mutate({ action: "withdraw" })}>
              {t("proposal.withdraw")}
            </Button>
          </Group>
        </Stack>
      </Modal>
      <Modal
        opened={panel === "approve"}
        onClose={() => setPanel(null)}
        title={t("proposal.approveTitle")}
        centered
      >
        <Stack>
          <Text size="sm">{t("proposal.approveText")}</Text>
          {approvalNotice?.(proposal)}
          {error && (
            <Text c="red" size="sm">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setPanel(null)}>
              {t("proposal.cancel")}
            </Button>
            <Button color="teal" loading={act.isPending} onClick={() => mutate({ action: "approve" })}>
              {t("proposal.approve")}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
