import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses, noContent } from "../../../shared/contracts/errors";
import {
  offerInput,
  offerUpdate,
  offerView,
  photoQuery,
  placeQuery,
  placeSuggestions,
  searchQuery,
  searchResult,
  unitInput,
  unitView,
} from "../../../shared/contracts/listings";
import { AppError } from "../../../shared/errors";
import type { Auth } from "../../auth/auth";
import { userIdOf } from "../../auth/guard";
import { toFetchHeaders } from "../../auth/routes";
import {
  etagMatches,
  PHOTO_FALLBACK_MAX_AGE_SECONDS,
  PHOTO_MAX_AGE_SECONDS,
  pickRendition,
} from "../../storage/photos";
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
    async (request) => listings.listUnits(userIdOf(request)),
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
      reply.status(201).send(await listings.createUnit(userIdOf(request), request.body)),
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
    async (request) => listings.getUnit(userIdOf(request), request.params.id),
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
    async (request) => listings.updateUnit(userIdOf(request), request.params.id, request.body),
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
      await listings.deleteUnit(userIdOf(request), request.params.id);
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
      reply.status(201).send(await listings.createOffer(userIdOf(request), request.body)),
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
    async (request) => listings.updateOffer(userIdOf(request), request.params.id, request.body),
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
      async (request) => listings.transition(userIdOf(request), request.params.id, action),
    );
  }

  api.get(
    apiRoutes.search,
    {
      schema: {
        tags: ["offers"],
        summary:
          "Published offers by place, price (total, centavos), bedrooms, type, pets, furnished and text; a place typed with a slip is read as the closest one with offers (correcao, unless exato), and an empty first page offers alternativas",
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
        summary:
          "A unit or inspection photo: public once an offer shows it; before that, its owner's and those it is shared with. With ?w=, the narrowest WebP rendition at least that wide (the original until they are made)",
        params: z.object({ id: z.uuid({ error: "object-not-found" }) }),
        querystring: photoQuery,
        // The bytes are a stream, not JSON: only the errors have a schema.
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const photo = await listings.photoAccess(id);
      if (!photo) throw new AppError("object-not-found");
      if (!photo.isPublic) {
        const viewer = await maybeUser(request);
        if (!viewer) throw new AppError("unauthenticated");
        // Its owner, or someone it was shared with (an inspection report's photos, issue 31).
        if (viewer !== photo.ownerId) await storage.readable(viewer, id);
      }
      const original = { key: id, contentType: photo.contentType, size: photo.size, sha256: photo.sha256 };
      const rendition =
        request.query.w === undefined ? undefined : pickRendition(photo.renditions, request.query.w);
      let served = rendition
        ? { key: rendition.key, contentType: "image/webp", size: rendition.size, sha256: rendition.sha256 }
        : original;
      // The same bytes always carry the same tag (their SHA-256): "not modified" without reading them.
      const raw: FastifyReply = reply;
      const cacheControl = () =>
        !photo.isPublic
          ? "private, no-cache"
          : request.query.w !== undefined && served === original
            ? `public, max-age=${PHOTO_FALLBACK_MAX_AGE_SECONDS}`
            : `public, max-age=${PHOTO_MAX_AGE_SECONDS}`;
      const headers = () =>
        raw
          .header("content-type", served.contentType)
          .header("x-content-type-options", "nosniff")
          .header("etag", `"${served.sha256}"`)
          .header("cache-control", cacheControl());
      // The bytes (a stream) and "not modified" (no body at all) are past the JSON schemas.
      if (etagMatches(request.headers["if-none-match"], `"${served.sha256}"`))
        return headers().status(304).send();
      let stream = await storage.store.read(served.key).catch(() => null);
      if (!stream && served !== original) {
        // A rendition's bytes lost (a store restored from an older backup): the original still serves.
        request.log.warn({ photo: id, key: served.key }, "photo rendition missing from the store");
        served = original;
        stream = await storage.store.read(id).catch(() => null);
      }
      if (!stream) throw new AppError("object-not-found");
      return headers().header("content-length", String(served.size)).send(stream);
    },
  );
}
