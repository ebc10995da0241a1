/**
 * The bench's baseline: a bare Fastify with a pg pool and one route that runs exactly the SQL the
 * app's search runs (the same builder), without the app's plugins, hooks, validation compiler or
 * serializer. PORT and DATABASE_URL come from the environment.
 */
import Fastify from "fastify";
import pg from "pg";
import { buildSearchSql, type SearchRow, searchPage } from "../src/server/domains/listings/search-sql";
import { searchQuery } from "../src/shared/contracts/listings";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify();
app.get("/api/search", async (request, reply) => {
  const parsed = searchQuery.safeParse(request.query);
  if (!parsed.success) return reply.status(400).send({ code: "invalid-argument" });
  const { text, values } = buildSearchSql(parsed.data);
  const { rows } = await pool.query<SearchRow>({ text, values });
  return searchPage(parsed.data, rows);
});
await app.listen({ port: Number(process.env.PORT), host: "127.0.0.1" });
process.on("SIGTERM", () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
