import { randomUUID } from "node:crypto";
import type pg from "pg";
import type { z } from "zod";
import { offerTitle } from "../../../shared/contracts/listings";
import type {
  ConversationsView,
  ConversationView,
  MessageAttachment,
  MessageView,
  messageInput,
  ThreadView,
} from "../../../shared/contracts/messages";
import { AppError } from "../../../shared/errors";
import { withTransaction } from "../../db/client";
import type { MailOutbox } from "../../mail/outbox";
import { messageThreadPaths } from "../../realtime/events";
import { publish } from "../../realtime/hub";

type MessageData = z.output<typeof messageInput>;

interface ConversationRow {
  id: string;
  offer_id: string;
  tenant_id: string;
  landlord_id: string;
  status: string;
  tipo: string;
  bairro: string;
  tenant_name: string;
  landlord_name: string;
  last_body: string | null;
  last_at: Date | null;
  last_sender: string | null;
  unread: string;
}

interface MessageRow {
  id: string;
  sender_id: string;
  body: string;
  attachments: MessageAttachment[];
  created_at: Date;
  read_at: Date | null;
}

const threadPaths = messageThreadPaths;

/**
 * One conversation per proposal, between its two parties only. Messages are plain text, kept as
 * written and rendered as text by the client; attachments are the sender's documents, shared
 * read-only with the recipient.
 */
export class MessagesService {
  constructor(
    private readonly pool: pg.Pool,
    private readonly outbox: MailOutbox,
    private readonly options: {
      publicUrl: string;
      unreadEmailMinutes: number;
    },
  ) {}

  private conversationSql(where: string) {
    return `SELECT p.id, p.offer_id, p.tenant_id, p.landlord_id, p.status, o.tipo, o.bairro,
        tu.name AS tenant_name, lu.name AS landlord_name,
        last.body AS last_body, last.created_at AS last_at, last.sender_id AS last_sender,
        (SELECT count(*) FROM messages m WHERE m.proposal_id = p.id AND m.recipient_id = $1 AND m.read_at IS NULL) AS unread
      FROM proposals p JOIN offers o ON o.id = p.offer_id
      JOIN users tu ON tu.id = p.tenant_id JOIN users lu ON lu.id = p.landlord_id
      LEFT JOIN LATERAL (
        SELECT body, created_at, sender_id FROM messages m WHERE m.proposal_id = p.id ORDER BY created_at DESC LIMIT 1
      ) last ON true
      WHERE ${where}`;
  }

  private view(r: ConversationRow, userId: string): ConversationView {
    const landlord = r.landlord_id === userId;
    const other = landlord ? r.tenant_name : r.landlord_name;
    return {
      proposalId: r.id,
      offerId: r.offer_id,
      titulo: offerTitle(r.tipo, r.bairro),
      com: other.split(" ")[0] ?? other,
      papel: landlord ? "landlord" : "tenant",
      status: r.status,
      ultima:
        r.last_at && r.last_body !== null
          ? {
              texto: r.last_body.slice(0, 140),
              createdAt: r.last_at.toISOString(),
              mine: r.last_sender === userId,
            }
          : null,
      naoLidas: Number(r.unread),
    };
  }

  async conversations(userId: string): Promise<ConversationsView> {
    const { rows } = await this.pool.query<ConversationRow>(
      `${this.conversationSql("(p.tenant_id = $1 OR p.landlord_id = $1)")}
       ORDER BY coalesce(last.created_at, p.updated_at) DESC LIMIT 300`,
      [userId],
    );
    const conversations = rows.map((r) => this.view(r, userId));
    return { conversations, unread: conversations.reduce((n, c) => n + c.naoLidas, 0) };
  }

  /** The conversation, if the user is one of its two parties; anyone else is told it does not exist. */
  private async conversation(c: pg.Pool | pg.PoolClient, userId: string, proposalId: string) {
    const { rows } = await c.query<ConversationRow>(
      this.conversationSql("p.id = $2 AND (p.tenant_id = $1 OR p.landlord_id = $1)"),
      [userId, proposalId],
    );
    const row = rows[0];
    if (!row) throw new AppError("not-found");
    return row;
  }

  /** The other party, if the user is one of the conversation's two; anyone else is told it does not exist. */
  private async otherParty(c: pg.PoolClient, userId: string, proposalId: string): Promise<string> {
    const { rows } = await c.query<{ other: string }>(
      `SELECT CASE WHEN tenant_id = $1 THEN landlord_id ELSE tenant_id END AS other
       FROM proposals WHERE id = $2 AND (tenant_id = $1 OR landlord_id = $1)`,
      [userId, proposalId],
    );
    const other = rows[0]?.other;
    if (!other) throw new AppError("not-found");
    return other;
  }

  async thread(userId: string, proposalId: string, before?: string): Promise<ThreadView> {
    const row = await this.conversation(this.pool, userId, proposalId);
    const { rows } = await this.pool.query<MessageRow>(
      `SELECT * FROM (
         SELECT id, sender_id, body, attachments, created_at, read_at FROM messages
         WHERE proposal_id = $1 AND ($2::timestamptz IS NULL OR created_at < $2)
         ORDER BY created_at DESC LIMIT 200
       ) m ORDER BY created_at`,
      [proposalId, before ?? null],
    );
    return { conversation: this.view(row, userId), messages: rows.map((m) => this.message(m, userId)) };
  }

  private message(m: MessageRow, userId: string): MessageView {
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
        const docs = await c.query<{ id: string; file_name: string; content_type: string; size: string }>(
          "SELECT id, file_name, content_type, size FROM documents WHERE id = ANY($1::uuid[]) AND owner_id = $2",
          [ids, userId],
        );
        if (docs.rows.length !== ids.length) throw new AppError("invalid-attachment");
        attachments = docs.rows.map((d) => ({
          id: d.id,
          fileName: d.file_name,
          contentType: d.content_type,
          size: Number(d.size),
        }));
      }
      const id = randomUUID();
      const { rows } = await c.query<MessageRow>(
        `INSERT INTO messages (id, proposal_id, sender_id, recipient_id, body, attachments)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, sender_id, body, attachments, created_at, read_at`,
        [id, proposalId, userId, recipient, input.texto, JSON.stringify(attachments)],
      );
      for (const a of attachments)
        await c.query(
          "INSERT INTO document_shares (document_id, user_id, reason) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING",
          [a.id, recipient, `mensagem:${id}`],
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
      return this.message(rows[0] as MessageRow, userId);
    });
  }

  /** Marks what the other party sent as read; the sender sees the receipt live. */
  async markRead(userId: string, proposalId: string): Promise<{ read: number }> {
    return withTransaction(this.pool, async (c) => {
      const sender = await this.otherParty(c, userId, proposalId);
      const { rowCount } = await c.query(
        "UPDATE messages SET read_at = now() WHERE proposal_id = $1 AND recipient_id = $2 AND read_at IS NULL",
        [proposalId, userId],
      );
      if (rowCount) {
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
      return { read: rowCount ?? 0 };
    });
  }

  /**
   * E-mails each recipient once about messages left unread for `unreadEmailMinutes`, one e-mail
   * per conversation. Rows are claimed with SKIP LOCKED, so several nodes never send it twice, and
   * the e-mails are queued in the same transaction that marks the messages e-mailed.
   */
  async emailUnread(): Promise<number> {
    return withTransaction(this.pool, async (c) => {
      const { rows } = await c.query<{ proposal_id: string; recipient_id: string; n: string }>(
        `WITH claimed AS (
           SELECT id FROM messages
           WHERE read_at IS NULL AND emailed_at IS NULL AND created_at < now() - make_interval(mins => $1)
           ORDER BY created_at LIMIT 500 FOR UPDATE SKIP LOCKED
         )
         UPDATE messages m SET emailed_at = now() FROM claimed WHERE m.id = claimed.id
         RETURNING m.proposal_id, m.recipient_id, '1' AS n`,
        [this.options.unreadEmailMinutes],
      );
      const grouped = new Map<string, { proposalId: string; recipientId: string; n: number }>();
      for (const r of rows) {
        const key = `${r.proposal_id}:${r.recipient_id}`;
        const g = grouped.get(key) ?? { proposalId: r.proposal_id, recipientId: r.recipient_id, n: 0 };
        g.n++;
        grouped.set(key, g);
      }
      for (const g of grouped.values()) {
        const row = await this.conversation(c, g.recipientId, g.proposalId);
        const view = this.view(row, g.recipientId);
        await this.outbox.queueNotice(c, g.recipientId, {
          subject: `${view.com} enviou ${g.n === 1 ? "uma mensagem" : `${g.n} mensagens`} sobre ${view.titulo}`,
          lines: [
            `Você tem ${g.n === 1 ? "uma mensagem não lida" : `${g.n} mensagens não lidas`} de ${view.com} na conversa sobre ${view.titulo}.`,
          ],
          url: `${this.options.publicUrl}/Message/${g.proposalId}`,
          action: "Abrir a conversa",
        });
      }
      return grouped.size;
    });
  }
}
