import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiRoutes } from "../../../shared/api-paths";
import { userView } from "../../../shared/contracts/auth";
import { errorResponses } from "../../../shared/contracts/errors";
import { addressWithPixInput } from "../../../shared/contracts/pix-key";
import { displayNameInput, personalInput, profileView } from "../../../shared/contracts/profile";
import type { Auth } from "../../auth/auth";
import { userIdOf } from "../../auth/guard";
import type { ProfileService } from "./service";

const security = [{ session: [] }];

export async function profileRoutes(app: FastifyInstance, opts: { auth: Auth; profiles: ProfileService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { profiles } = opts;
  api.get(
    apiRoutes.profile.all,
    {
      schema: {
        tags: ["profile"],
        summary: "One's personal data, address and income",
        security,
        response: { 200: profileView, ...errorResponses },
      },
    },
    async (request, reply) => {
      const userId = userIdOf(request);
      reply.header("cache-control", "no-store");
      return profiles.get(userId);
    },
  );
  api.put(
    apiRoutes.profile.personal,
    {
      schema: {
        tags: ["profile"],
        summary: "Nome, CPF, RG, birth date (18+), marital status, profession, nationality, phone",
        security,
        body: personalInput,
        response: { 200: profileView, ...errorResponses },
      },
    },
    async (request) => profiles.savePersonal(userIdOf(request), request.body),
  );
  api.put(
    apiRoutes.profile.address,
    {
      schema: {
        tags: ["profile"],
        summary: "Address with CEP, monthly income and occupation",
        security,
        body: addressWithPixInput,
        response: { 200: profileView, ...errorResponses },
      },
    },
    async (request) => profiles.saveAddress(userIdOf(request), request.body),
  );
  api.put(
    apiRoutes.profile.name,
    {
      schema: {
        tags: ["profile"],
        summary: "The name others see (offers, messages); the legal name is the personal data's",
        security,
        body: displayNameInput,
        response: { 200: userView, ...errorResponses },
      },
    },
    async (request) => profiles.saveName(userIdOf(request), request.body.name),
  );
}
