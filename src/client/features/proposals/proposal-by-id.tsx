import { Alert, Loader, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ProposalView } from "../../../shared/contracts/proposals";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { ProposalDetail } from "./proposal-detail";
import { useProposal } from "./use-proposal";

/** One proposal by id, for its parties: loading, "not found" (also for strangers), or its detail. */
export function ProposalById({ id, above }: { id: string; above?: (p: ProposalView) => ReactNode }) {
  const { t } = useTranslation();
  const err = useErrorText();
  const proposal = useProposal(id);
  if (proposal.isPending) return <Loader />;
  if (proposal.data === undefined)
    return (
      <Alert color="red">
        {proposal.error instanceof ApiError && proposal.error.status === 404
          ? t("proposal.notFound")
          : err.of(proposal.error)}
      </Alert>
    );
  return (
    <Stack gap="md">
      {above?.(proposal.data)}
      <ProposalDetail proposal={proposal.data} />
    </Stack>
  );
}
