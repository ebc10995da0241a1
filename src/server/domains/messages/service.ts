import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { z } from "zod";
import type {
  ConversationsView,
  ConversationView,
  MessageAttachment,
  MessageView,
  messageInput,
  ThreadView,
} from "../../../shared/contracts/messages";
import { AppError } from "../../../shared/errors";
import { offerTitle } from "../../../shared/listing-names";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import type { NoticeGateway } from "../../mail/notice-gateway";
import { messageThreadPaths } from "../../realtime/events";
import { publish } from "../../realtime/hub";
import { shareDocuments } from "../../storage/document-shares.repository";
import { otherPartyOf } from "../proposals/proposals.repository";
import {
  attachableDocuments,
  type Conversation,
  claimUnreadToEmail,
  conversationOf,
  conversationsOf,
  insertMessage,
  markThreadRead,
  type ThreadMessage,
  threadMessages,
} from "./messages.repository";

type MessageData = z.output<typeof messageInput>;

const threadPaths = messageThreadPaths;

/**
 * One conversation per proposal, between its two parties only. Messages are plain text, kept as
 * written and rendered as text by the client; attachments are the sender's documents, shared
 * read-only with the recipient.
 */
export class MessagesService {
  constructor(
    private readonly pool: pg.Pool,
    /** The bell, and how each person chose to hear of unread messages (issue 16). */
    private readonly notices: NoticeGateway,
    private readonly options: {
      publicUrl: string;
      unreadEmailMinutes: number;
    },
  ) {}

  private view(r: Conversation, userId: string): ConversationView {
    const landlord = r.landlord_id === userId;
    const other = landlord ? r.tenant_name : r.landlord_name;
    return {
      proposalId: r.id,
      offerId: r.offer_id,
      titulo: offerTitle(r.tipo, r.bairro),
      com: other.split(" ")[0] ?? other,
      role: landlord ? "landlord" : "tenant",
      status: r.status,
      ultima:
        r.last_at && r.last_body !== null
          ? {
              texto: r.last_body.slice(0, 140),
              createdAt: r.last_at.toISOString(),
              mine: r.last_sender === userId,
            }
          : null,
      naoLidas: r.unread,
    };
  }

  async conversations(userId: string): Promise<ConversationsView> {
    const rows = await conversationsOf(this.pool, userId);
    const conversations = rows.map((r) => this.view(r, userId));
    return { conversations, unread: conversations.reduce((n, c) => n + c.naoLidas, 0) };
  }

  /** The conversation, if the user is one of its two parties; anyone else is told it does not exist. */
  private async conversation(c: Queryable, userId: string, proposalId: string) {
    const row = await conversationOf(c, userId, proposalId);
    if (!row) throw new AppError("not-found");
    return row;
  }

  /** The other party, if the user is one of the conversation's two; anyone else is told it does not exist. */
  private async otherParty(c: Queryable, userId: string, proposalId: string): Promise<string> {
    const other = await otherPartyOf(c, proposalId, userId);
    if (!other) throw new AppError("not-found");
    return other;
  }

  async thread(userId: string, proposalId: string, before?: string): Promise<ThreadView> {
    const row = await this.conversation(this.pool, userId, proposalId);
    const rows = await threadMessages(this.pool, proposalId, before ?? null);
    return { conversation: this.view(row, userId), messages: rows.map((m) => this.message(m, userId)) };
  }

  private message(m: ThreadMessage, userId: string): MessageView {
    return {
      id: m.id,
      mine: m.sender_id === userId,
      texto: m.body,
      anexos: m.attachments,
      createdAt: m.created_at.toISOString(),
      readAt: m.read_at?.toISOString() ?? null,
    };
  }

  async send(userId: string, proposalId: string, input: MessageData): Promise<MessageView> {
    return withTransaction(this.pool, async (c) => {
      const recipient = await this.otherParty(c, userId, proposalId);
      let attachments: MessageAttachment[] = [];
      if (input.anexos.length > 0) {
        const ids = [...new Set(input.anexos)];
        const docs = await attachableDocuments(c, ids, userId);
        if (docs.length !== ids.length) throw new AppError("invalid-attachment");
        attachments = docs.map((d) => ({
          id: d.id,
          fileName: d.file_name,
          contentType: d.content_type,
          size: d.size,
        }));
      }
      const id = randomUUID();
      const message = await insertMessage(c, {
        id,
        proposal_id: proposalId,
        sender_id: userId,
        recipient_id: recipient,
        body: input.texto,
        attachments,
      });
      await shareDocuments(
        c,
        attachments.map((a) => a.id),
        recipient,
        `mensagem:${id}`,
      );
      await publish(
        c,
        [recipient, userId].map((u) => ({
          userId: u,
          type: "message.created" as const,
          paths: threadPaths(proposalId),
          data: { proposalId, messageId: id },
        })),
      );
      return this.message(message, userId);
    });
  }

  /** Marks what the other party sent as read; the sender sees the receipt live. */
  async markRead(userId: string, proposalId: string): Promise<{ read: number }> {
    return withTransaction(this.pool, async (c) => {
      const sender = await this.otherParty(c, userId, proposalId);
      const read = await markThreadRead(c, proposalId, userId);
      // What the bell said about this conversation has been seen.
      await this.notices.readAbout(c, userId, `/Message/${proposalId}`);
      if (read) {
        await publish(
          c,
          [sender, userId].map((u) => ({
            userId: u,
            type: "message.read" as const,
            paths: threadPaths(proposalId),
            data: { proposalId },
          })),
        );
      }
      return { read };
    });
  }

  /**
   * Tells each recipient once about messages left unread for `unreadEmailMinutes`, one notice per
   * conversation: in the bell, and by e-mail at once or in the digest as they chose. Rows are
   * claimed with SKIP LOCKED, so several nodes never tell it twice, and the notices are queued in
   * the same transaction that marks the messages told. The schedule sweeps every conversation;
   * `only` confines it to one (tests share one database, and a sweep of every conversation
   * there tells another test's recipients from this test's node, into its outbox).
   */
  async emailUnread(only?: { proposalId: string }): Promise<number> {
    return withTransaction(this.pool, async (c) => {
      const rows = await claimUnreadToEmail(c, this.options.unreadEmailMinutes, only?.proposalId ?? null);
      const grouped = new Map<string, { proposalId: string; recipientId: string; n: number; one: string }>();
      for (const r of rows) {
        const key = `${r.proposal_id}:${r.recipient_id}`;
        const g = grouped.get(key) ?? {
          proposalId: r.proposal_id,
          recipientId: r.recipient_id,
          n: 0,
          one: r.id,
        };
        g.n++;
        grouped.set(key, g);
      }
      for (const g of grouped.values()) {
        const row = await this.conversation(c, g.recipientId, g.proposalId);
        const view = this.view(row, g.recipientId);
        await this.notices.tell(c, "message", [
          {
            userId: g.recipientId,
            text: { key: "unreadMessages", params: { count: g.n, from: view.com, about: view.titulo } },
            path: `/Message/${g.proposalId}`,
            // Each message is claimed once, so one of the batch names it.
            dedupe: `message:${g.one}`,
          },
        ]);
      }
      return grouped.size;
    });
  }
}
