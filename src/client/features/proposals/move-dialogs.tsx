import { Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import type { ProposalAction, ProposalView } from "../../../shared/contracts/proposals";
import { ConfirmDialog } from "../../components/confirm-dialog";
import { type MoveForms, ReasonField } from "./move-forms";

/** The panels a move opens: a form in the page, or a dialog that asks before it goes. */
export type Panel =
  | null
  | "counter"
  | "reject"
  | "documents"
  | "withdraw"
  | "approve"
  | "accept"
  | "send"
  | "guarantor";

const DIALOGS = new Set<Panel>(["reject", "guarantor", "withdraw", "approve", "accept"]);

/** A refusal of a move made from a dialog is said in the dialog, not below the panel. */
export const isDialog = (panel: Panel) => DIALOGS.has(panel);

/**
 * The moves confirmed in a dialog (rejecting and asking for another guarantor with a reason;
 * withdrawing, approving and accepting with what they mean), the server's refusal inside.
 */
export function MoveDialogs({
  panel,
  proposal,
  forms,
  error,
  pending,
  onClose,
  onMove,
}: {
  panel: Panel;
  proposal: ProposalView;
  forms: Pick<MoveForms, "rejecting" | "replacing">;
  error: string | null;
  pending: boolean;
  onClose: () => void;
  onMove: (action: ProposalAction) => void;
}) {
  const { t } = useTranslation();
  const common = { onClose, error, pending };
  return (
    <>
      <ConfirmDialog
        {...common}
        opened={panel === "reject"}
        title={t("proposal.rejectTitle")}
        confirmLabel={t("proposal.reject")}
        confirmColor="red"
        onConfirm={() => void forms.rejecting.handleSubmit((move) => onMove({ action: "reject", ...move }))()}
      >
        <ReasonField form={forms.rejecting} />
      </ConfirmDialog>
      <ConfirmDialog
        {...common}
        opened={panel === "guarantor"}
        title={t("proposal.requestGuarantorTitle")}
        confirmLabel={t("proposal.requestGuarantor")}
        onConfirm={() =>
          void forms.replacing.handleSubmit((move) => onMove({ action: "request_guarantor", ...move }))()
        }
      >
        <Text size="sm">{t("proposal.requestGuarantorText", { nome: proposal.fiador?.nome ?? "" })}</Text>
        <ReasonField form={forms.replacing} />
      </ConfirmDialog>
      <ConfirmDialog
        {...common}
        opened={panel === "withdraw"}
        title={t("proposal.withdrawTitle")}
        confirmLabel={t("proposal.withdraw")}
        confirmColor="red"
        onConfirm={() => onMove({ action: "withdraw" })}
      >
        <Text size="sm">{t("proposal.withdrawText")}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        {...common}
        opened={panel === "approve"}
        title={t("proposal.approveTitle")}
        confirmLabel={t("proposal.approve")}
        confirmColor="teal"
        onConfirm={() => onMove({ action: "approve" })}
      >
        <Text size="sm">{t("proposal.approveText")}</Text>
      </ConfirmDialog>
      <ConfirmDialog
        {...common}
        opened={panel === "accept"}
        title={t("proposal.acceptTitle")}
        confirmLabel={t("proposal.accept")}
        confirmColor="teal"
        onConfirm={() => onMove({ action: "accept" })}
      >
        {/* Accepting is the deal (decision 008): said before, not discovered after. */}
        <Text size="sm">{t("proposal.acceptText")}</Text>
      </ConfirmDialog>
    </>
  );
}
