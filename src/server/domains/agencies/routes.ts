import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import {
  agencyInput,
  agencyView,
  invitationInput,
  memberUpdate,
  myAgencies,
} from "../../../shared/contracts/agencies";
import { errorResponses, noContent } from "../../../shared/contracts/errors";
import { userIdOf } from "../../auth/guard";
import type { AgencyService } from "./service";

const security = [{ session: [] }];
const agencyParams = z.object({ id: z.uuid({ error: "agency-not-found" }) });
const invitationParams = z.object({
  id: z.uuid({ error: "agency-not-found" }),
  invitationId: z.uuid({ error: "invitation-not-found" }),
});
// Account ids are better-auth's: letters, digits, "-" and "_".
const memberParams = z.object({
  id: z.uuid({ error: "agency-not-found" }),
  userId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/, { error: "member-not-found" }),
});
const answerParams = z.object({ invitationId: z.uuid({ error: "invitation-not-found" }) });
const answerBody = z.strictObject({ aceitar: z.boolean({ error: "invalid-argument" }) });

/** Imobiliárias (issue 34): the agency, its members and invitations. */
export async function agencyRoutes(app: FastifyInstance, opts: { agencies: AgencyService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { agencies } = opts;
  api.get(
    apiRoutes.agencies.all,
    {
      schema: {
        tags: ["agencies"],
        summary: "The agencies one works in, and the invitations to one's e-mail",
        security,
        response: { 200: myAgencies, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return agencies.mine(userIdOf(request));
    },
  );
  api.post(
    apiRoutes.agencies.all,
    {
      schema: {
        tags: ["agencies"],
        summary: "Creates an agency (CNPJ, CRECI, sede); its creator is its first administrador",
        security,
        body: agencyInput,
        response: { 201: agencyView, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await agencies.create(userIdOf(request), request.body)),
  );
  api.get(
    apiRoutes.agencies.one,
    {
      schema: {
        tags: ["agencies"],
        summary: "An agency as its member sees it: members, and for administradores its invitations",
        security,
        params: agencyParams,
        response: { 200: agencyView, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return agencies.view(userIdOf(request), request.params.id);
    },
  );
  api.put(
    apiRoutes.agencies.one,
    {
      schema: {
        tags: ["agencies"],
        summary: "Changes the agency's data (administradores)",
        security,
        params: agencyParams,
        body: agencyInput,
        response: { 200: agencyView, ...errorResponses },
      },
    },
    async (request) => agencies.update(userIdOf(request), request.params.id, request.body),
  );
  api.post(
    apiRoutes.agencies.invitations,
    {
      schema: {
        tags: ["agencies"],
        summary: "Invites someone by e-mail with a role (administradores); inviting again replaces it",
        security,
        params: agencyParams,
        body: invitationInput,
        response: { 201: agencyView, ...errorResponses },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await agencies.invite(userIdOf(request), request.params.id, request.body)),
  );
  api.delete(
    apiRoutes.agencies.invitation,
    {
      schema: {
        tags: ["agencies"],
        summary: "Withdraws an invitation (administradores)",
        security,
        params: invitationParams,
        response: { 200: agencyView, ...errorResponses },
      },
    },
    async (request) =>
      agencies.revokeInvitation(userIdOf(request), request.params.id, request.params.invitationId),
  );
  api.put(
    apiRoutes.agencies.member,
    {
      schema: {
        tags: ["agencies"],
        summary: "Changes a member's role and CRECI (administradores); the last administrador stays one",
        security,
        params: memberParams,
        body: memberUpdate,
        response: { 200: agencyView, ...errorResponses },
      },
    },
    async (request) =>
      agencies.updateMember(userIdOf(request), request.params.id, request.params.userId, request.body),
  );
  api.delete(
    apiRoutes.agencies.member,
    {
      schema: {
        tags: ["agencies"],
        summary: "Removes a member (administradores), or leaves (oneself); the last administrador stays",
        security,
        params: memberParams,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await agencies.removeMember(userIdOf(request), request.params.id, request.params.userId);
      return reply.status(204).send(null);
    },
  );
  api.post(
    apiRoutes.agencies.answer,
    {
      schema: {
        tags: ["agencies"],
        summary: "Accepts or declines an invitation addressed to one's own e-mail",
        security,
        params: answerParams,
        body: answerBody,
        response: { 200: myAgencies, ...errorResponses },
      },
    },
    async (request) => agencies.answer(userIdOf(request), request.params.invitationId, request.body.aceitar),
  );
}
