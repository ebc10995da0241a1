import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type pg from "pg";
import {
  CHOSEN_KINDS,
  type ChosenKind,
  DEFAULT_CHANNELS,
  type NoticeChannel,
  type NoticeChannels,
  type NoticeKind,
  type NoticeList,
  type NotificationSettings,
} from "../../../shared/contracts/preferences";
import { AppError } from "../../../shared/errors";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import type { NoticeGateway, NoticeText, Tell, TellTo } from "../../mail/notice-gateway";
import type { MailOutbox } from "../../mail/outbox";
import type { MailNotice } from "../../mail/templates";
import { bellBody, type NoticeWords, phrase, renderNotice } from "../../mail/words";
import type { Language } from "../../plugins/error-handler";
import { noticesChanged } from "../../realtime/events";
import { digestReaders, recordLanguage, saveSettings, settingsOf } from "./notification-settings.repository";
import {
  digestNotices,
  insertNotices,
  markAllRead,
  markEmailed,
  markRead,
  markReadAbout,
  noticesOf,
  unreadCount,
  userWithEmail,
} from "./notifications.repository";

const NOTICES_LIMIT = 50;
const DIGEST_BATCH = 500;

/**
 * What the person's history keeps of their notice settings: preferences versions them with their
 * searches (decision 021), under the same lock.
 */
export interface SettingsHistory {
  /** Locks what the person's version is made of, before the settings change. */
  lock(c: Queryable, userId: string): Promise<void>;
  /** Records the person's whole list, settings included, as a version named `action`. */
  record(c: Queryable, userId: string, action: string): Promise<void>;
}

export interface NoticesDeps {
  outbox: MailOutbox;
  clock: Clock;
  publicUrl: string;
  /** Signs the one-click unsubscribe links, so only the e-mail's reader can use one. */
  secret: string;
}

/** A notice's words, whatever way it was told: from its key (decision 048) or as written. */
function wordsOf(language: Language, n: Tell): NoticeWords {
  if ("text" in n) {
    const words = renderNotice(language, n.text);
    return n.button ? { ...words, action: phrase(language, `notices.${n.button}`) } : words;
  }
  return { title: n.title, lines: n.lines, ...(n.bell ? { bell: n.bell } : {}), action: n.action };
}

/** A stored notice's title and body in `language` (rows from before decision 048 as they are). */
type StoredNotice = Awaited<ReturnType<typeof noticesOf>>[number];
function rowWords(language: Language, r: Pick<StoredNotice, "title" | "body" | "text_key" | "params">) {
  if (!r.text_key) return { title: r.title, body: r.body };
  const words = renderNotice(language, {
    key: r.text_key,
    params: (r.params?.params ?? {}) as NoticeText["params"],
    context: r.params?.context,
  });
  return { title: words.title, body: bellBody(words) };
}

/**
 * Telling people (issue 30, decisions 021 and 048): the bell, e-mail at once or in the daily
 * digest as each chose on /preferences2, the one-click unsubscribe, and each person's language.
 * Every domain tells through it as a `NoticeGateway`.
 */
export class NoticesService implements NoticeGateway {
  private history: SettingsHistory | null = null;

  constructor(
    private readonly pool: pg.Pool,
    private readonly deps: NoticesDeps,
  ) {}

  /** Preferences keeps the settings' versions with the searches'. */
  keepHistoryWith(history: SettingsHistory): void {
    this.history = history;
  }

  private tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, fn);
  }

  // --- the language each person reads in ------------------------------------------------------

  /** The language the person uses the app in, from their requests; written only when it changed. */
  async recordLanguage(userId: string, language: Language): Promise<void> {
    await recordLanguage(this.pool, userId, language);
  }

  // --- how one is told (/preferences2) ----------------------------------------------------------

  async settingsIn(c: Queryable, userId: string): Promise<NotificationSettings> {
    const [row] = await settingsOf(c, [userId]);
    return row
      ? { canais: { ...DEFAULT_CHANNELS, ...row.canais }, horaResumo: row.hora_resumo }
      : { canais: DEFAULT_CHANNELS, horaResumo: 8 };
  }

  async settings(userId: string): Promise<NotificationSettings> {
    return this.settingsIn(this.pool, userId);
  }

  /** Writes the settings in transaction `c` (a restored version of preferences does too). */
  async writeSettings(c: Queryable, userId: string, input: NotificationSettings): Promise<void> {
    await saveSettings(c, userId, { ...DEFAULT_CHANNELS, ...input.canais }, input.horaResumo);
  }

  async saveSettings(
    userId: string,
    input: NotificationSettings,
    action = "avisos",
  ): Promise<NotificationSettings> {
    await this.tx(async (c) => {
      await this.history?.lock(c, userId);
      await saveSettings(c, userId, input.canais, input.horaResumo);
      await this.history?.record(c, userId, action);
    });
    return this.settings(userId);
  }

  /** The signature of a one-click unsubscribe link for one person and kind. */
  unsubscribeToken(userId: string, kind: ChosenKind): string {
    return createHmac("sha256", this.deps.secret).update(`unsubscribe:${userId}:${kind}`).digest("base64url");
  }

  unsubscribeUrl(userId: string, kind: ChosenKind): string {
    const q = new URLSearchParams({ u: userId, k: kind, t: this.unsubscribeToken(userId, kind) });
    return `${this.deps.publicUrl}/api/preferences/unsubscribe?${q}`;
  }

  /**
   * The one-click unsubscribe (RFC 8058): the kind stops coming by e-mail (it stays in the app).
   * Works without signing in; a link whose signature is not ours is refused.
   */
  async unsubscribe(userId: string, kind: ChosenKind, token: string): Promise<void> {
    const want = Buffer.from(this.unsubscribeToken(userId, kind));
    const got = Buffer.from(token);
    if (want.length !== got.length || !timingSafeEqual(want, got))
      throw new AppError("invalid-unsubscribe-link");
    const current = await this.settings(userId);
    if (current.canais[kind] === "app" || current.canais[kind] === "off") return;
    await this.saveSettings(
      userId,
      { ...current, canais: { ...current.canais, [kind]: "app" } },
      "descadastro",
    );
  }

  /**
   * The end of every alert e-mail: where to choose, and a one-click unsubscribe for each kind it
   * tells (RFC 8058's headers carry the first; a digest of both kinds names both links).
   */
  private unsubscribeFooter(userId: string, kinds: ChosenKind[]) {
    const links = kinds.map((k) => ({ kind: k, url: this.unsubscribeUrl(userId, k) }));
    return {
      lines: (language: Language) => [
        phrase(language, "notices.mail.choose", { url: `${this.deps.publicUrl}/preferences2` }),
        ...links.map((l) =>
          phrase(language, "notices.mail.stop", { kind: { t: `notices.kindWords.${l.kind}` }, url: l.url }),
        ),
      ],
      headers: {
        "List-Unsubscribe": `<${links[0]?.url}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
  }

  /**
   * An e-mail that tells one notice in its reader's language: with its kind's one-click
   * unsubscribe, or, for one a contract depends on, saying why it cannot be turned off.
   */
  private mailOf(userId: string, kind: ChosenKind, n: Tell) {
    const footer = n.required ? null : this.unsubscribeFooter(userId, [kind]);
    return {
      userId,
      notice: (language: Language): MailNotice => {
        const words = wordsOf(language, n);
        return {
          subject: words.title,
          lines: [
            ...words.lines,
            ...(footer ? footer.lines(language) : [phrase(language, "notices.mail.required")]),
          ],
          url: n.url ?? `${this.deps.publicUrl}${n.path}`,
          action: words.action,
        };
      },
      ...(footer ? { headers: footer.headers } : {}),
    };
  }

  /**
   * The daily digests due now: each person whose digest hour (Brasília time) it is gets one
   * e-mail, in their language, with the notices of the kinds they chose for it, not e-mailed yet.
   * Run hourly by a scheduled job; a notice goes in one digest (it is marked e-mailed in the same
   * transaction).
   */
  async sendDigests(): Promise<number> {
    const hour = Number(
      new Intl.DateTimeFormat("en-GB", {
        timeZone: "America/Sao_Paulo",
        hour: "2-digit",
        hourCycle: "h23",
      }).format(this.deps.clock.now()),
    );
    const readers = (await digestReaders(this.pool, hour, CHOSEN_KINDS)).map((r) => r.user_id);
    let sent = 0;
    // A few hundred people a transaction: a handful of statements each, whatever their number.
    for (let i = 0; i < readers.length; i += DIGEST_BATCH) {
      const batch = readers.slice(i, i + DIGEST_BATCH);
      sent += await this.tx(async (c) => {
        const byPerson = new Map<string, Awaited<ReturnType<typeof digestNotices>>>();
        for (const n of await digestNotices(c, batch)) {
          const list = byPerson.get(n.user_id) ?? [];
          list.push(n);
          byPerson.set(n.user_id, list);
        }
        const mails = [...byPerson].map(([userId, notices]) => {
          const kinds = CHOSEN_KINDS.filter((k) => notices.some((n) => n.kind === k));
          const footer = this.unsubscribeFooter(userId, kinds);
          return {
            userId,
            notice: (language: Language): MailNotice => ({
              subject: phrase(language, "notices.digest.title", { count: notices.length }),
              lines: [
                ...notices.map((n) =>
                  phrase(language, "notices.digest.item", {
                    ...rowWords(language, n),
                    url: `${this.deps.publicUrl}${n.path}`,
                  }),
                ),
                ...footer.lines(language),
              ],
              url: `${this.deps.publicUrl}/preferences`,
              action: phrase(language, "notices.digest.action"),
            }),
            headers: footer.headers,
          };
        });
        await this.deps.outbox.queueNotices(c, mails);
        await markEmailed(
          c,
          [...byPerson.values()].flat().map((n) => n.id),
        );
        return mails.length;
      });
    }
    return sent;
  }

  // --- the bell ---------------------------------------------------------------------------------

  /** One's latest notices, each worded in `language` (the request's). */
  async notices(userId: string, language: Language = "pt-BR"): Promise<NoticeList> {
    const [rows, unread] = await Promise.all([
      noticesOf(this.pool, userId, NOTICES_LIMIT),
      unreadCount(this.pool, userId),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        ...rowWords(language, r),
        path: r.path,
        createdAt: r.created_at.toISOString(),
        readAt: r.read_at?.toISOString() ?? null,
      })),
      unread,
    };
  }

  async readNotice(userId: string, id: string): Promise<void> {
    await this.tx(async (c) => {
      if (!(await markRead(c, userId, id))) throw new AppError("not-found");
      await noticesChanged(c, [userId], true);
    });
  }

  async readAllNotices(userId: string): Promise<void> {
    await this.tx(async (c) => {
      await markAllRead(c, userId);
      await noticesChanged(c, [userId], true);
    });
  }

  // --- telling (the notice gateway the other domains use) -------------------------------------

  private async channels(c: Queryable, userIds: string[]): Promise<Map<string, NoticeChannels>> {
    return new Map(
      (await settingsOf(c, [...new Set(userIds)])).map((r) => [
        r.user_id,
        { ...DEFAULT_CHANNELS, ...r.canais },
      ]),
    );
  }

  async channelOf(c: Queryable, userId: string, kind: NoticeKind): Promise<NoticeChannel> {
    return ((await this.channels(c, [userId])).get(userId) ?? DEFAULT_CHANNELS)[kind];
  }

  /**
   * Tells each notice as its person chose for the kind: "off" nothing, "app" the bell, "email" the
   * bell and an e-mail at once, "digest" the bell and the next daily digest. A required notice (a
   * contract depends on it) is shown and e-mailed whatever the choice. Each `dedupe` once a person.
   * A notice keeps its key and parameters (worded when read) and its pt-BR words (the export's).
   */
  async tell(c: Queryable, kind: NoticeKind, notices: Tell[]): Promise<void> {
    if (notices.length === 0) return;
    const chosen = await this.channels(
      c,
      notices.map((n) => n.userId),
    );
    const channelOf = (n: Tell) => (n.required ? "email" : (chosen.get(n.userId) ?? DEFAULT_CHANNELS)[kind]);
    const wanted = notices.filter((n) => channelOf(n) !== "off").map((n) => ({ n, id: randomUUID() }));
    const inserted = await insertNotices(
      c,
      wanted.map(({ n, id }) => {
        const words = wordsOf("pt-BR", n);
        return {
          id,
          userId: n.userId,
          kind,
          title: words.title,
          body: bellBody(words),
          path: n.path,
          textKey: "text" in n ? n.text.key : null,
          params:
            "text" in n
              ? { params: n.text.params ?? {}, ...(n.text.context ? { context: n.text.context } : {}) }
              : null,
          dedupe: n.dedupe ?? `${kind}:${id}`,
        };
      }),
    );
    const byId = new Map<string, Tell>(wanted.map((w) => [w.id, w.n]));
    const emailed: string[] = [];
    const mails: ReturnType<typeof this.mailOf>[] = [];
    for (const row of inserted) {
      const n = byId.get(row.id) as Tell;
      if (channelOf(n) !== "email" || n.mail === "later") continue;
      mails.push(this.mailOf(n.userId, kind, n));
      emailed.push(row.id);
    }
    // A handful of statements whatever their number: a month's charges tell thousands at once.
    await this.deps.outbox.queueNotices(c, mails);
    await markEmailed(c, emailed);
    await noticesChanged(
      c,
      inserted.map((r) => r.user_id),
    );
  }

  async tellByEmail(c: Queryable, kind: NoticeKind, email: string, notice: TellTo): Promise<boolean> {
    const userId = await userWithEmail(c, email);
    if (!userId) return false;
    await this.tell(c, kind, [{ ...notice, userId } as Tell]);
    return true;
  }

  async readAbout(c: Queryable, userId: string, path: string): Promise<void> {
    if (await markReadAbout(c, userId, path)) await noticesChanged(c, [userId], true);
  }
}
