import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses, noContent } from "../../../shared/contracts/errors";
import { offerCard } from "../../../shared/contracts/listings";
import {
  favoriteView,
  offerIdParams,
  preferenceVersion,
  savedSearchInput,
  savedSearchView,
  searchIdParams,
} from "../../../shared/contracts/preferences";
import { userIdOf } from "../../auth/guard";
import type { PreferencesService } from "./service";

const security = [{ session: [] }];

/** /api/preferences and /api/notifications: each person's own, and nobody else's. */
export async function preferenceRoutes(app: FastifyInstance, opts: { preferences: PreferencesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { preferences } = opts;
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
      return preferences.listSearches(userIdOf(request));
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
      const view = await preferences.createSearch(userIdOf(request), request.body);
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
    async (request) => preferences.updateSearch(userIdOf(request), request.params.id, request.body),
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
      await preferences.deleteSearch(userIdOf(request), request.params.id);
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
      return preferences.history(userIdOf(request));
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
    async (request) => preferences.restore(userIdOf(request), request.params.id),
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
      return preferences.favorites(userIdOf(request));
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
      await preferences.addFavorite(userIdOf(request), request.params.offerId);
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
      await preferences.removeFavorite(userIdOf(request), request.params.offerId);
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
      return preferences.forYou(userIdOf(request));
    },
  );
}
