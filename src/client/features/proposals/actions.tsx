import { zodResolver } from "@hookform/resolvers/zod";
import { Alert, Button, Card, Checkbox, Group, Stack, Text, Textarea, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import type { TFunction } from "i18next";
import { Fragment, type ReactNode, useRef, useState } from "react";
import {
  Controller,
  type DefaultValues,
  FormProvider,
  type Path,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { z } from "zod";
import {
  type OfferRules,
  type ProposalAction,
  type ProposalActionName,
  type ProposalView,
  rejectFields,
  requestDocumentsFields,
  requestGuarantorFields,
  sendDocumentsFields,
} from "../../../shared/contracts/proposals";
import { PERSONAL_DOCUMENT_KINDS } from "../../../shared/contracts/storage";
import { actionsFor } from "../../../shared/proposal-machine";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { revealFirstError } from "../../lib/reveal-error";
import { useProposalAction } from "./api/proposals";
import { DocumentPicker } from "./document-picker";
import {
  checkGuarantor,
  emptyGuarantor,
  GuarantorFields,
  guarantorDraftOf,
  guarantorDraftShape,
} from "./guarantor-fields";
import { revealRefusal } from "./reveal-refusal";
import { addIssues, checkTerms, draftFrom, TERM_FIELDS, TermsFields, termsDraftShape } from "./terms-form";

type Panel =
  | null
  | "counter"
  | "reject"
  | "documents"
  | "withdraw"
  | "approve"
  | "accept"
  | "send"
  | "guarantor";

const counterDraft = z.object({
  ...termsDraftShape,
  mensagem: z.string(),
  fiador: guarantorDraftShape,
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
      fiador: proposal.fiador ? guarantorDraftOf(proposal.fiador) : emptyGuarantor(),
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
 * What the toast says once a move went through: what happened, and to whom (the other party) it
 * went, in the words of the move (`proposal` is the proposal as it was before it).
 */
export function doneText(action: ProposalAction, proposal: ProposalView, t: TFunction): string {
  const nome = proposal.role === "landlord" ? proposal.inquilino.nome : proposal.locador.nome;
  // After "pedir outro fiador", the tenant's counter names the new guarantor.
  const namingGuarantor =
    proposal.role === "tenant" && proposal.termos.garantia === "fiador" && !proposal.fiador;
  if (action.action === "counter" && namingGuarantor) return t("proposal.doneAfter.guarantor", { nome });
  if (action.action === "reject" && proposal.role === "tenant")
    return t("proposal.doneAfter.rejectCounter", { nome });
  return t(`proposal.doneAfter.${action.action}`, { nome });
}

/**
 * The server's per-field messages on a counter-offer ("termos.aluguel", "fiador.cpf") under the
 * counter form's own fields ("aluguel", "fiador.cpf").
 */
function applyCounterIssues(e: unknown, form: ReturnType<typeof useCounterForm>) {
  if (!(e instanceof ApiError)) return;
  for (const issue of e.issues) {
    const path = issue.path.replace(/^termos\./, "");
    if ((TERM_FIELDS as readonly string[]).includes(path) || path.split(".")[0] === "fiador")
      form.setError(path as Path<CounterDraft>, { message: issue.message });
  }
}

/**
 * The form of one move with fields (the reason to reject, the documents to ask for), validated by
 * that move's shared schema, the one the server applies.
 */
function useMoveForm<S extends z.ZodObject>(fields: S, defaultValues: DefaultValues<z.input<S>>) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(fields),
    defaultValues,
    reValidateMode: "onSubmit",
  });
}

/** The reason a move asks for (rejecting, asking for another guarantor), under its schema's rule. */
function ReasonField({ form }: { form: UseFormReturn<{ motivo: string }, unknown, { motivo: string }> }) {
  const { t } = useTranslation();
  const err = useErrorText();
  return (
    <Textarea
      label={t("proposal.reason")}
      {...form.register("motivo")}
      error={err.field(form.formState.errors.motivo?.message)}
      minRows={3}
      autosize
      maxLength={1000}
    />
  );
}

/**
 * The moves the rules give this party now (the shared state machine's `actionsFor`), each a
 * button with its form or confirmation. When a profile the contract needs is missing, the moves
 * that conclude are not offered: `approvalNotice` says what the landlord must do (her profile,
 * with the way there and back), when the screen knows.
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
  const location = useLocation();
  const [panel, setPanel] = useState<Panel>(null);
  const act = useProposalAction(proposal.id);
  const counter = useCounterForm(proposal);
  const rejecting = useMoveForm(rejectFields, { motivo: "" });
  const replacing = useMoveForm(requestGuarantorFields, { motivo: "" });
  const requesting = useMoveForm(requestDocumentsFields, { documentos: [], mensagem: "" });
  const sending = useMoveForm(sendDocumentsFields, { documentos: [] });
  const refusal = useRef<HTMLDivElement>(null);
  const mutate = (action: ProposalAction) =>
    act.mutate(action, {
      onSuccess: () => {
        setPanel(null);
        notifications.show({ color: "teal", message: doneText(action, proposal, t) });
      },
      // A refusal in a dialog is said in the dialog; elsewhere the page moves to the field the
      // server names (a counter's terms or guarantor) or to its message below the panel.
      onError: (e) => {
        if (action.action === "counter") applyCounterIssues(e, counter);
        if (!dialogOpen) revealRefusal(refusal);
      },
    });
  if (proposal.turn === null) return null;
  const allowed = new Set<ProposalActionName>(actionsFor(proposal.status, proposal.role));
  const error = act.error ? err.message(act.error) : null;
  const fiador = proposal.termos.garantia === "fiador";
  const dialogOpen =
    panel === "reject" ||
    panel === "guarantor" ||
    panel === "withdraw" ||
    panel === "approve" ||
    panel === "accept";
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
        <Button color="teal" onClick={() => setPanel("accept")}>
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
  // Decision 041: the moves that conclude (an approval, an acceptance, the landlord's terms the
  // tenant may accept) need both profiles complete; without them the server refuses, so they are
  // not offered, and the person reads what is missing instead.
  const concludes = (a: ProposalActionName) =>
    a === "approve" || a === "accept" || (a === "counter" && proposal.role === "landlord");
  const ownComplete =
    proposal.role === "landlord" ? proposal.dadosCompletos.locador : proposal.dadosCompletos.inquilino;
  const closable = proposal.dadosCompletos.locador && proposal.dadosCompletos.inquilino;
  const blocked = !closable && [...allowed].some(concludes);
  const offered = moves.filter(
    (m) => allowed.has(m.action) && m.button && (closable || !concludes(m.action)),
  );

  return (
    <Stack gap="sm" data-testid="proposal-actions">
      {blocked &&
        (ownComplete ? (
          <Alert color="orange" data-testid="cannot-close">
            {t("proposal.otherIncomplete")}
          </Alert>
        ) : (
          (approvalNotice?.(proposal) ?? (
            <Alert color="orange" data-testid="cannot-close">
              {t("profile.needed")}{" "}
              <Link to={`/profile?next=${encodeURIComponent(location.pathname + location.search)}`}>
                {t("profile.complete")}
              </Link>
            </Alert>
          ))
        ))}
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
            <Controller
              control={requesting.control}
              name="documentos"
              render={({ field, fieldState }) => (
                <Checkbox.Group
                  label={t("proposal.which")}
                  value={field.value}
                  onChange={field.onChange}
                  error={err.field(fieldState.error?.message)}
                >
                  <Stack gap={4} mt={4}>
                    {PERSONAL_DOCUMENT_KINDS.map((k) => (
                      <Checkbox key={k} value={k} label={t(`documents.kinds.${k}`)} />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            />
            <Textarea
              label={t("proposal.message")}
              {...requesting.register("mensagem")}
              error={err.field(requesting.formState.errors.mensagem?.message)}
              maxLength={2000}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPanel(null)}>
                {t("proposal.cancel")}
              </Button>
              <Button
                loading={act.isPending}
                onClick={() =>
                  void requesting.handleSubmit((move) => mutate({ action: "request_documents", ...move }))()
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
            <Controller
              control={sending.control}
              name="documentos"
              render={({ field }) => (
                <DocumentPicker value={field.value} onChange={field.onChange} userId={userId} />
              )}
            />
            {sending.formState.errors.documentos && (
              <Text c="red" size="sm" role="alert">
                {err.field(sending.formState.errors.documentos.message)}
              </Text>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPanel(null)}>
                {t("proposal.cancel")}
              </Button>
              <Button
                loading={act.isPending}
                onClick={() =>
                  void sending.handleSubmit((move) => mutate({ action: "send_documents", ...move }))()
                }
              >
                {t("proposal.sendDocuments")}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {error && !dialogOpen && (
        <Alert color="red" role="alert" ref={refusal} tabIndex={-1}>
          {error}
        </Alert>
      )}
      <ConfirmDialog
        opened={panel === "reject"}
        onClose={() => setPanel(null)}
        title={t("proposal.rejectTitle")}
        error={error}
        confirmLabel={t("proposal.reject")}
        confirmColor="red"
        pending={act.isPending}
        onConfirm={() => void rejecting.handleSubmit((move) => mutate({ action: "reject", ...move }))()}
      >
        <ReasonField form={rejecting} />
      </ConfirmDialog>
      <ConfirmDialog
        opened={panel === "guarantor"}
        onClose={() => setPanel(null)}
        title={t("proposal.requestGuarantorTitle")}
        error={error}
        confirmLabel={t("proposal.requestGuarantor")}
        pending={act.isPending}
        onConfirm={() =>
          void replacing.handleSubmit((move) => mutate({ action: "request_guarantor", ...move }))()
        }
      >
        <Text size="sm">{t("proposal.requestGuarantorText", { nome: proposal.fiador?.nome ?? "" })}</Text>
        <ReasonField form={replacing} />
      </ConfirmDialog>
      <ConfirmDialog
        opened={panel === "withdraw"}
        onClose={() => setPanel(null)}
        title={t("proposal.withdrawTitle")}
        error={error}
        confirmLabel={t("proposal.withdraw")}
        confirmColor="red"
        pending={act.isPending}
        onConfirm={() => mutate({ action: "withdraw" })}
      >
        <Text size="sm">{t("proposal.withdrawText")}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={panel === "approve"}
        onClose={() => setPanel(null)}
        title={t("proposal.approveTitle")}
        error={error}
        confirmLabel={t("proposal.approve")}
        confirmColor="teal"
        pending={act.isPending}
        onConfirm={() => mutate({ action: "approve" })}
      >
        <Text size="sm">{t("proposal.approveText")}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        opened={panel === "accept"}
        onClose={() => setPanel(null)}
        title={t("proposal.acceptTitle")}
        error={error}
        confirmLabel={t("proposal.accept")}
        confirmColor="teal"
        pending={act.isPending}
        onConfirm={() => mutate({ action: "accept" })}
      >
        {/* Accepting is the deal (decision 008): said before, not discovered after. */}
        <Text size="sm">{t("proposal.acceptText")}</Text>
      </ConfirmDialog>
    </Stack>
  );
}
