import type { Queryable, RowOf } from "../../db/rows";
import type { users } from "../../db/schema/auth";
import type { offers } from "../../db/schema/listings";
import type { proposals } from "../../db/schema/proposals";
import type { messages } from "../../db/schema/realtime";
import type { documents } from "../../db/schema/storage";

/**
 * The messages table (decision 019): one conversation per proposal, between its two parties. The
 * inbox (a proposal with its last message and unread count) is read here, as it is about messages.
 */
type Message = RowOf<typeof messages>;

/** A message as its thread shows it. */
export type ThreadMessage = Pick<
  Message,
  "id" | "sender_id" | "body" | "attachments" | "created_at" | "read_at"
>;

/** A conversation: its proposal, the offer that names it, both parties' names, the last message. */
export type Conversation = Pick<
  RowOf<typeof proposals>,
  "id" | "offer_id" | "tenant_id" | "landlord_id" | "status"
> &
  Pick<RowOf<typeof offers>, "tipo" | "bairro"> & {
    tenant_name: RowOf<typeof users>["name"];
    landlord_name: RowOf<typeof users>["name"];
    last_body: Message["body"] | null;
    last_at: Message["created_at"] | null;
    last_sender: Message["sender_id"] | null;
    /** The reader's unread messages in it. */
    unread: number;
  };

function conversationSql(where: string) {
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

/** One's conversations, the most recently active first (at most 300). */
export async function conversationsOf(c: Queryable, userId: string): Promise<Conversation[]> {
  const { rows } = await c.query<Conversation>(
    `${conversationSql("(p.tenant_id = $1 OR p.landlord_id = $1)")}
       ORDER BY coalesce(last.created_at, p.updated_at) DESC LIMIT 300`,
    [userId],
  );
  return rows;
}

/** The conversation of a proposal, if `userId` is one of its two parties. */
export async function conversationOf(
  c: Queryable,
  userId: string,
  proposalId: string,
): Promise<Conversation | undefined> {
  const { rows } = await c.query<Conversation>(
    conversationSql("p.id = $2 AND (p.tenant_id = $1 OR p.landlord_id = $1)"),
    [userId, proposalId],
  );
  return rows[0];
}

/** A conversation's latest 200 messages before `before` (all, when null), oldest first. */
export async function threadMessages(
  c: Queryable,
  proposalId: string,
  before: string | null,
): Promise<ThreadMessage[]> {
  const { rows } = await c.query<ThreadMessage>(
    `SELECT * FROM (
         SELECT id, sender_id, body, attachments, created_at, read_at FROM messages
         WHERE proposal_id = $1 AND ($2::timestamptz IS NULL OR created_at < $2)
         ORDER BY created_at DESC LIMIT 200
       ) m ORDER BY created_at`,
    [proposalId, before],
  );
  return rows;
}

/** Of `documentIds`, those `ownerId` owns, with what a message shows of them. */
export async function attachableDocuments(
  c: Queryable,
  documentIds: string[],
  ownerId: string,
): Promise<Pick<RowOf<typeof documents>, "id" | "file_name" | "content_type" | "size">[]> {
  const { rows } = await c.query<Pick<RowOf<typeof documents>, "id" | "file_name" | "content_type" | "size">>(
    "SELECT id, file_name, content_type, size FROM documents WHERE id = ANY($1::uuid[]) AND owner_id = $2",
    [documentIds, ownerId],
  );
  return rows;
}

export async function insertMessage(
  c: Queryable,
  m: Pick<Message, "id" | "proposal_id" | "sender_id" | "recipient_id" | "body" | "attachments">,
): Promise<ThreadMessage> {
  const { rows } = await c.query<ThreadMessage>(
    `INSERT INTO messages (id, proposal_id, sender_id, recipient_id, body, attachments)
     VALUES ($1, $2, $3, $4, $5, $6) RETURNING id, sender_id, body, attachments, created_at, read_at`,
    [m.id, m.proposal_id, m.sender_id, m.recipient_id, m.body, JSON.stringify(m.attachments)],
  );
  return rows[0] as ThreadMessage;
}

/** Marks what `recipientId` was sent in a conversation as read; answers how many were unread. */
export async function markThreadRead(c: Queryable, proposalId: string, recipientId: string): Promise<number> {
  const { rowCount } = await c.query(
    "UPDATE messages SET read_at = now() WHERE proposal_id = $1 AND recipient_id = $2 AND read_at IS NULL",
    [proposalId, recipientId],
  );
  return rowCount ?? 0;
}

/**
 * Claims up to 500 messages unread for `minutes` and not yet e-mailed, marking them e-mailed, of
 * one conversation when `proposalId` is given. SKIP LOCKED: several nodes never claim the same
 * message.
 */
export async function claimUnreadToEmail(
  c: Queryable,
  minutes: number,
  proposalId: string | null = null,
): Promise<Pick<Message, "id" | "proposal_id" | "recipient_id">[]> {
  const { rows } = await c.query<Pick<Message, "id" | "proposal_id" | "recipient_id">>(
    `WITH claimed AS (
       SELECT id FROM messages
       WHERE read_at IS NULL AND emailed_at IS NULL AND created_at < now() - make_interval(mins => $1)
         AND ($2::uuid IS NULL OR proposal_id = $2)
       ORDER BY created_at LIMIT 500 FOR UPDATE SKIP LOCKED
     )
     UPDATE messages m SET emailed_at = now() FROM claimed WHERE m.id = claimed.id
     RETURNING m.id, m.proposal_id, m.recipient_id`,
    [minutes, proposalId],
  );
  return rows;
}

/** An account deleted (decision 022): what it wrote goes from the conversations that stay. */
export async function deleteMessagesSentBy(c: Queryable, userId: string): Promise<void> {
  await c.query("DELETE FROM messages WHERE sender_id = $1", [userId]);
}
