import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses } from "../../../shared/contracts/errors";
import {
  chargeLineAdd,
  chargeLineParams,
  chargeParams,
  chargeView,
  leaseList,
  leaseView,
  paymentConfirm,
  proofAttach,
  statementQuery,
  yearStatement,
} from "../../../shared/contracts/rent";
import { userIdOf } from "../../auth/guard";
import type { RentService } from "./service";

const security = [{ session: [] }];
const params = z.object({ id: z.uuid({ error: "not-found" }) });
const tags = ["rent"];

/** The lease's money (issue 32): for its two parties only; anyone else gets 404. */
export async function rentRoutes(app: FastifyInstance, opts: { rent: RentService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { rent } = opts;

  api.get(
    apiRoutes.rent.leases,
    {
      schema: {
        tags,
        summary: "One's signed leases, as landlord or tenant: the next charge and what is late",
        security,
        response: { 200: leaseList, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return rent.leases(userIdOf(request));
    },
  );
  api.get(
    apiRoutes.rent.lease,
    {
      schema: {
        tags,
        summary: "A signed lease's terms now, charges, account with its balance, and adjustments",
        security,
        params,
        response: { 200: leaseView, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return rent.lease(userIdOf(request), request.params.id);
    },
  );
  api.get(
    apiRoutes.rent.statement,
    {
      schema: {
        tags,
        summary:
          "A year's payments of a lease by month received: rent apart from the charges and the late fees, for income tax",
        security,
        params,
        querystring: statementQuery,
        response: { 200: yearStatement, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return rent.statement(userIdOf(request), request.params.id, request.query.ano);
    },
  );
  api.get(
    apiRoutes.rent.charge,
    {
      schema: {
        tags,
        summary: "One monthly charge: its lines, what it costs today, its Pix, payments and receipt",
        security,
        params: chargeParams,
        response: { 200: chargeView, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return rent.charge(userIdOf(request), request.params.id);
    },
  );
  api.post(
    apiRoutes.rent.lines,
    {
      schema: {
        tags,
        summary: "The landlord adds a one-off amount or a discount, with its reason, to an unpaid charge",
        security,
        params: chargeParams,
        body: chargeLineAdd,
        response: { 200: chargeView, ...errorResponses },
      },
    },
    async (request) => rent.addLine(userIdOf(request), request.params.id, request.body),
  );
  api.delete(
    apiRoutes.rent.line,
    {
      schema: {
        tags,
        summary: "The landlord removes a line they added to an unpaid charge; the tenant is told",
        security,
        params: chargeLineParams,
        response: { 200: chargeView, ...errorResponses },
      },
    },
    async (request) => rent.removeLine(userIdOf(request), request.params.id, request.params.lineId),
  );
  api.post(
    apiRoutes.rent.payment,
    {
      schema: {
        tags,
        summary:
          'The landlord confirms the money arrived ("recebi"): the charge is paid and its receipt issued',
        security,
        params: chargeParams,
        body: paymentConfirm,
        response: { 200: chargeView, ...errorResponses },
      },
    },
    async (request) => rent.confirm(userIdOf(request), request.params.id, request.body),
  );
  api.post(
    apiRoutes.rent.pspWebhook,
    {
      config: { rateLimit: { max: 600, timeWindow: 60_000 } },
      schema: {
        tags,
        summary:
          "The PSP's webhook (PIX_PROVIDER=psp): only on the secret path registered; each txid is read back from the PSP",
        params: z.object({ token: z.string().max(200) }),
        body: z.unknown(),
        response: { 200: z.object({ recebidos: z.number().int() }), ...errorResponses },
      },
    },
    async (request) => ({ recebidos: await rent.pspNotified(request.params.token, request.body) }),
  );
  api.put(
    apiRoutes.rent.proof,
    {
      schema: {
        tags,
        summary: "The tenant attaches their proof of payment (one of their documents) for the landlord",
        security,
        params: chargeParams,
        body: proofAttach,
        response: { 200: chargeView, ...errorResponses },
      },
    },
    async (request) => rent.attachProof(userIdOf(request), request.params.id, request.body.documentoId),
  );
}
