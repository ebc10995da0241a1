import { Alert, Stack } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { type ReactNode, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProposalAction, ProposalView } from "../../../shared/contracts/proposals";
import { useErrorText } from "../../lib/error-text";
import { useProposalAction } from "./api/proposals";
import { applyCounterIssues, CounterForm, useCounterForm } from "./counter-form";
import { RequestDocumentsPanel, SendDocumentsPanel } from "./document-panels";
import { doneText } from "./done-text";
import { MoveButtons } from "./move-buttons";
import { isDialog, MoveDialogs, type Panel } from "./move-dialogs";
import { useMoveForms } from "./move-forms";
import { revealRefusal } from "./reveal-refusal";

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
  const [panel, setPanel] = useState<Panel>(null);
  const act = useProposalAction(proposal.id);
  const counter = useCounterForm(proposal);
  const forms = useMoveForms();
  const refusal = useRef<HTMLDivElement>(null);
  const dialogOpen = isDialog(panel);
  const close = () => setPanel(null);
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
  const error = act.error ? err.message(act.error) : null;

  return (
    <Stack gap="sm" data-testid="proposal-actions">
      <MoveButtons proposal={proposal} approvalNotice={approvalNotice} onOpen={setPanel} />
      {panel === "counter" && (
        <CounterForm
          proposal={proposal}
          form={counter}
          pending={act.isPending}
          onSend={mutate}
          onCancel={close}
        />
      )}
      {panel === "documents" && (
        <RequestDocumentsPanel
          form={forms.requesting}
          pending={act.isPending}
          onSend={(move) => mutate({ action: "request_documents", ...move })}
          onCancel={close}
        />
      )}
      {panel === "send" && (
        <SendDocumentsPanel
          proposal={proposal}
          form={forms.sending}
          userId={userId}
          pending={act.isPending}
          onSend={(move) => mutate({ action: "send_documents", ...move })}
          onCancel={close}
        />
      )}
      {error && !dialogOpen && (
        <Alert color="red" role="alert" ref={refusal} tabIndex={-1}>
          {error}
        </Alert>
      )}
      <MoveDialogs
        panel={panel}
        proposal={proposal}
        forms={forms}
        error={error}
        pending={act.isPending}
        onClose={close}
        onMove={mutate}
      />
    </Stack>
  );
}
