import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "../../../../shared/api-paths";
import type { ContractView } from "../../../../shared/contracts/contracts";
import type {
  ConversationsView,
  MarkReadResult,
  MessageInput,
  MessageView,
  ThreadView,
} from "../../../../shared/contracts/messages";
import { api } from "../../../lib/api";
import { refreshPaths } from "../../../lib/query";

/** One's conversations with the unread count (the header's badge reads it too). */
export const conversationsQuery = () =>
  queryOptions({
    queryKey: [apiPaths.messages.all],
    queryFn: () => api<ConversationsView>(apiPaths.messages.all),
  });

/** The messages of one proposal's conversation; a refusal is an answer, not retried. */
export const threadQuery = (proposalId: string) =>
  queryOptions({
    queryKey: [apiPaths.messages.thread(proposalId)],
    queryFn: () => api<ThreadView>(apiPaths.messages.thread(proposalId)),
    retry: false,
  });

/**
 * One's contracts, read to say where an approved proposal's conversation stands (its contract's
 * step): the same read (path and cache) as the contracts' own list.
 */
export const contractStepsQuery = () =>
  queryOptions({
    queryKey: [apiPaths.contracts.all],
    queryFn: () => api<ContractView[]>(apiPaths.contracts.all),
  });

const touched = (proposalId: string) => [apiPaths.messages.thread(proposalId), apiPaths.messages.all];

/** Sending shows the message in the thread and moves the conversation in the list. */
export function useSendMessage(proposalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MessageInput) =>
      api<MessageView>(apiPaths.messages.thread(proposalId), { body: input }),
    onSuccess: () => void refreshPaths(queryClient, touched(proposalId)),
  });
}

/** Marking the other party's messages read updates the receipts and the unread count. */
export function useMarkRead(proposalId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<MarkReadResult>(apiPaths.messages.read(proposalId), { method: "POST" }),
    onSuccess: () => refreshPaths(queryClient, touched(proposalId)),
  });
}
