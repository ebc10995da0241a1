import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses } from "../../../shared/contracts/errors";
import {
  consentInput,
  consentView,
  deletionInput,
  deletionView,
  downloadQuery,
  exportIdParams,
  exportView,
  homeLayoutInput,
  homeLayoutView,
  type PrivacyInfo,
  privacyInfo,
} from "../../../shared/contracts/privacy";
import { PRIVACY_POLICY_VERSION } from "../../../shared/privacy-policy";
import type { Auth } from "../../auth/auth";
import { optionalUserId, userIdOf } from "../../auth/guard";
import type { AccountDeletions } from "./deletions";
import type { DataExports } from "./exports";
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
    exports: DataExports;
    deletions: AccountDeletions;
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
    async (request) => opts.privacy.consent(userIdOf(request)),
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
    async (request) => opts.privacy.decide(userIdOf(request), request.body.analytics),
  );
  api.get(
    apiRoutes.privacy.exports,
    {
      schema: {
        tags: ["privacy"],
        summary: "One's newest data export and its progress (null: none asked)",
        security: [{ session: [] }],
        response: { 200: exportView, ...errorResponses },
      },
    },
    async (request) => opts.exports.latest(userIdOf(request)),
  );
  api.post(
    apiRoutes.privacy.exports,
    {
      schema: {
        tags: ["privacy"],
        summary: "Asks for a copy of one's data: a zip prepared by a job, e-mailed as a one-time link",
        security: [{ session: [] }],
        response: { 202: exportView, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(202).send(await opts.exports.request(userIdOf(request))),
  );
  api.get(
    apiRoutes.privacy.download,
    {
      schema: {
        tags: ["privacy"],
        summary: "Downloads one's data export: once, within 24 hours, with the e-mailed token, signed in",
        security: [{ session: [] }],
        params: exportIdParams,
        querystring: downloadQuery,
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      const { id } = request.params;
      const { stream, size } = await opts.exports.open(userId, id, request.query.token);
      // The zip is not kept once it has gone (or failed to): a new copy can be asked for.
      reply.raw.on("close", () => void opts.exports.discard(id).catch(() => undefined));
      // The bytes are a stream, past the JSON schemas.
      const raw: FastifyReply = reply;
      return raw
        .header("content-type", "application/zip")
        .header("content-length", String(size))
        .header("content-disposition", `attachment; filename="chave-meus-dados-${id.slice(0, 8)}.zip"`)
        .header("cache-control", "no-store")
        .send(stream);
    },
  );
  api.get(
    apiRoutes.privacy.deletion,
    {
      schema: {
        tags: ["privacy"],
        summary: "One's scheduled account deletion, if any, and the grace period",
        security: [{ session: [] }],
        response: { 200: deletionView, ...errorResponses },
      },
    },
    async (request) => opts.deletions.status(userIdOf(request)),
  );
  api.post(
    apiRoutes.privacy.deletion,
    {
      schema: {
        tags: ["privacy"],
        summary:
          "Asks for one's account to be deleted after the grace period (password and the word EXCLUIR); signs out everywhere",
        security: [{ session: [] }],
        body: deletionInput,
        response: { 202: deletionView, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(202).send(await opts.deletions.request(userIdOf(request), request.body.senha)),
  );
  api.get(
    apiRoutes.privacy.homeLayout,
    {
      schema: {
        tags: ["privacy"],
        summary:
          "The layout the home shows this caller: a PostHog flag (with consent), their choice, or the default",
        response: { 200: homeLayoutView, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "private, no-store");
      return opts.privacy.homeLayout(await optionalUserId(opts.auth, request));
    },
  );
  api.put(
    apiRoutes.privacy.homeLayout,
    {
      schema: {
        tags: ["privacy"],
        summary: "Chooses the home's layout (null: the operator's default)",
        security: [{ session: [] }],
        body: homeLayoutInput,
        response: { 200: homeLayoutView, ...errorResponses },
      },
    },
    async (request) => opts.privacy.chooseHomeLayout(userIdOf(request), request.body.layout),
  );
}
