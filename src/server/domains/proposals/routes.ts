import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses } from "../../../shared/contracts/errors";
import {
  proposalAction,
  proposalInput,
  proposalListQuery,
  proposalView,
} from "../../../shared/contracts/proposals";
import { userIdOf } from "../../auth/guard";
import type { ProposalsService } from "./service";

const security = [{ session: [] }];
const idParams = z.object({ id: z.uuid({ error: "not-found" }) });

// Long only as a table is: four routes, each its contract and a one-line call to the service.
export async function proposalRoutes(app: FastifyInstance, opts: { proposals: ProposalsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { proposals } = opts;

  api.post(
    apiRoutes.proposals.all,
    {
      schema: {
        tags: ["proposals"],
        summary: "Sends a proposal for a published offer (needs a complete profile); e-mails the landlord",
        security,
        body: proposalInput,
        response: { 201: proposalView, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await proposals.create(userIdOf(request), request.body)),
  );
  api.get(
    apiRoutes.proposals.all,
    {
      schema: {
        tags: ["proposals"],
        summary: "One's proposals as tenant, landlord or both, newest first, with their timelines",
        security,
        querystring: proposalListQuery,
        response: { 200: z.array(proposalView), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return proposals.list(userIdOf(request), request.query);
    },
  );
  api.get(
    apiRoutes.proposals.one,
    {
      schema: {
        tags: ["proposals"],
        summary: "A proposal, for its tenant or its landlord",
        security,
        params: idParams,
        response: { 200: proposalView, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return proposals.get(userIdOf(request), request.params.id);
    },
  );
  api.post(
    apiRoutes.proposals.actions,
    {
      schema: {
        tags: ["proposals"],
        summary:
          "approve, reject, counter, request_documents (landlord); accept, counter, send_documents, reject, withdraw (tenant)",
        security,
        params: idParams,
        body: proposalAction,
        response: { 200: proposalView, ...errorResponses },
      },
    },
    async (request) => proposals.act(userIdOf(request), request.params.id, request.body),
  );
}
