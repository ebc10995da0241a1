import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses, noContent } from "../../../shared/contracts/errors";
import { offerCard } from "../../../shared/contracts/listings";
import {
  favoriteView,
  noticeIdParams,
  noticeList,
  notificationSettingsInput,
  notificationSettingsView,
  offerIdParams,
  preferenceVersion,
  savedSearchInput,
  savedSearchView,
  searchIdParams,
  unsubscribeQuery,
} from "../../../shared/contracts/preferences";
import type { Auth } from "../../auth/auth";
import { requireUserId } from "../../auth/guard";
import { KIND_WORDS } from "./changes";
import type { PreferencesService } from "./service";

const security = [{ session: [] }];

/** /api/preferences and /api/notifications: each person's own, and nobody else's. */
export async function preferenceRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; preferences: PreferencesService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { auth, preferences } = opts;
  const tags = ["preferences"];

  api.get(
    apiRoutes.preferences.searches,
    {
      schema: {
        tags,
        summary: "One's saved searches, each with how many published offers fit it now",
        security,
        response: { 200: z.array(savedSearchView), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return preferences.listSearches(await requireUserId(auth, request));
    },
  );
  api.post(
    apiRoutes.preferences.searches,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "Saves a search (at most 20 a person)",
        security,
        body: savedSearchInput,
        response: { 201: savedSearchView, ...errorResponses },
      },
    },
    async (request, reply) => {
      const view = await preferences.createSearch(await requireUserId(auth, request), request.body);
      return reply.status(201).send(view);
    },
  );
  api.put(
    apiRoutes.preferences.search,
    {
      schema: {
        tags,
        summary: "Changes a saved search: its name, filters, or paused (ativa: false)",
        security,
        params: searchIdParams,
        body: savedSearchInput,
        response: { 200: savedSearchView, ...errorResponses },
      },
    },
    async (request) =>
      preferences.updateSearch(await requireUserId(auth, request), request.params.id, request.body),
  );
  api.delete(
    apiRoutes.preferences.search,
    {
      schema: {
        tags,
        summary: "Deletes a saved search",
        security,
        params: searchIdParams,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await preferences.deleteSearch(await requireUserId(auth, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.get(
    apiRoutes.preferences.history,
    {
      schema: {
        tags,
        summary: "Every saved version of one's searches, newest first, with what changed",
        security,
        response: { 200: z.array(preferenceVersion), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return preferences.history(await requireUserId(auth, request));
    },
  );
  api.post(
    apiRoutes.preferences.restore,
    {
      schema: {
        tags,
        summary: "Makes one's searches what they were in that version (a new version)",
        security,
        params: searchIdParams,
        response: { 200: z.array(savedSearchView), ...errorResponses },
      },
    },
    async (request) => preferences.restore(await requireUserId(auth, request), request.params.id),
  );

  api.get(
    apiRoutes.preferences.favorites,
    {
      schema: {
        tags,
        summary: "One's favourite offers, with where each stands now",
        security,
        response: { 200: z.array(favoriteView), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return preferences.favorites(await requireUserId(auth, request));
    },
  );
  api.put(
    apiRoutes.preferences.favorite,
    {
      schema: {
        tags,
        summary: "Keeps an offer as a favourite (its price drops are told)",
        security,
        params: offerIdParams,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await preferences.addFavorite(await requireUserId(auth, request), request.params.offerId);
      return reply.status(204).send(null);
    },
  );
  api.delete(
    apiRoutes.preferences.favorite,
    {
      schema: {
        tags,
        summary: "Stops keeping an offer",
        security,
        params: offerIdParams,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await preferences.removeFavorite(await requireUserId(auth, request), request.params.offerId);
      return reply.status(204).send(null);
    },
  );
  api.get(
    apiRoutes.preferences.forYou,
    {
      schema: {
        tags,
        summary: "The newest published offers that fit one's active saved searches",
        security,
        response: { 200: z.array(offerCard), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return preferences.forYou(await requireUserId(auth, request));
    },
  );

  api.get(
    apiRoutes.preferences.notifications,
    {
      schema: {
        tags,
        summary:
          "How one is told each kind of notice (in the app, by e-mail at once, in a daily digest, or not)",
        security,
        response: { 200: notificationSettingsView, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return preferences.settings(await requireUserId(auth, request));
    },
  );
  api.put(
    apiRoutes.preferences.notifications,
    {
      schema: {
        tags,
        summary: "Changes how one is told each kind of notice, and the digest's hour",
        security,
        body: notificationSettingsInput,
        response: { 200: notificationSettingsView, ...errorResponses },
      },
    },
    async (request) => preferences.saveSettings(await requireUserId(auth, request), request.body),
  );

  // The one-click unsubscribe of every alert e-mail (RFC 8058): no sign-in, the link is signed.
  // A mail client POSTs "List-Unsubscribe=One-Click" to it; a person who opens it gets a page with
  // one button (a GET changes nothing, as link scanners open links).
  const page = (title: string, body: string) =>
    `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Chave</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1b1e}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#1864ab;color:#fff;cursor:pointer}a{color:#1864ab}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
  // RFC 8058 §3.1: the mail client's POST carries "List-Unsubscribe=One-Click" and "SHOULD be
  // sent as multipart/form-data [RFC 7578] and MAY be sent as application/x-www-form-urlencoded";
  // our own page's button sends the latter. Both are taken here, and only here (the link's
  // signature, in the query, is what is checked; the body is not read). A scope of their own, so
  // no other route of preferences takes a form.
  await app.register(async (forms) => {
    const scope = forms.withTypeProvider<ZodTypeProvider>();
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"])
      scope.addContentTypeParser(type, { parseAs: "string", bodyLimit: 4096 }, (_r, body, done) =>
        done(null, body),
      );
    scope.get(
      apiRoutes.preferences.unsubscribe,
      {
        schema: {
          tags,
          summary:
            "The unsubscribe link's page: one button that stops that kind of e-mail (nothing changes on a GET)",
          querystring: unsubscribeQuery,
          response: errorResponses,
        },
      },
      async (request, reply) => {
        const { u, k, t } = request.query;
        const action = `?${new URLSearchParams({ u, k, t })}`;
        return reply
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(
            // An HTML page, which the response schema (errors only) does not describe.
            page(
              "Parar estes e-mails?",
              `<p>Você deixa de receber por e-mail os avisos de ${KIND_WORDS[k]}. Eles continuam no sino da Chave.</p><form method="post" action="${action.replace(/&/g, "&amp;")}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Parar de receber por e-mail</button></form><p><a href="/preferences2">Escolher como ser avisado</a></p>`,
            ) as never,
          );
      },
    );
    scope.post(
      apiRoutes.preferences.unsubscribe,
      {
        config: { rateLimit: { max: 30, timeWindow: 60_000 } },
        schema: {
          tags,
          summary: "One-click unsubscribe (RFC 8058): that kind of notice stops coming by e-mail",
          querystring: unsubscribeQuery,
          response: errorResponses,
        },
      },
      async (request, reply) => {
        const { u, k, t } = request.query;
        await preferences.unsubscribe(u, k, t);
        return reply
          .type("text/html; charset=utf-8")
          .send(
            page(
              "Pronto",
              `<p>Você não recebe mais por e-mail os avisos de ${KIND_WORDS[k]}. Eles continuam no sino da Chave.</p><p><a href="/preferences2">Escolher como ser avisado</a></p>`,
            ) as never,
          );
      },
    );
  });

  api.get(
    apiRoutes.notifications.all,
    {
      schema: {
        tags: ["notifications"],
        summary: "One's latest 50 notices and how many are unread",
        security,
        response: { 200: noticeList, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return preferences.notices(await requireUserId(auth, request));
    },
  );
  api.post(
    apiRoutes.notifications.read,
    {
      schema: {
        tags: ["notifications"],
        summary: "Marks one of one's notices read",
        security,
        params: noticeIdParams,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await preferences.readNotice(await requireUserId(auth, request), request.params.id);
      return reply.status(204).send(null);
    },
  );
  api.post(
    apiRoutes.notifications.readAll,
    {
      schema: {
        tags: ["notifications"],
        summary: "Marks all of one's notices read",
        security,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await preferences.readAllNotices(await requireUserId(auth, request));
      return reply.status(204).send(null);
    },
  );
}
