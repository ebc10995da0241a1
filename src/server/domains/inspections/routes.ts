import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses } from "../../../shared/contracts/errors";
import {
  contestAnswer,
  inspectionCreate,
  inspectionList,
  inspectionSave,
  inspectionView,
  inspectorInvite,
  itemParams,
  itemReview,
} from "../../../shared/contracts/inspections";
import { userIdOf } from "../../auth/guard";
import type { InspectionsService } from "./service";

const security = [{ session: [] }];
const params = z.object({ id: z.uuid({ error: "not-found" }) });
const tags = ["inspections"];

/** The inspection reports of a lease (issue 31): for its two parties only; anyone else gets 404. */
export async function inspectionRoutes(app: FastifyInstance, opts: { inspections: InspectionsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { inspections } = opts;

  api.get(
    apiRoutes.inspections.ofLease,
    {
      schema: {
        tags,
        summary: "A lease's inspection reports (entry, exit), for its landlord and tenant",
        security,
        params,
        response: { 200: inspectionList, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return inspections.list(userIdOf(request), request.params.id);
    },
  );
  api.post(
    apiRoutes.inspections.ofLease,
    {
      schema: {
        tags,
        summary:
          "The landlord starts the entry report (rooms from the unit type) or the exit one (from the entry)",
        security,
        params,
        body: inspectionCreate,
        response: { 201: inspectionView, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await inspections.start(userIdOf(request), request.params.id, request.body.tipo)),
  );
  api.get(
    apiRoutes.inspections.one,
    {
      schema: {
        tags,
        summary: "One report with its contests, answers, photos and history",
        security,
        params,
        response: { 200: inspectionView, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return inspections.get(userIdOf(request), request.params.id);
    },
  );
  api.put(
    apiRoutes.inspections.one,
    {
      config: { rateLimit: { max: 240, timeWindow: 60_000 } },
      schema: {
        tags,
        summary: "The landlord saves the draft whole, from the version it was read at (409 when newer)",
        security,
        params,
        body: inspectionSave,
        response: { 200: inspectionView, ...errorResponses },
      },
    },
    async (request) => inspections.save(userIdOf(request), request.params.id, request.body),
  );
  api.post(
    apiRoutes.inspections.finish,
    {
      schema: {
        tags,
        summary: "The landlord sends the graded report to the tenant, who has the review window",
        security,
        params,
        response: { 200: inspectionView, ...errorResponses },
      },
    },
    async (request) => inspections.finish(userIdOf(request), request.params.id),
  );
  api.put(
    apiRoutes.inspections.review,
    {
      schema: {
        tags,
        summary: "The tenant agrees with or contests one item (state, note, photos) while the window is open",
        security,
        params: itemParams,
        body: itemReview,
        response: { 200: inspectionView, ...errorResponses },
      },
    },
    async (request) =>
      inspections.review(userIdOf(request), request.params.id, request.params.itemId, request.body),
  );
  api.post(
    apiRoutes.inspections.submitReview,
    {
      schema: {
        tags,
        summary: "The tenant sends the review: what was not contested is agreed",
        security,
        params,
        response: { 200: inspectionView, ...errorResponses },
      },
    },
    async (request) => inspections.submitReview(userIdOf(request), request.params.id),
  );
  api.put(
    apiRoutes.inspections.answer,
    {
      schema: {
        tags,
        summary: "The landlord answers a contest: accepts the tenant's version or keeps theirs with a reason",
        security,
        params: itemParams,
        body: contestAnswer,
        response: { 200: inspectionView, ...errorResponses },
      },
    },
    async (request) =>
      inspections.answer(userIdOf(request), request.params.id, request.params.itemId, request.body),
  );
  api.post(
    apiRoutes.inspections.sign,
    {
      schema: {
        tags,
        summary:
          "The landlord turns the agreed report into its laudo, a document of the signed lease to sign",
        security,
        params,
        response: { 200: inspectionView, ...errorResponses },
      },
    },
    async (request) => inspections.toSign(userIdOf(request), request.params.id),
  );

  api.get(
    apiRoutes.inspections.photosArchive,
    {
      schema: {
        tags,
        summary: "The laudo's original photos as one zip, whose SHA-256 the laudo states (its parties only)",
        security,
        params,
        // The bytes are a zip, not JSON: only the errors have a schema.
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const archive = await inspections.photosArchive(userIdOf(request), request.params.id);
      // The bytes are a stream, past the JSON schemas.
      const raw: FastifyReply = reply;
      return raw
        .header("content-type", "application/zip")
        .header("content-length", String(archive.size))
        .header("content-disposition", `attachment; filename="${archive.fileName}"`)
        .header("x-content-type-options", "nosniff")
        .header("cache-control", "private, no-store")
        .header("etag", `"${archive.sha256}"`)
        .send(archive.stream);
    },
  );

  api.put(
    apiRoutes.inspections.inspector,
    {
      schema: {
        tags,
        summary:
          "The landlord invites an account (by e-mail) to fill this draft: it sees this report only, told by bell and e-mail",
        security,
        params,
        body: inspectorInvite,
        response: { 200: inspectionView, ...errorResponses },
      },
    },
    async (request) => inspections.invite(userIdOf(request), request.params.id, request.body.email),
  );
  api.delete(
    apiRoutes.inspections.inspector,
    {
      schema: {
        tags,
        summary:
          "The landlord withdraws the invitation: the inspector no longer sees the report or its photos",
        security,
        params,
        response: { 200: inspectionView, ...errorResponses },
      },
    },
    async (request) => inspections.uninvite(userIdOf(request), request.params.id),
  );
}
