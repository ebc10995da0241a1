import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses } from "../../../shared/contracts/errors";
import {
  consentInput,
  consentView,
  PRIVACY_POLICY_VERSION,
  type PrivacyInfo,
  privacyInfo,
} from "../../../shared/contracts/privacy";
import type { Auth } from "../../auth/auth";
import { requireUserId } from "../../auth/guard";
import type { PrivacyService } from "./service";

/**
 * `GET /api/privacy` (public: what /privacidade and the consent banner need of this installation)
 * and the signed-in person's analytics consent, `GET`/`PUT /api/privacy/consent`.
 */
export async function privacyRoutes(
  app: FastifyInstance,
  opts: {
    auth: Auth;
    privacy: PrivacyService;
    info: Omit<PrivacyInfo, "policyVersion">;
  },
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.get(
    apiRoutes.privacy.info,
    {
      schema: {
        tags: ["privacy"],
        summary: "The privacy policy's version, the operator's contact, and whether analytics is configured",
        response: { 200: privacyInfo, ...errorResponses },
      },
    },
    async () => ({ policyVersion: PRIVACY_POLICY_VERSION, ...opts.info }),
  );
  api.get(
    apiRoutes.privacy.consent,
    {
      schema: {
        tags: ["privacy"],
        summary: "One's answer about product analytics under the policy in force (null: not asked yet)",
        security: [{ session: [] }],
        response: { 200: consentView, ...errorResponses },
      },
    },
    async (request) => opts.privacy.consent(await requireUserId(opts.auth, request)),
  );
  api.put(
    apiRoutes.privacy.consent,
    {
      schema: {
        tags: ["privacy"],
        summary: "Answers about product analytics (kept with the time and the policy's version)",
        security: [{ session: [] }],
        body: consentInput,
        response: { 200: consentView, ...errorResponses },
      },
    },
    async (request) => opts.privacy.decide(await requireUserId(opts.auth, request), request.body.analytics),
  );
}
