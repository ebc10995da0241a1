import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import { errorMessage } from "../shared/errors";
import en from "../shared/locales/en.json";
import { part } from "./part";
import { requestLanguage } from "./plugins/error-handler";
import { addPrerenderRoutes } from "./prerender/prerender";

/**
 * The built client: its assets (precompressed, cached for good), the server-rendered first screen
 * of `/` and `/AluguelOferta` (decision 025), index.html for every other screen, and the app's JSON
 * 404 for anything else.
 */
export const clientPages = part("client", ["platform", "listings"], async (app, { config }) => {
  const indexFile = path.join(config.CLIENT_DIR, "index.html");
  const hasClient = fs.existsSync(indexFile);
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.CLIENT_DIR,
      index: "index.html",
      // The build's .br and .gz copies, chosen by Accept-Encoding: no compression work per request.
      preCompressed: true,
      setHeaders(res, filePath) {
        // Vite names assets by content hash: they never change under the same name.
        res.header(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "no-cache",
        );
      },
    });
    // A visitor's `/` and `/AluguelOferta?id=` paint their first screen before any JavaScript.
    addPrerenderRoutes(app, { indexFile, listings: app.listings });
  } else {
    app.log.warn(`No built client in ${config.CLIENT_DIR}: run "npm run build" to serve the screens.`);
  }

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage =
      (request.method === "GET" || request.method === "HEAD") &&
      !pathname.startsWith("/api/") &&
      !pathname.startsWith("/assets/") &&
      !path.extname(pathname);
    if (isPage && hasClient) {
      // Every client route is served by index.html; the client router decides what it is.
      return reply.header("cache-control", "no-cache").sendFile("index.html");
    }
    return reply.status(404).send({
      code: "not-found",
      message: requestLanguage(request) === "en" ? en.errors["not-found"] : errorMessage("not-found"),
      requestId: request.id,
    });
  });
});
