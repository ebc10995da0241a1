import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { ConversationView } from "../../../shared/contracts/messages";
import { contractStepsQuery } from "./api/messages";

/**
 * A conversation's state in words: an approved proposal's contract step once there is a contract
 * ("Contrato assinado"), not "Aprovada" for ever (issue 29); the proposal's status otherwise.
 */
export function useStatusText() {
  const { t } = useTranslation();
  const contracts = useQuery(contractStepsQuery());
  return (c: Pick<ConversationView, "proposalId" | "status">) => {
    const step =
      c.status === "aprovada" && contracts.data?.find((k) => k.proposalId === c.proposalId)?.status;
    return step ? t(`proposal.contractStep.${step}`) : t(`proposal.status.${c.status}`);
  };
}
