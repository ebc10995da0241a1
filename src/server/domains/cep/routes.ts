import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiRoutes } from "../../../shared/api-paths";
import { cepAddress, cepParams } from "../../../shared/contracts/cep";
import { errorResponses } from "../../../shared/contracts/errors";
import { AppError } from "../../../shared/errors";
import type { Auth } from "../../auth/auth";
import { userIdOf } from "../../auth/guard";
import type { CepLookup } from "./service";

/**
 * `GET /api/cep/:cep` for the address forms (unit, profile). Signed-in only: it is not an open
 * proxy to the public services. `lookup` null (CEP_LOOKUP=off) answers 501 `cep-lookup-off`.
 */
export async function cepRoutes(app: FastifyInstance, opts: { auth: Auth; lookup: CepLookup | null }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    apiRoutes.cep,
    {
      schema: {
        tags: ["address"],
        summary: "The street, bairro, city and UF a CEP names (BrasilAPI, then ViaCEP; cached)",
        security: [{ session: [] }],
        params: cepParams,
        response: { 200: cepAddress, ...errorResponses },
      },
    },
    async (request, reply) => {
      // Signed-in callers only (the /api hook checked): each lookup may cost two outside calls.
      userIdOf(request);
      if (!opts.lookup) throw new AppError("cep-lookup-off");
      const address = await opts.lookup.find(request.params.cep);
      // The same for everyone; the browser may keep it a day too.
      reply.header("cache-control", "private, max-age=86400");
      return address;
    },
  );
}
