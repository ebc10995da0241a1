import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { errorResponses } from "../../../shared/contracts/errors";
import {
  conversationsView,
  markReadResult,
  messageInput,
  messageView,
  threadView,
} from "../../../shared/contracts/messages";
import type { Auth } from "../../auth/auth";
import { userIdOf } from "../../auth/guard";
import type { MessagesService } from "./service";

const security = [{ session: [] }];
const params = z.object({ proposalId: z.uuid({ error: "not-found" }) });

export async function messageRoutes(app: FastifyInstance, opts: { auth: Auth; messages: MessagesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { messages } = opts;

  api.get(
    apiRoutes.messages.all,
    {
      schema: {
        tags: ["messages"],
        summary: "One's conversations (one per proposal) with their last message and unread counts",
        security,
        response: { 200: conversationsView, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return messages.conversations(userIdOf(request));
    },
  );
  api.get(
    apiRoutes.messages.thread,
    {
      schema: {
        tags: ["messages"],
        summary:
          "A conversation's latest 200 messages (earlier ones with ?antes=ISO date), for its two parties only",
        security,
        params,
        querystring: z.strictObject({
          // Year 0 is ISO but not PostgreSQL's: any date before messages existed is refused.
          antes: z.iso
            .datetime({ error: "invalid-argument" })
            .refine((v) => Date.parse(v) >= Date.UTC(2000, 0, 1), { error: "invalid-argument" })
            .optional(),
        }),
        response: { 200: threadView, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return messages.thread(userIdOf(request), request.params.proposalId, request.query.antes);
    },
  );
  api.post(
    apiRoutes.messages.thread,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["messages"],
        summary: "Sends a message (text up to 4,000 characters and up to 5 of one's documents)",
        security,
        params,
        body: messageInput,
        response: { 201: messageView, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await messages.send(userIdOf(request), request.params.proposalId, request.body)),
  );
  api.post(
    apiRoutes.messages.read,
    {
      schema: {
        tags: ["messages"],
        summary: "Marks the other party's messages as read (they see the receipt)",
        security,
        params,
        response: { 200: markReadResult, ...errorResponses },
      },
    },
    async (request) => messages.markRead(userIdOf(request), request.params.proposalId),
  );
}
