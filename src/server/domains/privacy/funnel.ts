import type { FastifyInstance } from "fastify";
import { API_PREFIX, apiRoutes } from "../../../shared/api-paths";
import { callerOf } from "../../auth/guard";
import type { Analytics, FunnelEvent } from "./analytics";

/** The request-driven steps of the funnel: a route, answered with success, is the step. */
const STEPS: Record<string, (body: unknown) => FunnelEvent | null> = {
  [`POST ${API_PREFIX}${apiRoutes.offers.publish}`]: () => "offer_published",
  [`POST ${API_PREFIX}${apiRoutes.proposals.all}`]: () => "proposal_sent",
  [`POST ${API_PREFIX}${apiRoutes.proposals.actions}`]: (body) => {
    const action = (body as { action?: string } | undefined)?.action;
    if (action === "counter") return "counter_offer";
    if (action === "approve" || action === "accept") return "proposal_approved";
    return null;
  },
  [`POST ${API_PREFIX}${apiRoutes.contracts.send}`]: () => "contract_sent",
};

/**
 * Tells product analytics of each funnel step a signed-in person takes (issue 17): once the
 * answer has gone, so it costs the request nothing; `Analytics` drops it unless they consented.
 * Signing and sealing are told by the contracts domain (a signer may have no session).
 */
export function trackFunnel(app: FastifyInstance, analytics: Analytics): void {
  if (!analytics.enabled) return;
  app.addHook("onResponse", async (request, reply) => {
    if (reply.statusCode >= 300) return;
    const step = STEPS[`${request.method} ${request.routeOptions.url}`]?.(request.body);
    const userId = callerOf(request);
    if (!step || !userId) return;
    await analytics.capture(userId, step).catch((err: unknown) => {
      request.log.warn({ err }, "analytics: funnel event not sent");
    });
  });
}
