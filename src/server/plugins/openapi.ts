import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";

/** The OpenAPI document, generated from the routes' zod schemas, and its browsable page. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, opts: { publicUrl: string; version: string }) => {
    await app.register(swagger, {
      openapi: {
        info: {
          title: "Chave API",
          version: opts.version,
          description:
            "Rental offers, proposals and e-signed lease contracts. Errors answer `{ code, message, issues? }` with a pt-BR message.",
        },
        servers: [{ url: opts.publicUrl }],
        components: {
          securitySchemes: { session: { type: "apiKey", in: "cookie", name: "chave.session_token" } },
        },
      },
      transform: jsonSchemaTransform,
      // Schemas with an id in zod's registry (the error body) become components, referred to.
      transformObject: jsonSchemaTransformObject,
    });
    // swagger-ui's CSP asks the browser to upgrade every request to https, which on a plain-http
    // installation (PUBLIC_URL http://…) breaks the page's own scripts and styles.
    const isSecure = opts.publicUrl.startsWith("https://");
    await app.register(swaggerUi, {
      routePrefix: "/api/docs",
      staticCSP: true,
      ...(isSecure
        ? {}
        : {
            transformStaticCSP: (header: string) =>
              header
                .split(";")
                .map((d) => d.trim())
                .filter((d) => d !== "" && d !== "upgrade-insecure-requests")
                .join("; "),
          }),
    });
  },
);
