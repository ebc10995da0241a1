import { Alert, Loader, Stack } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ProposalView } from "../../../shared/contracts/proposals";
import { ApiError } from "../../lib/api";
import { useErrorText } from "../../lib/error-text";
import { proposalQuery } from "./api/proposals";
import { ProposalDetail, type ProposalSlots } from "./proposal-detail";

/** One proposal by id, for its parties: loading, "not found" (also for strangers), or its detail. */
export function ProposalById({
  id,
  above,
  slots,
}: {
  id: string;
  above?: (p: ProposalView) => ReactNode;
  slots?: ProposalSlots;
}) {
  const { t } = useTranslation();
  const err = useErrorText();
  const proposal = useQuery(proposalQuery(id));
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
      <ProposalDetail proposal={proposal.data} slots={slots} />
    </Stack>
  );
}
