import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { proposalAction, proposalInput, proposalListQuery } from "../../../shared/contracts/proposals";
import type { Auth } from "../../auth/auth";
import { requireSession } from "../../auth/guard";
import type { ProposalsService } from "./service";

const security = [{ session: [] }];
const idParams = z.object({ id: z.uuid({ error: "not-found" }) });

export async function proposalRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; proposals: ProposalsService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { auth, proposals } = opts;
  const user = async (request: FastifyRequest) => (await requireSession(auth, request)).user.id;

  api.post(
    "/proposals",
    {
      schema: {
        tags: ["proposals"],
        summary: "Sends a proposal for a published offer (needs a complete profile); e-mails the landlord",
        security,
        body: proposalInput,
      },
    },
    async (request, reply) =>
      reply.status(201).send(await proposals.create(await user(request), request.body)),
  );
  api.get(
    "/proposals",
    {
      schema: {
        tags: ["proposals"],
        summary: "One's proposals as tenant, landlord or both, newest first, with their timelines",
        security,
        querystring: proposalListQuery,
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return proposals.list(await user(request), request.query);
    },
  );
  api.get(
    "/proposals/:id",
    {
      schema: {
        tags: ["proposals"],
        summary: "A proposal, for its tenant or its landlord",
        security,
        params: idParams,
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return proposals.get(await user(request), request.params.id);
    },
  );
  api.post(
    "/proposals/:id/actions",
    {
      schema: {
        tags: ["proposals"],
        summary:
          "approve, reject, counter, request_documents (landlord); accept, counter, send_documents, reject, withdraw (tenant)",
        security,
        params: idParams,
        body: proposalAction,
      },
    },
    async (request) => proposals.act(await user(request), request.params.id, request.body),
  );
}
