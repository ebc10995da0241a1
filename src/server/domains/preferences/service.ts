import { randomUUID } from "node:crypto";
import type pg from "pg";
import {
  type FavoriteView,
  type NotificationSettings,
  type PreferenceVersion,
  SAVED_SEARCHES_MAX,
  type SavedSearchData,
  type SavedSearchView,
  searchFilters,
} from "../../../shared/contracts/preferences";
import { AppError } from "../../../shared/errors";
import { offerTitle } from "../../../shared/listing-names";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import type { NoticeGateway, Tell } from "../../mail/notice-gateway";
import { preferencesChanged } from "../../realtime/events";
import { describeChanges, describeSettingsChanges, type SearchSnapshot } from "./changes";
import { addFavorite, favoritersOf, favoritesOf, removeFavorite } from "./favorites.repository";
import type { MatchOfferJob } from "./jobs";
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

const HISTORY_LIMIT = 50;
const FOR_YOU_LIMIT = 6;

/** Saved searches, favourites, their history, and matching offers to searches (issue 16; decision 021). */
export interface PreferencesDeps {
  /** Telling people (matches, price drops) and the notice settings a version keeps. */
  notices: NoticeGateway & {
    settingsIn(c: Queryable, userId: string): Promise<NotificationSettings>;
    writeSettings(c: Queryable, userId: string, settings: NotificationSettings): Promise<void>;
  };
}

/** Preferences is the history notices keeps its settings' versions in (notices' SettingsHistory). */
export class PreferencesService {
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
      settings: await this.deps.notices.settingsIn(c, userId),
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
      if (v.settings) await this.deps.notices.writeSettings(c, userId, v.settings);
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

  // --- the settings' history (notices owns the settings; decision 048) --------------------------

  /** Locks the person's searches: a version is made of them and the settings. */
  async lock(c: Queryable, userId: string): Promise<void> {
    await searchesOf(c, userId, true);
  }

  /** Records the person's whole list as a version (notices calls it when the settings change). */
  async record(c: Queryable, userId: string, action: string): Promise<void> {
    await this.version(c, userId, action);
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
      const matches: Tell[] = fitting
        .filter((x) => fresh.has(x.id))
        .map((x) => ({
          userId: x.user_id,
          text: {
            key: "match",
            params: { search: x.nome, offer: title, city: o.cidade, uf: o.uf, total: { money: o.total } },
          },
          path,
          // One notice a person an offer, whichever of their searches found it first.
          dedupe: `match:${o.id}`,
        }));
      await this.deps.notices.tell(c, "match", matches);
      let dropped = 0;
      if (job.previousTotal != null && o.total < job.previousTotal) {
        const drops: Tell[] = (await favoritersOf(c, o.id)).map((userId) => ({
          userId,
          text: {
            key: "priceDrop",
            params: {
              offer: title,
              before: { money: job.previousTotal as number },
              after: { money: o.total },
            },
          },
          path,
          dedupe: `price:${o.id}:${o.total}`,
        }));
        dropped = drops.length;
        await this.deps.notices.tell(c, "price_drop", drops);
      }
      return { matched: fresh.size, dropped };
    });
  }
}
