import type { Server as TusServer } from "@tus/server";
import { TUS_RESUMABLE, TUS_VERSION } from "@tus/utils";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { apiRoutes } from "../../shared/api-paths";
import { errorResponses, noContent } from "../../shared/contracts/errors";
import {
  cleanFileName,
  documentIdParams,
  downloadFileQuery,
  downloadUrlQuery,
  downloadUrlResult,
  listQuery,
  listResult,
  storedDocument,
  updateMetadataInput,
  usageResult,
} from "../../shared/contracts/storage";
import { AppError } from "../../shared/errors";
import type { Auth } from "../auth/auth";
import { userIdOf } from "../auth/guard";
import type { StorageService } from "./service";
import { downloadName } from "./sniff";
import { tusHeaderRefusal, uploaders } from "./tus";

const security = [{ session: [] }];

/** `attachment; filename="..."` with an ASCII fallback and the exact UTF-8 name (RFC 6266). */
export function contentDisposition(type: "inline" | "attachment", fileName: string): string {
  const ascii = fileName
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .replace(/[^\x20-\x7e]|["\\%]/g, "_");
  return `${type}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

export async function storageRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; service: StorageService; tus: TusServer },
) {
  // The caller is checked once for all of them, by the session hook on /api (auth/guard.ts).
  const { service, tus } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const noStore = (reply: FastifyReply) => reply.header("cache-control", "no-store");

  api.get(
    apiRoutes.storage.usage,
    {
      schema: {
        tags: ["storage"],
        summary: "Space used by one's documents and uploads, the quota and the largest file allowed",
        security,
        response: { 200: usageResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const used = await service.usage(userIdOf(request));
      noStore(reply);
      return { used, quota: service.limits.quota, maxFileSize: service.limits.maxFileSize };
    },
  );

  api.get(
    apiRoutes.storage.objects,
    {
      schema: {
        tags: ["storage"],
        summary: "One's documents, newest first, by folder and kind; pageSize 1 to 1000 with a page token",
        security,
        querystring: listQuery,
        response: { 200: listResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await service.list(userIdOf(request), request.query);
      noStore(reply);
      return result;
    },
  );

  api.get(
    apiRoutes.storage.object,
    {
      schema: {
        tags: ["storage"],
        summary: "A document's metadata (owner, or someone it is shared with)",
        security,
        params: documentIdParams,
        response: { 200: storedDocument, ...errorResponses },
      },
    },
    async (request, reply) => {
      const document = await service.readable(userIdOf(request), request.params.id);
      noStore(reply);
      return document;
    },
  );

  api.patch(
    apiRoutes.storage.object,
    {
      schema: {
        tags: ["storage"],
        summary: "Renames a document or merges custom metadata (null removes a key); owner only",
        security,
        params: documentIdParams,
        body: updateMetadataInput,
        response: { 200: storedDocument, ...errorResponses },
      },
    },
    async (request) => service.update(userIdOf(request), request.params.id, request.body),
  );

  api.delete(
    apiRoutes.storage.object,
    {
      schema: {
        tags: ["storage"],
        summary: "Deletes a document and its bytes; owner only",
        security,
        params: documentIdParams,
        response: { 204: noContent, ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.remove(userIdOf(request), request.params.id);
      return reply.status(204).send(null);
    },
  );

  api.post(
    apiRoutes.storage.downloadUrl,
    {
      schema: {
        tags: ["storage"],
        summary: "A short-lived signed link to the document's bytes",
        security,
        params: documentIdParams,
        querystring: downloadUrlQuery,
        response: { 200: downloadUrlResult, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await service.downloadUrl(
        userIdOf(request),
        request.params.id,
        request.query.disposition,
      );
      noStore(reply);
      return result;
    },
  );

  api.get(
    apiRoutes.storage.file,
    {
      schema: {
        tags: ["storage"],
        summary: "The bytes behind a signed link (the link is the permission, until it expires)",
        params: documentIdParams,
        querystring: downloadFileQuery,
        // The bytes are a stream, not JSON: only the errors have a schema.
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { expires, disposition, sig } = request.query;
      service.verifyDownload(id, expires, disposition, sig);
      const document = await service.documentById(id);
      const stream = await service.store.read(id).catch(() => {
        throw new AppError("object-not-found");
      });
      // Names stored before control and bidirectional characters were taken out lose them here.
      const name = downloadName(cleanFileName(document.fileName).trim() || "arquivo", document.contentType);
      // The bytes are a stream, past the JSON schemas.
      const raw: FastifyReply = reply;
      return raw
        .header("content-type", document.contentType)
        .header("content-length", String(document.size))
        .header("content-disposition", contentDisposition(disposition, name))
        .header("x-content-type-options", "nosniff")
        .header("content-security-policy", "default-src 'none'; sandbox")
        .header("cache-control", `private, max-age=${Math.max(0, expires - service.nowSeconds())}`)
        .header("etag", `"${document.sha256}"`)
        .send(stream);
    },
  );

  // The tus endpoint: the session is checked here, then @tus/server speaks the protocol.
  await app.register(async (tusScope) => {
    tusScope.removeAllContentTypeParsers();
    tusScope.addContentTypeParser("*", (_request, _payload, done) => done(null));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      // OPTIONS is discovery (tus 1.0.0): Tus-Version, Tus-Extension and Tus-Max-Size say what the
      // server offers, nothing of anyone's, so it needs no session; every other method does.
      if (request.method !== "OPTIONS") {
        uploaders.set(request.raw, userIdOf(request));
        // An upload's id is a UUID (uuid columns): anything else is no upload, answered before
        // it reaches PostgreSQL (36 dashes were a 500 there).
        const { id } = request.params as { id?: string };
        if (id !== undefined && !documentIdParams.safeParse({ id }).success) {
          reply.header("tus-resumable", TUS_RESUMABLE);
          throw new AppError("object-not-found");
        }
        // Headers tus would refuse in English plain text are refused here, in the catalogue.
        const refusal = tusHeaderRefusal(request.method, request.headers);
        if (refusal) {
          reply.header("tus-resumable", TUS_RESUMABLE);
          if (refusal.status === 412) reply.header("tus-version", TUS_VERSION.join(","));
          throw refusal;
        }
      }
      reply.hijack();
      await tus.handle(request.raw, reply.raw).catch((err: unknown) => {
        // Past hijack nobody else answers: a failure here would leave the request hanging.
        request.log.error({ err }, "upload request failed");
        const res = reply.raw;
        if (!res.headersSent) {
          const body = JSON.stringify(new AppError("unknown").toBody());
          res.writeHead(500, { "content-type": "application/json; charset=utf-8" }).end(body);
        } else if (!res.writableEnded) res.end();
      });
    };
    const methods = ["POST", "HEAD", "PATCH", "DELETE"] as const;
    const schema = {
      tags: ["storage"],
      security,
      summary: "tus 1.0.0 resumable uploads (creation, creation-with-upload, termination, expiration)",
      // tus answers the protocol itself (hijacked); the refusals before it are the catalogue's.
      response: errorResponses,
    };
    // Discovery, open to anyone: no `security`.
    const discovery = {
      tags: ["storage"],
      summary: "tus 1.0.0 discovery: Tus-Version, Tus-Extension and Tus-Max-Size (204), without a session",
      response: errorResponses,
    };
    for (const url of [apiRoutes.storage.uploads, apiRoutes.storage.upload]) {
      tusScope.route({ method: [...methods], url, schema, handler });
      tusScope.route({ method: "OPTIONS", url, schema: discovery, handler });
    }
  });
}
