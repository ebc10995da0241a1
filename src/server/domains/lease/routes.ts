import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses } from "../../../shared/contracts/errors";
import {
  leaseAmendmentAnswer,
  leaseAmendmentInput,
  leaseAmendments,
  leaseNoticeInput,
  leaseNotices,
  leaseSettlement,
  settlementContestAnswer,
  settlementContestInput,
  settlementDamageInput,
} from "../../../shared/contracts/lease";
import { userIdOf } from "../../auth/guard";
import type { AmendmentsService } from "./amendments";
import type { LeaseService } from "./service";
import type { SettlementService } from "./settlement";

const security = [{ session: [] }];
const params = z.object({ id: z.uuid({ error: "not-found" }) });
const amendmentParams = z.object({
  id: z.uuid({ error: "not-found" }),
  amendmentId: z.uuid({ error: "not-found" }),
});
const tags = ["lease"];

const info = (request: FastifyRequest) => ({
  ip: request.ip,
  userAgent: request.headers["user-agent"] ?? null,
});

/** The lease's life (issue 33): for its two parties only; anyone else gets 404. */
export async function leaseRoutes(
  app: FastifyInstance,
  opts: { lease: LeaseService; amendments: AmendmentsService; settlement: SettlementService },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { lease, amendments, settlement } = opts;

  api.get(
    apiRoutes.rent.settlement,
    {
      schema: {
        tags,
        summary: "The settlement of a lease ending by a signed notice, line by line (null before one)",
        security,
        params,
        response: { 200: leaseSettlement, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return settlement.view(userIdOf(request), request.params.id);
    },
  );
  api.post(
    apiRoutes.rent.settlementDamages,
    {
      schema: {
        tags,
        summary: "The landlord enters a damage beyond normal wear (art. 23 III)",
        security,
        params,
        body: settlementDamageInput,
        response: { 200: leaseSettlement, ...errorResponses },
      },
    },
    async (request) => settlement.addDamage(userIdOf(request), request.params.id, request.body),
  );
  api.post(
    apiRoutes.rent.settlementContests,
    {
      schema: {
        tags,
        summary: "A party contests a settlement line, proposing another value",
        security,
        params,
        body: settlementContestInput,
        response: { 200: leaseSettlement, ...errorResponses },
      },
    },
    async (request) => settlement.contest(userIdOf(request), request.params.id, request.body),
  );
  api.post(
    apiRoutes.rent.settlementAnswer,
    {
      schema: {
        tags,
        summary: "The other party accepts or refuses a line's open contest",
        security,
        params,
        body: settlementContestAnswer,
        response: { 200: leaseSettlement, ...errorResponses },
      },
    },
    async (request) => settlement.answer(userIdOf(request), request.params.id, request.body),
  );
  api.post(
    apiRoutes.rent.settlementAgree,
    {
      schema: {
        tags,
        summary:
          "The reader agrees to the settlement's lines; when both did, the termination document goes to its signers",
        security,
        params,
        response: { 200: leaseSettlement, ...errorResponses },
      },
    },
    async (request) => settlement.agree(userIdOf(request), request.params.id, info(request)),
  );

  api.get(
    apiRoutes.rent.amendments,
    {
      schema: {
        tags,
        summary: "A signed lease's amendments (termo aditivo) and the terms in force",
        security,
        params,
        response: { 200: leaseAmendments, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return amendments.list(userIdOf(request), request.params.id);
    },
  );
  api.post(
    apiRoutes.rent.amendments,
    {
      schema: {
        tags,
        summary: "Proposes an amendment: the other party has AMENDMENT_ANSWER_DAYS to answer",
        security,
        params,
        body: leaseAmendmentInput,
        response: { 200: leaseAmendments, ...errorResponses },
      },
    },
    async (request) => amendments.propose(userIdOf(request), request.params.id, request.body),
  );
  api.post(
    apiRoutes.rent.amendmentCounter,
    {
      schema: {
        tags,
        summary: "Counters an open amendment with other changes (the countered one is kept)",
        security,
        params: amendmentParams,
        body: leaseAmendmentInput,
        response: { 200: leaseAmendments, ...errorResponses },
      },
    },
    async (request) =>
      amendments.propose(userIdOf(request), request.params.id, request.body, request.params.amendmentId),
  );
  api.post(
    apiRoutes.rent.amendmentAnswer,
    {
      schema: {
        tags,
        summary:
          "Accepts (the termo aditivo goes to its signers) or refuses an open amendment; its proposer may withdraw it",
        security,
        params: amendmentParams,
        body: leaseAmendmentAnswer,
        response: { 200: leaseAmendments, ...errorResponses },
      },
    },
    async (request) =>
      amendments.answer(
        userIdOf(request),
        request.params.id,
        request.params.amendmentId,
        request.body,
        info(request),
      ),
  );

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
