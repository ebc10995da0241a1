import type { NoticeChannel, NoticeKind } from "../../shared/contracts/preferences";
import type { Queryable } from "../db/rows";

/*
 * How a domain tells a person something (decisions 021 and 048): one notice goes to the bell and,
 * as the person chose for its kind on /preferences2, by e-mail at once, in the daily digest, or
 * nowhere. The notices domain implements it; proposals, contracts and messages only see this type.
 *
 * A notice is data: a locale key and its parameters. Its words (the bell's title and the e-mail's
 * subject, the lines, the bell's short text, the button) are in src/shared/locales under
 * `notices.<key>`, rendered in the reader's language when the bell is read or the e-mail is sent.
 */

/**
 * A value a notice's words interpolate (`{{name}}`). Plain values as they are; the others are
 * written in the reader's language: an amount of money (centavos), an instant (Brasília time), or
 * another locale entry (a role's name, a kind's name) with its own parameters.
 */
export type NoticeParam =
  | string
  | number
  | null
  | { money: number }
  | { date: string; time?: boolean }
  | { t: string; params?: NoticeParams; context?: string };
export type NoticeParams = { [name: string]: NoticeParam };

/**
 * `key` names `notices.<key>` in the locales: `title`, `lines` (paragraphs; a line whose
 * parameter is null is left out), optional `bell` and `action`. `context` picks
 * `notices.<key>_<context>` when it exists (a role, a gender), as i18next does.
 */
export interface NoticeText {
  key: string;
  params?: NoticeParams;
  context?: string;
}

interface TellCommon {
  userId: string;
  /** The screen it is about (the bell's link). */
  path: string;
  /** Where the e-mail's button leads, when not to `path` (a personal signing link). */
  url?: string;
  /** A notice a contract depends on: sent by e-mail and shown whatever the choice for its kind. */
  required?: boolean;
  /** "later": never e-mailed at once (the caller e-mails it after a delay, or the digest does). */
  mail?: "now" | "later";
  /** The same `dedupe` for the same person is told once. */
  dedupe?: string;
}

/** A notice: its words are `text`, rendered in the reader's language. */
export interface KeyedTell extends TellCommon {
  text: NoticeText;
  /** The button's words when not the notice's own `action`: `notices.<button>` (a guest's download). */
  button?: string;
}

/**
 * A notice whose words the caller already wrote in pt-BR: what domains did before decision 048,
 * still accepted while proposals moves to `text` (every reader gets these words as they are).
 */
export interface WordedTell extends TellCommon {
  /** The bell's title and the e-mail's subject. */
  title: string;
  lines: string[];
  /** What the bell (and the digest) says, when shorter than the e-mail's lines. */
  bell?: string[];
  /** The e-mail's button. */
  action: string;
}

export type Tell = KeyedTell | WordedTell;

/** A notice for someone not known by id (a signer known by e-mail). */
export type TellTo = Tell extends infer T ? (T extends Tell ? Omit<T, "userId"> : never) : never;

export interface NoticeGateway {
  /** Tells each notice in transaction `c` (the bell, and e-mail as chosen), with a live event. */
  tell(c: Queryable, kind: NoticeKind, notices: Tell[]): Promise<void>;
  /**
   * Tells the account with this e-mail, when there is one; false when nobody has an account with
   * it (a guarantor or witness who never signed up: the caller e-mails them directly).
   */
  tellByEmail(c: Queryable, kind: NoticeKind, email: string, notice: TellTo): Promise<boolean>;
  /** How the person chose to hear of this kind. */
  channelOf(c: Queryable, userId: string, kind: NoticeKind): Promise<NoticeChannel>;
  /** The person saw what the screen at `path` says: its notices are read. */
  readAbout(c: Queryable, userId: string, path: string): Promise<void>;
}
