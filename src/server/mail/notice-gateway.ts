import type { NoticeChannel, NoticeKind } from "../../shared/contracts/preferences";
import type { Queryable } from "../db/rows";

/*
 * How a domain tells a person something (decision 021): one notice goes to the bell and, as the
 * person chose for its kind on /preferences2, by e-mail at once, in the daily digest, or nowhere.
 * The preferences domain implements it; proposals, contracts and messages only see this type.
 */

export interface Tell {
  userId: string;
  /** The bell's title and the e-mail's subject. */
  title: string;
  lines: string[];
  /** What the bell (and the digest) says, when shorter than the e-mail's lines. */
  bell?: string[];
  /** The screen it is about (the bell's link). */
  path: string;
  /** Where the e-mail's button leads, when not to `path` (a personal signing link). */
  url?: string;
  /** The e-mail's button. */
  action: string;
  /** A notice a contract depends on: sent by e-mail and shown whatever the choice for its kind. */
  required?: boolean;
  /** "later": never e-mailed at once (the caller e-mails it after a delay, or the digest does). */
  mail?: "now" | "later";
  /** The same `dedupe` for the same person is told once. */
  dedupe?: string;
}

export interface NoticeGateway {
  /** Tells each notice in transaction `c` (the bell, and e-mail as chosen), with a live event. */
  tell(c: Queryable, kind: NoticeKind, notices: Tell[]): Promise<void>;
  /**
   * Tells the account with this e-mail, when there is one; false when nobody has an account with
   * it (a guarantor or witness who never signed up: the caller e-mails them directly).
   */
  tellByEmail(c: Queryable, kind: NoticeKind, email: string, notice: Omit<Tell, "userId">): Promise<boolean>;
  /** How the person chose to hear of this kind. */
  channelOf(c: Queryable, userId: string, kind: NoticeKind): Promise<NoticeChannel>;
  /** The person saw what the screen at `path` says: its notices are read. */
  readAbout(c: Queryable, userId: string, path: string): Promise<void>;
}
