import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import {
  cancelInput,
  ceremonyView,
  codeSent,
  contractReview,
  contractView,
  documentVerification,
  myLinkResult,
  PUBLIC_VERIFY_MAX_BYTES,
  publicVerification,
  refuseInput,
  signInput,
  signingResult,
  webhookResult,
  witnessChoice,
} from "../../../shared/contracts/contracts";
import { errorResponses } from "../../../shared/contracts/errors";
import { AppError } from "../../../shared/errors";
import { userIdOf } from "../../auth/guard";
import type { ContractsService, RequestInfo } from "./service";

/** How many signing codes one address may ask for in a minute (many signers share one). */
const SIGNING_CODES_PER_ADDRESS_MINUTE = 30;

const security = [{ session: [] }];
const idParams = z.object({ id: z.uuid({ error: "not-found" }) });
const token = z.string({ error: "invalid-signing-link" }).max(100, { error: "invalid-signing-link" });

export async function contractRoutes(app: FastifyInstance, opts: { contracts: ContractsService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { contracts } = opts;
  const info = (request: FastifyRequest): RequestInfo => ({
    ip: request.ip,
    userAgent: request.headers["user-agent"] ?? null,
  });

  api.get(
    apiRoutes.contracts.all,
    {
      schema: {
        tags: ["contracts"],
        summary: "One's contracts as landlord or tenant",
        security,
        response: { 200: z.array(contractView), ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return contracts.listFor(userIdOf(request));
    },
  );
  api.get(
    apiRoutes.contracts.one,
    {
      schema: {
        tags: ["contracts"],
        summary: "A contract, its signers' status and its audit trail (parties only)",
        security,
        params: idParams,
        response: { 200: contractView, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return contracts.get(userIdOf(request), request.params.id);
    },
  );
  api.get(
    apiRoutes.contracts.verify,
    {
      schema: {
        tags: ["contracts"],
        summary:
          "Whether a document is a sealed contract, its seal valid and its bytes intact (checked by the server)",
        security,
        params: z.object({ id: z.uuid({ error: "object-not-found" }) }),
        response: { 200: documentVerification, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return contracts.verifyDocument(userIdOf(request), request.params.id);
    },
  );
  api.put(
    apiRoutes.contracts.review,
    {
      schema: {
        tags: ["contracts"],
        summary:
          "The landlord picks the signing order of a draft (the guarantor comes from the proposal, witnesses from /witness)",
        security,
        params: idParams,
        body: contractReview,
        response: { 200: contractView, ...errorResponses },
      },
    },
    async (request) => contracts.review(userIdOf(request), request.params.id, request.body),
  );
  api.put(
    apiRoutes.contracts.witness,
    {
      schema: {
        tags: ["contracts"],
        summary:
          "The landlord or the tenant names their witness (one each) or takes it back (null); the other party is told and the PDF rewritten",
        security,
        params: idParams,
        body: witnessChoice,
        response: { 200: contractView, ...errorResponses },
      },
    },
    async (request) => contracts.witness(userIdOf(request), request.params.id, request.body),
  );
  api.post(
    apiRoutes.contracts.send,
    {
      schema: {
        tags: ["contracts"],
        summary: "Sends the contract: each signer gets a personal link by e-mail",
        security,
        params: idParams,
        response: { 200: contractView, ...errorResponses },
      },
    },
    async (request) => contracts.send(userIdOf(request), request.params.id, info(request)),
  );

  api.post(
    apiRoutes.contracts.resend,
    {
      schema: {
        tags: ["contracts"],
        summary: "Sends a signer a new link (the old one stops working); once in 5 minutes",
        security,
        params: z.object({ id: z.uuid({ error: "not-found" }), signerId: z.uuid({ error: "not-found" }) }),
        response: { 200: contractView, ...errorResponses },
      },
    },
    async (request) =>
      contracts.resend(userIdOf(request), request.params.id, request.params.signerId, info(request)),
  );
  api.post(
    apiRoutes.contracts.myLink,
    {
      config: { rateLimit: { max: 10, timeWindow: 60_000 } },
      schema: {
        tags: ["contracts"],
        summary:
          "For a signed-in signer: a fresh personal signing link for themselves (the e-mailed one stops working)",
        security,
        params: idParams,
        response: { 200: myLinkResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return contracts.myLink(userIdOf(request), request.params.id, info(request));
    },
  );
  api.post(
    apiRoutes.contracts.cancel,
    {
      schema: {
        tags: ["contracts"],
        summary: "Cancels the contract with a reason (landlord); every link stops working",
        security,
        params: idParams,
        body: cancelInput,
        response: { 200: contractView, ...errorResponses },
      },
    },
    async (request) =>
      contracts.cancel(userIdOf(request), request.params.id, request.body.motivo, info(request)),
  );

  // The external provider's webhook: the HMAC of the raw body is the credential, so the body is
  // kept as bytes in this scope rather than parsed.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser("*", { parseAs: "buffer", bodyLimit: 1_048_576 }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      apiRoutes.signing.clicksignWebhook,
      {
        config: { rateLimit: { max: 600, timeWindow: 60_000 } },
        schema: {
          tags: ["signing"],
          summary:
            "Clicksign's webhook: accepted only with `Content-Hmac: sha256=` the HMAC-SHA256 of the raw body; each delivery handled once",
          response: { 200: webhookResult, ...errorResponses },
        },
      },
      async (request) =>
        contracts.webhook(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          request.headers,
          info(request),
        ),
    );
  });

  // The public verification (decision 033): the body is the PDF's bytes, whatever content type
  // the browser names (a file picker may name none), judged by their content; a size the header
  // already announces too large is refused before a byte is read.
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      "*",
      { parseAs: "buffer", bodyLimit: PUBLIC_VERIFY_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    scope.addHook("onRequest", async (request) => {
      if (Number(request.headers["content-length"]) > PUBLIC_VERIFY_MAX_BYTES)
        throw new AppError("verify-file-too-large");
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      apiRoutes.contracts.verifyUpload,
      {
        // Each check hashes up to 20 MB and reads a signature: a person checks a file or two, a
        // script trying files one after another is slowed (per node, as decision 005 says).
        config: { rateLimit: { max: 10, timeWindow: 60_000 } },
        schema: {
          tags: ["contracts"],
          summary:
            "Anyone, without an account: whether the PDF in the body (up to 20 MB) is a contract sealed by this installation and unchanged since; says only its number and seal time",
          consumes: ["application/pdf"],
          response: { 200: publicVerification, ...errorResponses },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return contracts.verifyUpload(Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0));
      },
    );
  });

  // The ceremony: the personal link is the credential, checked on every call.
  api.get(
    apiRoutes.signing.one,
    {
      schema: {
        tags: ["signing"],
        summary: "What a signer sees through their link",
        params: idParams,
        querystring: z.object({ token }),
        response: { 200: ceremonyView, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store").header("referrer-policy", "no-referrer");
      return contracts.ceremony(request.params.id, request.query.token, info(request));
    },
  );
  api.post(
    apiRoutes.signing.code,
    {
      // Per address, against floods; each signer gets one code a minute anyway (sendCode). Not 5:
      // mobile carriers put many phones behind one public address (CGNAT), an office many people.
      config: { rateLimit: { max: SIGNING_CODES_PER_ADDRESS_MINUTE, timeWindow: 60_000 } },
      schema: {
        tags: ["signing"],
        summary: "E-mails the signer a 6-digit code (10 minutes, one a minute)",
        params: idParams,
        body: z.object({ token }),
        response: { 200: codeSent, ...errorResponses },
      },
    },
    async (request) => contracts.sendCode(request.params.id, request.body.token, info(request)),
  );
  api.post(
    apiRoutes.signing.sign,
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ["signing"],
        summary: "Signs with the code, the full name and the CPF of the contract",
        params: idParams,
        body: signInput.extend({ token }),
        response: { 200: signingResult, ...errorResponses },
      },
    },
    async (request) => contracts.sign(request.params.id, request.body.token, request.body, info(request)),
  );
  api.post(
    apiRoutes.signing.refuse,
    {
      config: { rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: {
        tags: ["signing"],
        summary: "Refuses with the code and a reason; the envelope stops",
        params: idParams,
        body: refuseInput.extend({ token }),
        response: { 200: signingResult, ...errorResponses },
      },
    },
    async (request) => contracts.refuse(request.params.id, request.body.token, request.body, info(request)),
  );
}
