import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  offerInput,
  offerUpdate,
  offerView,
  searchQuery,
  searchResult,
  unitInput,
  unitView,
} from "../../../shared/contracts/listings";
import { AppError } from "../../../shared/errors";
import type { Auth } from "../../auth/auth";
import { requireSession } from "../../auth/guard";
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
  const user = async (request: FastifyRequest) => (await requireSession(auth, request)).user.id;
  /** The visitor's id when signed in, or null: public pages answer both. */
  const maybeUser = async (request: FastifyRequest) => {
    if (!request.headers.cookie?.includes("session_token")) return null;
    const session = await auth.api.getSession({ headers: toFetchHeaders(request) });
    return session?.user.id ?? null;
  };

  api.get(
    "/units",
    {
      schema: {
        tags: ["units"],
        summary: "One's units, newest first, with their offers",
        security,
        response: { 200: z.array(unitView) },
      },
    },
    async (request) => listings.listUnits(await user(request)),
  );
  api.post(
    "/units",
    {
      schema: {
        tags: ["units"],
        summary: "Registers a unit (photos: up to 20 of one's own images, the first is the cover)",
        security,
        body: unitInput,
        response: { 201: unitView },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await listings.createUnit(await user(request), request.body)),
  );
  api.get(
    "/units/:id",
    {
      schema: {
        tags: ["units"],
        summary: "One of one's units",
        security,
        params: idParams,
        response: { 200: unitView },
      },
    },
    async (request) => listings.getUnit(await user(request), request.params.id),
  );
  api.put(
    "/units/:id",
    {
      schema: {
        tags: ["units"],
        summary: "Replaces a unit's data; its offers follow",
        security,
        params: idParams,
        body: unitInput,
        response: { 200: unitView },
      },
    },
    async (request) => listings.updateUnit(await user(request), request.params.id, request.body),
  );
  api.delete(
    "/units/:id",
    {
      schema: {
        tags: ["units"],
        summary: "Deletes a unit without an active offer",
        security,
        params: idParams,
      },
    },
    async (request, reply) => {
      await listings.deleteUnit(await user(request), request.params.id);
      return reply.status(204).send();
    },
  );

  api.post(
    "/offers",
    {
      schema: {
        tags: ["offers"],
        summary: "A new offer (rascunho) for one's unit",
        security,
        body: offerInput,
        response: { 201: offerView },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await listings.createOffer(await user(request), request.body)),
  );
  api.get(
    "/offers/:id",
    {
      schema: {
        tags: ["offers"],
        summary: "An offer: anyone once published; a draft or closed one only its owner",
        params: idParams,
        response: { 200: offerView },
      },
    },
    async (request, reply) => {
      const offer = await listings.getOffer(await maybeUser(request), request.params.id);
      reply.header("cache-control", "no-store");
      return offer;
    },
  );
  api.put(
    "/offers/:id",
    {
      schema: {
        tags: ["offers"],
        summary: "Changes an offer's terms (owner; rascunho or publicada)",
        security,
        params: idParams,
        body: offerUpdate,
        response: { 200: offerView },
      },
    },
    async (request) => listings.updateOffer(await user(request), request.params.id, request.body),
  );
  for (const [path, action, summary] of [
    ["publish", "publish", "rascunho → publicada (needs a photo)"],
    ["close", "close", "any status → encerrada"],
  ] as const) {
    api.post(
      `/offers/:id/${path}`,
      { schema: { tags: ["offers"], summary, security, params: idParams, response: { 200: offerView } } },
      async (request) => listings.transition(await user(request), request.params.id, action),
    );
  }

  api.get(
    "/search",
    {
      schema: {
        tags: ["offers"],
        summary:
          "Published offers by place, price (total, centavos), bedrooms, type, pets, furnished and text",
        querystring: searchQuery,
        response: { 200: searchResult },
      },
    },
    async (request) => listings.search(request.query),
  );

  api.get(
    "/photos/:id",
    {
      schema: {
        tags: ["units"],
        summary: "A unit photo: public once an offer shows it; before that, its owner's only",
        params: z.object({ id: z.uuid({ error: "object-not-found" }) }),
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
      if (request.headers["if-none-match"] === etag) return reply.status(304).send();
      const stream = await storage.store.read(request.params.id).catch(() => {
        throw new AppError("object-not-found");
      });
      return reply.header("content-length", String(photo.size)).send(stream);
    },
  );
}
