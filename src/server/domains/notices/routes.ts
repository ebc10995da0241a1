import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses, noContent } from "../../../shared/contracts/errors";
import {
  noticeIdParams,
  noticeList,
  notificationSettingsInput,
  notificationSettingsView,
  unsubscribeQuery,
} from "../../../shared/contracts/preferences";
import { userIdOf } from "../../auth/guard";
import { phrase } from "../../mail/words";
import { type Language, requestLanguage } from "../../plugins/error-handler";
import type { NoticesService } from "./service";

const security = [{ session: [] }];

/** The bell (/api/notifications), how one is told (/api/preferences/notifications) and the unsubscribe link. */
export async function noticeRoutes(app: FastifyInstance, opts: { notices: NoticesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { notices } = opts;
  const tags = ["preferences"];

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
      return notices.settings(userIdOf(request));
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
    async (request) => notices.saveSettings(userIdOf(request), request.body),
  );

  // The one-click unsubscribe of every alert e-mail (RFC 8058): no sign-in, the link is signed.
  // A mail client POSTs "List-Unsubscribe=One-Click" to it; a person who opens it gets a page with
  // one button (a GET changes nothing, as link scanners open links).
  const page = (language: Language, title: string, body: string) =>
    `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Chave</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1a1b1e}button{font:inherit;padding:.6rem 1.2rem;border:0;border-radius:.4rem;background:#1864ab;color:#fff;cursor:pointer}a{color:#1864ab}</style></head><body><main><h1>${title}</h1>${body}</main></body></html>`;
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
        const language = requestLanguage(request);
        const w = (key: string) =>
          phrase(language, `notices.unsubscribe.${key}`, { kind: { t: `notices.kindWords.${k}` } });
        return reply
          .header("cache-control", "no-store")
          .type("text/html; charset=utf-8")
          .send(
            // An HTML page, which the response schema (errors only) does not describe.
            page(
              language,
              w("askTitle"),
              `<p>${w("ask")}</p><form method="post" action="${action.replace(/&/g, "&amp;")}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">${w("button")}</button></form><p><a href="/preferences2">${w("choose")}</a></p>`,
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
        await notices.unsubscribe(u, k, t);
        const language = requestLanguage(request);
        const w = (key: string) =>
          phrase(language, `notices.unsubscribe.${key}`, { kind: { t: `notices.kindWords.${k}` } });
        return reply
          .type("text/html; charset=utf-8")
          .send(
            page(
              language,
              w("doneTitle"),
              `<p>${w("done")}</p><p><a href="/preferences2">${w("choose")}</a></p>`,
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
      const userId = userIdOf(request);
      const language = requestLanguage(request);
      // The language the person reads the app in is the one their e-mails are written in.
      await notices.recordLanguage(userId, language);
      return notices.notices(userId, language);
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
      await notices.readNotice(userIdOf(request), request.params.id);
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
      await notices.readAllNotices(userIdOf(request));
      return reply.status(204).send(null);
    },
  );
}
