import type {
  ConversationsView,
  MessageInput,
  MessageView,
  ThreadView,
} from "../../../shared/contracts/messages";
import { api } from "../../lib/api";

export const MESSAGES_PATH = "/api/messages";
export const threadPath = (proposalId: string) => `/api/messages/${encodeURIComponent(proposalId)}`;

export const messagesApi = {
  conversations: () => api<ConversationsView>(MESSAGES_PATH),
  thread: (proposalId: string) => api<ThreadView>(threadPath(proposalId)),
  send: (proposalId: string, input: MessageInput) =>
    api<MessageView>(threadPath(proposalId), { body: input }),
  markRead: (proposalId: string) =>
    api<{ read: number }>(`${threadPath(proposalId)}/read`, { method: "POST" }),
};
