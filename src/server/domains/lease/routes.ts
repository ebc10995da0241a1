import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses } from "../../../shared/contracts/errors";
import { leaseNoticeInput, leaseNotices } from "../../../shared/contracts/lease";
import { userIdOf } from "../../auth/guard";
import type { LeaseService } from "./service";

const security = [{ session: [] }];
const params = z.object({ id: z.uuid({ error: "not-found" }) });
const tags = ["lease"];

const info = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"] ?? null,
});

/** The lease's life (issue 33): for its two parties only; anyone else gets 404. */
export async function leaseRoutes(app: FastifyInstance, opts: { lease: LeaseService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { lease } = opts;

  api.get(
    apiRoutes.rent.notices,
    {
      schema: {
        tags,
        summary: "A signed lease's notices to leave, and whether the reader may give one today",
        security,
        params,
        response: { 200: leaseNotices, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return lease.notices(userIdOf(request), request.params.id);
    },
  );
  api.post(
    apiRoutes.rent.notices,
    {
      schema: {
        tags,
        summary:
          "Gives notice to leave (Lei 8.245/91 arts. 4, 6, 46, 47, 57): a document its giver signs in the ceremony",
        security,
        params,
        body: leaseNoticeInput,
        response: { 200: leaseNotices, ...errorResponses },
      },
    },
    async (request) => lease.giveNotice(userIdOf(request), request.params.id, request.body, info(request)),
  );
}
