import { z } from "zod";

/*
 * Messages: one conversation per proposal, between its landlord and its tenant. Messages of
 * validation are error codes of src/shared/errors.ts.
 */

export const MESSAGE_MAX_LENGTH = 4000;
export const MESSAGE_MAX_ATTACHMENTS = 5;

export const messageInput = z
  .strictObject({
    texto: z
      .string({ error: "message-empty" })
      .transform((s) => s.replaceAll(String.fromCharCode(0), "").trim())
      .pipe(z.string().max(MESSAGE_MAX_LENGTH, { error: "chat-message-too-long" }))
      .default(""),
    anexos: z
      .array(z.uuid({ error: "invalid-attachment" }), { error: "invalid-attachment" })
      .max(MESSAGE_MAX_ATTACHMENTS, { error: "invalid-attachment" })
      .default([]),
  })
  .refine((m) => m.texto.length > 0 || m.anexos.length > 0, { error: "message-empty", path: ["texto"] });
export type MessageInput = z.input<typeof messageInput>;

/*
 * What the API answers (response schemas: Fastify serialises through them, so a field not named
 * here never leaves the server).
 */

export const messageAttachment = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number(),
});
export type MessageAttachment = z.infer<typeof messageAttachment>;

export const messageView = z.object({
  id: z.string(),
  mine: z.boolean(),
  texto: z.string(),
  anexos: z.array(messageAttachment),
  createdAt: z.string(),
  /** When the recipient read it. */
  readAt: z.string().nullable(),
});
export type MessageView = z.infer<typeof messageView>;

export const conversationView = z.object({
  proposalId: z.string(),
  offerId: z.string(),
  titulo: z.string(),
  /** The other party's first name. */
  com: z.string(),
  /** The reader's side of the proposal. */
  role: z.enum(["landlord", "tenant"]),
  status: z.string(),
  ultima: z.object({ texto: z.string(), createdAt: z.string(), mine: z.boolean() }).nullable(),
  naoLidas: z.number(),
});
export type ConversationView = z.infer<typeof conversationView>;

export const conversationsView = z.object({
  conversations: z.array(conversationView),
  unread: z.number(),
});
export type ConversationsView = z.infer<typeof conversationsView>;

export const threadView = z.object({
  conversation: conversationView,
  messages: z.array(messageView),
});
export type ThreadView = z.infer<typeof threadView>;

/** How many of the other party's messages were marked read. */
export const markReadResult = z.object({ read: z.number() });
export type MarkReadResult = z.infer<typeof markReadResult>;

/**
 * Splits text into plain parts and http(s) links, for rendering as text nodes and anchors: never
 * as HTML. Trailing punctuation stays out of the link.
 */
export function linkify(text: string): { at: number; text: string; href?: string }[] {
  const parts: { at: number; text: string; href?: string }[] = [];
  const re = /\bhttps?:\/\/[^\s<>"'`]+/gi;
  let last = 0;
  for (const m of text.matchAll(re)) {
    let url = m[0];
    const trail = /[.,;:!?)\]}]+$/.exec(url)?.[0] ?? "";
    url = url.slice(0, url.length - trail.length);
    const start = m.index ?? 0;
    if (start > last) parts.push({ at: last, text: text.slice(last, start) });
    let href: string | undefined;
    try {
      const parsed = new URL(url);
      if (parsed.protocol === "http:" || parsed.protocol === "https:") href = parsed.href;
    } catch {
      href = undefined;
    }
    parts.push(href ? { at: start, text: url, href } : { at: start, text: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ at: last, text: text.slice(last) });
  return parts;
}
