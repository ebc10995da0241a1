import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { addressInput, displayNameInput, personalInput } from "../../../shared/contracts/profile";
import type { Auth } from "../../auth/auth";
import { requireSession } from "../../auth/guard";
import type { ProfileService } from "./service";

const security = [{ session: [] }];

export async function profileRoutes(app: FastifyInstance, opts: { auth: Auth; profiles: ProfileService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { auth, profiles } = opts;
  api.get(
    "/profile",
    { schema: { tags: ["profile"], summary: "One's personal data, address and income", security } },
    async (request, reply) => {
      const { user } = await requireSession(auth, request);
      reply.header("cache-control", "no-store");
      return profiles.get(user.id);
    },
  );
  api.put(
    "/profile/personal",
    {
      schema: {
        tags: ["profile"],
        summary: "Nome, CPF, RG, birth date (18+), marital status, profession, nationality, phone",
        security,
        body: personalInput,
      },
    },
    async (request) => profiles.savePersonal((await requireSession(auth, request)).user.id, request.body),
  );
  api.put(
    "/profile/address",
    {
      schema: {
        tags: ["profile"],
        summary: "Address with CEP, monthly income and occupation",
        security,
        body: addressInput,
      },
    },
    async (request) => profiles.saveAddress((await requireSession(auth, request)).user.id, request.body),
  );
  api.put(
    "/profile/name",
    {
      schema: {
        tags: ["profile"],
        summary: "The name others see (offers, messages); the legal name is the personal data's",
        security,
        body: displayNameInput,
      },
    },
    async (request) => profiles.saveName((await requireSession(auth, request)).user.id, request.body.name),
  );
}
