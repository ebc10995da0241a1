import { createHmac, randomUUID, timingSafeEqual } from "node:crypto";
import type pg from "pg";
import {
  CHOSEN_KINDS,
  type ChosenKind,
  DEFAULT_CHANNELS,
  type FavoriteView,
  type NoticeChannel,
  type NoticeChannels,
  type NoticeKind,
  type NoticeList,
  type NotificationSettings,
  type PreferenceVersion,
  SAVED_SEARCHES_MAX,
  type SavedSearchData,
  type SavedSearchView,
  searchFilters,
} from "../../../shared/contracts/preferences";
import { AppError } from "../../../shared/errors";
import { offerTitle } from "../../../shared/listing-names";
import { formatBRL as brl } from "../../../shared/money";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import type { NoticeGateway, Tell } from "../../mail/notice-gateway";
import type { MailOutbox } from "../../mail/outbox";
import { noticesChanged, preferencesChanged } from "../../realtime/events";
import { describeChanges, describeSettingsChanges, KIND_WORDS, type SearchSnapshot } from "./changes";
import { addFavorite, favoritersOf, favoritesOf, removeFavorite } from "./favorites.repository";
import { digestReaders, saveSettings, settingsOf } from "./notification-settings.repository";
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
import { insertVersion, versionOf, versionsOf } from "./preference-versions.repository";
import {
  cardOf,
  countOffersFitting,
  deleteSearch,
  deleteSearchesOf,
  insertSearch,
  type ListedSearch,
  matchableOf,
  newestOffersFitting,
  offerToMatch,
  searchById,
  searchesFitting,
  searchesOf,
  updateSearch,
} from "./saved-searches.repository";
import { recordAlerts } from "./search-alerts.repository";

/** The job that matches an offer against every saved search, sent with the change that causes it. */
export const PREFERENCE_JOBS = { matchOffer: "preferences.match-offer" } as const;
export interface MatchOfferJob {
  offerId: string;
  /** The pacote before the change, when it changed: a lower one now is a price drop. */
  previousTotal?: number | null;
}

const HISTORY_LIMIT = 50;
const clip = (body: string) => (body.length > 300 ? `${body.slice(0, 299)}…` : body);
const NOTICES_LIMIT = 50;
const DIGEST_BATCH = 500;
const FOR_YOU_LIMIT = 6;

/** Saved searches, favourites, notices and their history (issue 16; decision 021). */
export interface PreferencesDeps {
  outbox: MailOutbox;
  clock: Clock;
  publicUrl: string;
  /** Signs the one-click unsubscribe links, so only the e-mail's reader can use one. */
  secret: string;
}

export class PreferencesService implements NoticeGateway {
  constructor(
    private readonly pool: pg.Pool,
    private readonly deps: PreferencesDeps,
  ) {}

  private tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    return withTransaction(this.pool, fn);
  }

  // --- saved searches ---------------------------------------------------------------------------

  private async view(c: Queryable, r: ListedSearch): Promise<SavedSearchView> {
    // Stored filters are read through the contract, so a version saved before a filter existed
    // gets its default.
    const filtros = searchFilters.parse(r.filtros);
    return {
      id: r.id,
      nome: r.nome,
      filtros,
      ativa: r.ativa,
      correspondencias: await countOffersFitting(c, filtros),
      createdAt: r.created_at.toISOString(),
      updatedAt: r.updated_at.toISOString(),
    };
  }

  async listSearches(userId: string): Promise<SavedSearchView[]> {
    const rows = await searchesOf(this.pool, userId);
    return Promise.all(rows.map((r) => this.view(this.pool, r)));
  }

  /** Saves the person's whole list as a new version (what /PreferencesHist shows). */
  private async version(c: Queryable, userId: string, action: string): Promise<void> {
    const snapshot = (await searchesOf(c, userId)).map((r) => ({
      nome: r.nome,
      ativa: r.ativa,
      filtros: searchFilters.parse(r.filtros),
    }));
    await insertVersion(c, {
      id: randomUUID(),
      userId,
      action,
      snapshot,
      settings: await this.settingsIn(c, userId),
    });
    await preferencesChanged(c, userId);
  }

  /** One's own search, locked; 404 for anyone else's (its existence is not theirs to know). */
  private async own(c: Queryable, userId: string, id: string): Promise<ListedSearch> {
    await searchesOf(c, userId, true);
    const row = await searchById(c, id);
    if (!row || row.user_id !== userId) throw new AppError("not-found");
    return row;
  }

  async createSearch(userId: string, data: SavedSearchData): Promise<SavedSearchView> {
    const id = randomUUID();
    await this.tx(async (c) => {
      // The person's searches, locked: two saves at once cannot both pass the limit.
      const mine = await searchesOf(c, userId, true);
      if (mine.length >= SAVED_SEARCHES_MAX) throw new AppError("too-many-searches");
      await insertSearch(c, {
        id,
        user_id: userId,
        nome: data.nome,
        filtros: data.filtros,
        ativa: data.ativa,
      });
      await this.version(c, userId, "criada");
    });
    return this.view(this.pool, (await searchById(this.pool, id)) as ListedSearch);
  }

  async updateSearch(userId: string, id: string, data: SavedSearchData): Promise<SavedSearchView> {
    await this.tx(async (c) => {
      const before = await this.own(c, userId, id);
      await updateSearch(c, id, { nome: data.nome, filtros: data.filtros, ativa: data.ativa });
      const action = before.ativa === data.ativa ? "editada" : data.ativa ? "retomada" : "pausada";
      await this.version(c, userId, action);
    });
    return this.view(this.pool, (await searchById(this.pool, id)) as ListedSearch);
  }

  async deleteSearch(userId: string, id: string): Promise<void> {
    await this.tx(async (c) => {
      await this.own(c, userId, id);
      await deleteSearch(c, id);
      await this.version(c, userId, "apagada");
    });
  }

  // --- history ----------------------------------------------------------------------------------

  async history(userId: string): Promise<PreferenceVersion[]> {
    const rows = await versionsOf(this.pool, userId, HISTORY_LIMIT + 1);
    return rows.slice(0, HISTORY_LIMIT).map((v, i) => {
      const previous = (rows[i + 1]?.snapshot ?? []) as SearchSnapshot[];
      const searches = (v.snapshot as SearchSnapshot[]).map((s) => ({
        nome: s.nome,
        ativa: s.ativa,
        filtros: searchFilters.parse(s.filtros),
      }));
      return {
        id: v.id,
        createdAt: v.created_at.toISOString(),
        action: v.action,
        searches,
        changes: [
          ...describeChanges(
            previous.map((s) => ({ ...s, filtros: searchFilters.parse(s.filtros) })),
            searches,
          ),
          ...describeSettingsChanges(rows[i + 1]?.settings ?? null, v.settings ?? null),
        ],
      };
    });
  }

  /** Makes one's searches what they were in that version: a new version, "restaurada". */
  async restore(userId: string, versionId: string): Promise<SavedSearchView[]> {
    await this.tx(async (c) => {
      await searchesOf(c, userId, true);
      const v = await versionOf(c, userId, versionId);
      if (!v) throw new AppError("not-found");
      await deleteSearchesOf(c, userId);
      if (v.settings)
        await saveSettings(c, userId, { ...DEFAULT_CHANNELS, ...v.settings.canais }, v.settings.horaResumo);
      for (const s of v.snapshot as SearchSnapshot[])
        await insertSearch(c, {
          id: randomUUID(),
          user_id: userId,
          nome: s.nome,
          filtros: searchFilters.parse(s.filtros),
          ativa: s.ativa,
        });
      await this.version(c, userId, "restaurada");
    });
    return this.listSearches(userId);
  }

  // --- how one is told (/preferences2) ----------------------------------------------------------

  private async settingsIn(c: Queryable, userId: string): Promise<NotificationSettings> {
    const [row] = await settingsOf(c, [userId]);
    return row
      ? { canais: { ...DEFAULT_CHANNELS, ...row.canais }, horaResumo: row.hora_resumo }
      : { canais: DEFAULT_CHANNELS, horaResumo: 8 };
  }

  async settings(userId: string): Promise<NotificationSettings> {
    return this.settingsIn(this.pool, userId);
  }

  async saveSettings(
    userId: string,
    input: NotificationSettings,
    action = "avisos",
  ): Promise<NotificationSettings> {
    await this.tx(async (c) => {
      await searchesOf(c, userId, true);
      await saveSettings(c, userId, input.canais, input.horaResumo);
      await this.version(c, userId, action);
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
   * An e-mail that tells one notice: with its kind's one-click unsubscribe, or, for one a contract
   * depends on, saying why it cannot be turned off.
   */
  private async mailNotice(c: Queryable, userId: string, kind: ChosenKind, n: Omit<Tell, "userId">) {
    const footer = n.required
      ? {
          lines: ["Este aviso é sempre enviado: a assinatura do contrato depende dele."],
          headers: undefined,
        }
      : this.unsubscribeFooter(userId, [kind]);
    await this.deps.outbox.queueNotice(
      c,
      userId,
      {
        subject: n.title,
        lines: [...n.lines, ...footer.lines],
        url: n.url ?? `${this.deps.publicUrl}${n.path}`,
        action: n.action,
      },
      footer.headers,
    );
  }

  /**
   * The end of every alert e-mail: where to choose, and a one-click unsubscribe for each kind it
   * tells (RFC 8058's headers carry the first; a digest of both kinds names both links).
   */
  private unsubscribeFooter(userId: string, kinds: ChosenKind[]) {
    const links = kinds.map((k) => ({ kind: k, url: this.unsubscribeUrl(userId, k) }));
    return {
      lines: [
        `Escolha como ser avisado em ${this.deps.publicUrl}/preferences2.`,
        ...links.map((l) => `Parar de receber por e-mail avisos de ${KIND_WORDS[l.kind]}: ${l.url}`),
      ],
      headers: {
        "List-Unsubscribe": `<${links[0]?.url}>`,
        "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
      },
    };
  }

  /**
   * The daily digests due now: each person whose digest hour (Brasília time) it is gets one
   * e-mail with the notices of the kinds they chose for it, not e-mailed yet. Run hourly by a
   * scheduled job; a notice goes in one digest (it is marked e-mailed in the same transaction).
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
            notice: {
              subject:
                notices.length === 1
                  ? "Seu resumo do dia: 1 aviso"
                  : `Seu resumo do dia: ${notices.length} avisos`,
              lines: [
                ...notices.map((n) => `• ${n.title} — ${n.body} ${this.deps.publicUrl}${n.path}`),
                ...footer.lines,
              ],
              url: `${this.deps.publicUrl}/preferences`,
              action: "Ver minhas buscas",
            },
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

  // --- favourites -------------------------------------------------------------------------------

  async favorites(userId: string): Promise<FavoriteView[]> {
    return (await favoritesOf(this.pool, userId)).map((r) => ({
      offer: cardOf(r),
      status: r.status,
      savedAt: r.saved_at.toISOString(),
    }));
  }

  /** Keeps an offer anyone may see (published or further on); another's draft is not found. */
  async addFavorite(userId: string, offerId: string): Promise<void> {
    await this.tx(async (c) => {
      const o = await offerToMatch(c, offerId);
      if (!o || (o.status === "rascunho" && o.owner_id !== userId)) throw new AppError("not-found");
      await addFavorite(c, userId, offerId);
      await preferencesChanged(c, userId);
    });
  }

  async removeFavorite(userId: string, offerId: string): Promise<void> {
    await this.tx(async (c) => {
      if (await removeFavorite(c, userId, offerId)) await preferencesChanged(c, userId);
    });
  }

  // --- notices ----------------------------------------------------------------------------------

  async notices(userId: string): Promise<NoticeList> {
    const [rows, unread] = await Promise.all([
      noticesOf(this.pool, userId, NOTICES_LIMIT),
      unreadCount(this.pool, userId),
    ]);
    return {
      items: rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        title: r.title,
        body: r.body,
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

  /** The newest published offers that fit any of one's active searches ("Para você"). */
  async forYou(userId: string) {
    const searches = (await searchesOf(this.pool, userId)).filter((s) => s.ativa);
    const seen = new Map<string, ReturnType<typeof cardOf>>();
    for (const s of searches)
      for (const r of await newestOffersFitting(
        this.pool,
        searchFilters.parse(s.filtros),
        userId,
        FOR_YOU_LIMIT,
      ))
        seen.set(r.id, cardOf(r));
    return [...seen.values()]
      .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.id.localeCompare(b.id))
      .slice(0, FOR_YOU_LIMIT);
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
   */
  async tell(c: Queryable, kind: NoticeKind, notices: Tell[]): Promise<void> {
    if (notices.length === 0) return;
    const chosen = await this.channels(
      c,
      notices.map((n) => n.userId),
    );
    const channelOf = (n: Tell) => (n.required ? "email" : (chosen.get(n.userId) ?? DEFAULT_CHANNELS)[kind]);
    const wanted = notices.filter((n) => channelOf(n) !== "off").map((n) => ({ ...n, id: randomUUID() }));
    const inserted = await insertNotices(
      c,
      wanted.map((n) => ({
        id: n.id,
        userId: n.userId,
        kind,
        title: n.title,
        body: clip((n.bell ?? n.lines).join(" ")),
        path: n.path,
        dedupe: n.dedupe ?? `${kind}:${n.id}`,
      })),
    );
    const byId = new Map<string, (typeof wanted)[number]>(wanted.map((n) => [n.id, n]));
    const emailed: string[] = [];
    for (const row of inserted) {
      const n = byId.get(row.id) as (typeof wanted)[number];
      if (channelOf(n) !== "email" || n.mail === "later") continue;
      await this.mailNotice(c, n.userId, kind, n);
      emailed.push(n.id);
    }
    await markEmailed(c, emailed);
    await noticesChanged(
      c,
      inserted.map((r) => r.user_id),
    );
  }

  async tellByEmail(c: Queryable, kind: NoticeKind, email: string, notice: Omit<Tell, "userId">) {
    const userId = await userWithEmail(c, email);
    if (!userId) return false;
    await this.tell(c, kind, [{ ...notice, userId }]);
    return true;
  }

  async readAbout(c: Queryable, userId: string, path: string): Promise<void> {
    if (await markReadAbout(c, userId, path)) await noticesChanged(c, [userId], true);
  }

  // --- matching (the job) -----------------------------------------------------------------------

  /**
   * An offer was published or changed: every active search it fits (not its owner's) tells its
   * person once, and a lower pacote tells those who keep it. Safe to run twice: each search tells
   * about an offer once (search_alerts), each notice exists once (its dedupe key).
   */
  async matchOffer(job: MatchOfferJob): Promise<{ matched: number; dropped: number }> {
    return this.tx(async (c) => {
      const o = await offerToMatch(c, job.offerId);
      if (o?.status !== "publicada") return { matched: 0, dropped: 0 };
      const title = offerTitle(o.tipo, o.bairro);
      const path = `/AluguelOferta?id=${o.id}`;
      const fitting = await searchesFitting(c, matchableOf(o), o.owner_id);
      const fresh = new Set(
        await recordAlerts(
          c,
          o.id,
          fitting.map((s) => s.id),
        ),
      );
      const action = "Abrir na Chave";
      const matches: Tell[] = fitting
        .filter((x) => fresh.has(x.id))
        .map((x) => ({
          userId: x.user_id,
          title: `Nova oferta para “${x.nome}”`,
          lines: [`${title}, ${o.cidade} – ${o.uf}: ${brl(o.total)} por mês.`],
          path,
          action,
          // One notice a person an offer, whichever of their searches found it first.
          dedupe: `match:${o.id}`,
        }));
      await this.tell(c, "match", matches);
      let dropped = 0;
      if (job.previousTotal != null && o.total < job.previousTotal) {
        const drops: Tell[] = (await favoritersOf(c, o.id)).map((userId) => ({
          userId,
          title: `Baixou o preço: ${title}`,
          lines: [`De ${brl(job.previousTotal as number)} para ${brl(o.total)} por mês.`],
          path,
          action,
          dedupe: `price:${o.id}:${o.total}`,
        }));
        dropped = drops.length;
        await this.tell(c, "price_drop", drops);
      }
      return { matched: fresh.size, dropped };
    });
  }
}
