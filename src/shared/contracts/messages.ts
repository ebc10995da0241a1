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

export interface MessageAttachment {
  id: string;
  fileName: string;
  contentType: string;
  size: number;
}

export interface MessageView {
  id: string;
  mine: boolean;
  texto: string;
  anexos: MessageAttachment[];
  createdAt: string;
  /** When the recipient read it. */
  readAt: string | null;
}

export interface ConversationView {
  proposalId: string;
  offerId: string;
  titulo: string;
  /** The other party's first name. */
  com: string;
  papel: "landlord" | "tenant";
  status: string;
  ultima: { texto: string; createdAt: string; mine: boolean } | null;
  naoLidas: number;
}

export interface ConversationsView {
  conversations: ConversationView[];
  unread: number;
}

export interface ThreadView {
  conversation: ConversationView;
  messages: MessageView[];
}

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
