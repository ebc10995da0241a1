import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses, noContent } from "../../../shared/contracts/errors";
import {
  offerInput,
  offerUpdate,
  offerView,
  placeQuery,
  placeSuggestions,
  searchQuery,
  searchResult,
  unitInput,
  unitView,
} from "../../../shared/contracts/listings";
import { AppError } from "../../../shared/errors";
import type { Auth } from "../../auth/auth";
import { requireUserId } from "../../auth/guard";
import { toFetchHeaders } from "../../auth/routes";
import type { StorageService } from "../../storage/service";
import type { ListingsService } from "./service";

const security = [{ session: [] }];
const idParams = z.object({ id: z.uuid({ error: "not-found" }) });

export async function listingsRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; listings: ListingsService; storage: StorageService },
) {
  const { auth, listings, storage } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  /** The visitor's id when signed in, or null: public pages answer both. */
  const maybeUser = async (request: FastifyRequest) => {
    if (!request.headers.cookie?.includes("session_token")) return null;
    const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
    return session?.user.id ?? null;
  };

  api.get(
    apiRoutes.units.all,
    {
      schema: {
        tags: ["units"],
        summary: "One's units, newest first, with their offers",
        security,
        response: { 200: z.array(unitView), ...errorResponses },
      },
    },
    async (request) => listings.listUnits(await requireUserId(auth, request)),
  );
  api.post(
    apiRoutes.units.all,
    {
      schema: {
        tags: ["units"],
        summary: "Registers a unit (photos: up to 20 of one's own images, the first is the cover)",
        security,
        body: unitInput,
        response: { 201: unitView, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await listings.createUnit(await requireUserId(auth, request), request.body)),
  );
  api.get(
    apiRoutes.units.one,
    {
      schema: {
        tags: ["units"],
        summary: "One of one's units",
        security,
        params: idParams,
        response: { 200: unitView, ...errorResponses },
      },
    },
    async (request) => listings.getUnit(await requireUserId(auth, request), request.params.id),
  );
  api.put(
    apiRoutes.units.one,
    {
      schema: {
        tags: ["units"],
        summary: "Replaces a unit's data; its offers follow",
        security,
        params: idParams,
        body: unitInput,
        response: { 200: unitView, ...errorResponses },
      },
    },
    async (request) =>
      listings.updateUnit(await requireUserId(auth, request), request.params.id, request.body),
  );
  api.delete(
    apiRoutes.units.one,
    {
      schema: {
        tags: ["units"],
        summary: "Deletes a unit without an active offer",
        security,
        params: idParams,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await listings.deleteUnit(await requireUserId(auth, request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    apiRoutes.offers.all,
    {
      schema: {
        tags: ["offers"],
        summary: "A new offer (rascunho) for one's unit",
        security,
        body: offerInput,
        response: { 201: offerView, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await listings.createOffer(await requireUserId(auth, request), request.body)),
  );
  api.get(
    apiRoutes.offers.one,
    {
      schema: {
        tags: ["offers"],
        summary: "An offer: anyone once published; a draft or closed one only its owner",
        params: idParams,
        response: { 200: offerView, ...errorResponses },
      },
    },
    async (request, reply) => {
      const offer = await listings.getOffer(await maybeUser(request), request.params.id);
      reply.header("cache-control", "no-store");
      return offer;
    },
  );
  api.put(
    apiRoutes.offers.one,
    {
      schema: {
        tags: ["offers"],
        summary: "Changes an offer's terms (owner; rascunho or publicada)",
        security,
        params: idParams,
        body: offerUpdate,
        response: { 200: offerView, ...errorResponses },
      },
    },
    async (request) =>
      listings.updateOffer(await requireUserId(auth, request), request.params.id, request.body),
  );
  for (const [path, action, summary] of [
    [apiRoutes.offers.publish, "publish", "rascunho → publicada (needs a photo)"],
    [apiRoutes.offers.close, "close", "any status → encerrada"],
  ] as const) {
    api.post(
      path,
      {
        schema: {
          tags: ["offers"],
          summary,
          security,
          params: idParams,
          response: { 200: offerView, ...errorResponses },
        },
      },
      async (request) => listings.transition(await requireUserId(auth, request), request.params.id, action),
    );
  }

  api.get(
    apiRoutes.search,
    {
      schema: {
        tags: ["offers"],
        summary:
          "Published offers by place, price (total, centavos), bedrooms, type, pets, furnished and text",
        querystring: searchQuery,
        response: { 200: searchResult, ...errorResponses },
      },
    },
    async (request) => listings.search(request.query),
  );

  api.get(
    apiRoutes.places,
    {
      schema: {
        tags: ["offers"],
        summary:
          "Cities and bairros with published offers that begin with what was typed (ignoring case and accents)",
        querystring: placeQuery,
        response: { 200: placeSuggestions, ...errorResponses },
      },
    },
    async (request) => listings.places(request.query.q, request.query.uf),
  );

  api.get(
    apiRoutes.photo,
    {
      schema: {
        tags: ["units"],
        summary: "A unit photo: public once an offer shows it; before that, its owner's only",
        params: z.object({ id: z.uuid({ error: "object-not-found" }) }),
        // The bytes are a stream, not JSON: only the errors have a schema.
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const photo = await listings.photoAccess(request.params.id);
      if (!photo) throw new AppError("object-not-found");
      if (!photo.isPublic) {
        const viewer = await maybeUser(request);
        if (!viewer) throw new AppError("unauthenticated");
        if (viewer !== photo.ownerId) throw new AppError("unauthorized");
      }
      const etag = `"${photo.sha256}"`;
      reply
        .header("content-type", photo.contentType)
        .header("x-content-type-options", "nosniff")
        .header("etag", etag)
        .header("cache-control", photo.isPublic ? "public, max-age=3600" : "private, no-cache");
      // The bytes (a stream) and "not modified" (no body at all) are past the JSON schemas.
      const raw: FastifyReply = reply;
      if (request.headers["if-none-match"] === etag) return raw.status(304).send();
      const stream = await storage.store.read(request.params.id).catch(() => {
        throw new AppError("object-not-found");
      });
      return raw.header("content-length", String(photo.size)).send(stream);
    },
  );
}
