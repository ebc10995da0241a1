import { randomUUID } from "node:crypto";
import type { IncomingHttpHeaders, IncomingMessage } from "node:http";
import { Server } from "@tus/server";
import { ERRORS, EVENTS, type Locker, Metadata, TUS_RESUMABLE, TUS_VERSION, type Upload } from "@tus/utils";
import type { FastifyBaseLogger } from "fastify";
import { UPLOAD_PATH, uploadMetadata } from "../../shared/contracts/storage";
import { AppError, type ErrorCode, errorMessage, isErrorCode } from "../../shared/errors";
import type { StorageService } from "./service";

/** The user each raw request was authenticated as, set by the Fastify route before tus runs. */
export const uploaders = new WeakMap<IncomingMessage, string>();

interface TusRequest {
  method: string;
  runtime?: { node?: { req?: IncomingMessage } };
}

function userOf(req: unknown): string | undefined {
  const raw = (req as TusRequest).runtime?.node?.req;
  return raw ? uploaders.get(raw) : undefined;
}

/** tus hooks report errors as { status_code, body }; ours carry the app's JSON error body. */
function tusError(err: AppError): { status_code: number; body: string } {
  return { status_code: err.status, body: JSON.stringify(err.toBody()) };
}

/** A non-negative integer written plainly ("01", "1e3" and "-0" are not), as tus reads them. */
function isCount(value: string): boolean {
  const n = Number(value);
  return Number.isSafeInteger(n) && n >= 0 && String(n) === value;
}

function isMetadata(value: string): boolean {
  try {
    Metadata.parse(value);
    return true;
  } catch {
    return false;
  }
}

/** The one media type of a PATCH's bytes (tus 1.0.0, core protocol). */
export const OFFSET_OCTET_STREAM = "application/offset+octet-stream";

/** tus's own header rules (its HeaderValidator), applied before tus sees the request. */
const HEADER_RULES: Record<string, (value: string, method: string) => boolean> = {
  "upload-offset": isCount,
  // The size is given once, when the upload is created: creation-defer-length is not offered, so
  // a PATCH never declares it (tus would answer 501).
  "upload-length": (value, method) => method !== "PATCH" && isCount(value),
  "upload-metadata": isMetadata,
  "x-forwarded-proto": (value) => value === "http" || value === "https",
  "tus-version": (value) => (TUS_VERSION as readonly string[]).includes(value),
};

/**
 * Why tus would refuse these headers, as a catalogue error; null when it would not. tus answers
 * such requests in English plain text before any of our hooks run, so they are checked here,
 * where the app's error handler answers in JSON in the client's language.
 */
export function tusHeaderRefusal(method: string, headers: IncomingHttpHeaders): AppError | null {
  // OPTIONS is discovery: tus checks nothing there, nor do we.
  if (method === "OPTIONS") return null;
  if (headers["upload-concat"] !== undefined) return new AppError("upload-concat-unsupported");
  if (headers["tus-resumable"] !== TUS_RESUMABLE) return new AppError("unsupported-upload-version");
  // The quota needs the size up front, so creation-defer-length is neither offered nor accepted
  // (decision 040): a clear 400, not tus's 501.
  if (headers["upload-defer-length"] !== undefined) return new AppError("upload-length-required");
  // tus 1.0.0: "All PATCH requests MUST use Content-Type: application/offset+octet-stream,
  // otherwise the server SHOULD return a 415 Unsupported Media Type status" (a missing one too).
  if (method === "PATCH" && headers["content-type"] !== OFFSET_OCTET_STREAM)
    return new AppError("upload-content-type");
  const invalid = Object.entries(HEADER_RULES).flatMap(([name, rule]) => {
    const raw = headers[name];
    if (raw === undefined) return [];
    const value = Array.isArray(raw) ? raw.join(", ") : raw;
    return rule(value, method) ? [] : [name];
  });
  if (invalid.length === 0) return null;
  return new AppError("invalid-upload-header", {
    issues: invalid.map((name) => ({
      path: `headers.${name}`,
      message: errorMessage("invalid-upload-header"),
    })),
  });
}

/**
 * A refusal tus writes itself, as the app's JSON: its plain-text answers (a missing
 * Tus-Resumable, an invalid header, an unknown method) become the catalogue's codes; our own
 * JSON bodies pass as they are.
 */
export function catalogueAnswer(status: number, body: string): { status: number; body: string } {
  if (body.startsWith("{")) return { status, body };
  const error =
    status === 412
      ? new AppError("unsupported-upload-version")
      : status === 400 && body.startsWith("Invalid ")
        ? new AppError("invalid-upload-header")
        : new AppError(fromTusStatus(status), { status });
  return { status: error.status, body: JSON.stringify(error.toBody()) };
}

/**
 * @tus/server with every refusal in the app's JSON: the answers tus writes itself, before any of
 * our hooks, and those of the hooks, all come through `write`. tusHeaderRefusal() keeps most of
 * the former from happening; this is the net under it.
 */
class CatalogueTusServer extends Server {
  override write(
    ...[context, headers, status, body = ""]: Parameters<Server["write"]>
  ): ReturnType<Server["write"]> {
    if (status < 400) return super.write(context, headers, status, body);
    const answer = catalogueAnswer(status, body);
    if (answer.status === 412) headers.set("Tus-Version", TUS_VERSION.join(","));
    headers.set("Content-Type", "application/json; charset=utf-8");
    return super.write(context, headers, answer.status, answer.body);
  }
}

function fromTusStatus(status: number): ErrorCode {
  if (status === 413) return "file-too-large";
  if (status === 404 || status === 410) return "object-not-found";
  if (status === 409) return "upload-conflict";
  if (status === 460) return "invalid-checksum";
  if (status === 403) return "unauthorized";
  if (status === 401) return "unauthenticated";
  if (status >= 500) return "unknown";
  return "invalid-argument";
}

export function createTusServer(options: {
  service: StorageService;
  locker: Locker;
  log: FastifyBaseLogger;
}): Server {
  const { service, locker, log } = options;
  // What OPTIONS advertises (Tus-Extension) is what the server does: the size is needed up front
  // for the quota, so no creation-defer-length (decision 040). The stores list it by default.
  const { datastore } = service.store;
  datastore.extensions = datastore.extensions.filter((name) => name !== "creation-defer-length");
  const server = new CatalogueTusServer({
    path: UPLOAD_PATH,
    // The app and its uploads share one origin: no cross-origin reads, so no CORS answer at all
    // (tus would say Access-Control-Allow-Origin: * to anyone).
    allowedOrigins: () => false,
    datastore: service.store.datastore,
    locker,
    relativeLocation: true,
    maxSize: service.limits.maxFileSize,
    // Finished uploads are documents: they are deleted through the storage API, by their owner.
    disableTerminationForFinishedUploads: true,
    namingFunction: () => randomUUID(),
    async onIncomingRequest(req, id) {
      const user = userOf(req);
      if (!user) throw tusError(new AppError("unauthenticated"));
      if (req.method === "POST") return;
      const owner = await service.uploadOwner(id);
      if (!owner) throw tusError(new AppError("object-not-found"));
      if (owner !== user) throw tusError(new AppError("unauthorized"));
    },
    async onUploadCreate(req, upload: Upload) {
      const user = userOf(req);
      if (!user) throw tusError(new AppError("unauthenticated"));
      if (upload.size === undefined) {
        // The quota needs the size up front: deferred lengths are refused (the route does first).
        throw tusError(new AppError("upload-length-required"));
      }
      const parsed = uploadMetadata.safeParse(upload.metadata ?? {});
      if (!parsed.success) {
        const issues = parsed.error.issues.map((i) => ({
          path: i.path.join("."),
          message: errorMessage(isErrorCode(i.message) ? i.message : "invalid-argument"),
        }));
        throw tusError(new AppError("invalid-argument", { message: issues[0]?.message, issues }));
      }
      try {
        await service.createUpload(user, upload.id, upload.size, parsed.data);
      } catch (err) {
        if (err instanceof AppError) throw tusError(err);
        throw err;
      }
      // tus keeps the metadata with the upload (jsonb, in kv_store): the parsed values, never the
      // raw ones (a NUL byte in the name, which the contract takes out, would be a 500 there).
      const { replaces, ...kept } = parsed.data;
      return { metadata: { ...kept, ...(replaces ? { replaces } : {}) } };
    },
    async onUploadFinish(req, upload: Upload) {
      const user = userOf(req) ?? "";
      try {
        const document = await service.finishUpload(upload.id, user);
        // tus 1.0.0: "The Server MUST acknowledge successful PATCH requests with the 204 No Content
        // status": the final PATCH has no body, and the client reads the new document, which has
        // the upload's id, at GET /api/storage/objects/{id}. A POST that carried every byte
        // (creation-with-upload) stays 201, with the document as its body (the spec gives a 201
        // no body of its own, and it saves the client that read).
        if (req.method === "PATCH") return {};
        return { headers: { "Content-Type": "application/json" }, body: JSON.stringify(document) };
      } catch (err) {
        if (err instanceof AppError) throw tusError(err);
        throw err;
      }
    },
    onResponseError(_req, err) {
      if ("status_code" in err && typeof err.body === "string" && err.body.startsWith("{")) return undefined;
      // Concatenation is not offered (the route refuses the header first; this is in case).
      if (err === ERRORS.UNSUPPORTED_CONCATENATION_EXTENSION)
        return tusError(new AppError("upload-concat-unsupported"));
      // A finished upload is a document now, deleted through the storage API (tus's own answer is a
      // 400 saying nothing of that). 403 (RFC 9110 §15.5.4: understood, refused, the reason in the
      // content), not 409: tus clients retry a 409 as an offset conflict (decision 040).
      if (err === ERRORS.INVALID_TERMINATION) return tusError(new AppError("upload-finished"));
      if (err === ERRORS.UNSUPPORTED_CREATION_DEFER_LENGTH_EXTENSION)
        return tusError(new AppError("upload-length-required"));
      const status = "status_code" in err ? err.status_code : 500;
      if (status >= 500) log.error({ err }, "upload failed");
      const code = fromTusStatus(status);
      const message = code === "file-too-large" ? service.tooLarge().message : errorMessage(code);
      return { status_code: status, body: JSON.stringify({ code, message }) };
    },
  });
  // @tus/server builds each answer as a Fetch Response, which gives an empty string body the type
  // text/plain: a 201 without bytes would name a media type for no content. Only our JSON bodies
  // carry one.
  for (const handler of Object.values(server.handlers)) {
    const write = handler.write.bind(handler);
    handler.write = (status, headers, body) => {
      const response = write(status, headers, body);
      if (!body) response.headers.delete("content-type");
      return response;
    };
  }
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id: string) => {
    void service
      .abandonUpload(id)
      .catch((err: unknown) => log.error({ err, id }, "could not drop a cancelled upload"));
  });
  return server;
}
