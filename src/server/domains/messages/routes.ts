import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { messageInput } from "../../../shared/contracts/messages";
import type { Auth } from "../../auth/auth";
import { requireSession } from "../../auth/guard";
import type { MessagesService } from "./service";

const security = [{ session: [] }];
const params = z.object({ proposalId: z.uuid({ error: "not-found" }) });

export async function messageRoutes(app: FastifyInstance, opts: { auth: Auth; messages: MessagesService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { auth, messages } = opts;
  const user = async (request: FastifyRequest) => (await requireSession(auth, request)).user.id;

  api.get(
    "/messages",
    {
      schema: {
        tags: ["messages"],
        summary: "One's conversations (one per proposal) with their last message and unread counts",
        security,
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return messages.conversations(await user(request));
    },
  );
  api.get(
    "/messages/:proposalId",
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
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return messages.thread(await user(request), request.params.proposalId, request.query.antes);
    },
  );
  api.post(
    "/messages/:proposalId",
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ["messages"],
        summary: "Sends a message (text up to 4,000 characters and up to 5 of one's documents)",
        security,
        params,
        body: messageInput,
      },
    },
    async (request, reply) =>
      reply
        .status(201)
        .send(await messages.send(await user(request), request.params.proposalId, request.body)),
  );
  api.post(
    "/messages/:proposalId/read",
    {
      schema: {
        tags: ["messages"],
        summary: "Marks the other party's messages as read (they see the receipt)",
        security,
        params,
      },
    },
    async (request) => messages.markRead(await user(request), request.params.proposalId),
  );
}
