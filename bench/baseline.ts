/**
 * The bench's baseline: a bare Fastify with a pg pool and one route that runs exactly the queries
 * the app's search runs (the same function), without the app's plugins, hooks, validation compiler or
 * serializer. PORT and DATABASE_URL come from the environment.
 */
import Fastify from "fastify";
import { createPool } from "../src/server/db/client";
import { searchOffers } from "../src/server/domains/listings/offers-search.repository";
import { searchQuery } from "../src/shared/contracts/listings";

// db/client's pool: rows come back typed as the app reads them (BIGINT as a number).
const pool = createPool(process.env.DATABASE_URL ?? "", { max: 10 });
const app = Fastify();
app.get("/api/search", async (request, reply) => {
  const parsed = searchQuery.safeParse(request.query);
  if (!parsed.success) return reply.status(400).send({ code: "invalid-argument" });
  return searchOffers(pool, parsed.data);
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
