import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { apiRoutes } from "../../../shared/api-paths";
import { companyInput, companyList, companyView } from "../../../shared/contracts/companies";
import { errorResponses, noContent } from "../../../shared/contracts/errors";
import { userIdOf } from "../../auth/guard";
import type { CompanyService } from "./companies";

const security = [{ session: [] }];
const idParams = z.object({ id: z.uuid({ error: "company-not-found" }) });

/** One's companies (issue 34): only their account sees or changes them. */
export async function companyRoutes(app: FastifyInstance, opts: { companies: CompanyService }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { companies } = opts;
  api.get(
    apiRoutes.companies.all,
    {
      schema: {
        tags: ["profile"],
        summary: "The companies one acts for as landlord or tenant",
        security,
        response: { 200: companyList, ...errorResponses },
      },
    },
    async (request, reply) => {
      reply.header("cache-control", "no-store");
      return companies.list(userIdOf(request));
    },
  );
  api.post(
    apiRoutes.companies.all,
    {
      schema: {
        tags: ["profile"],
        summary:
          "Registers a company: CNPJ (numeric or alphanumeric), registered name and office, representatives",
        security,
        body: companyInput,
        response: { 201: companyView, ...errorResponses },
      },
    },
    async (request, reply) => reply.status(201).send(await companies.create(userIdOf(request), request.body)),
  );
  api.put(
    apiRoutes.companies.one,
    {
      schema: {
        tags: ["profile"],
        summary: "Changes a company (its CNPJ only while nothing is in its name)",
        security,
        params: idParams,
        body: companyInput,
        response: { 200: companyView, ...errorResponses },
      },
    },
    async (request) => companies.update(userIdOf(request), request.params.id, request.body),
  );
  api.delete(
    apiRoutes.companies.one,
    {
      schema: {
        tags: ["profile"],
        summary: "Deletes a company nothing is in the name of",
        security,
        params: idParams,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await companies.remove(userIdOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}
