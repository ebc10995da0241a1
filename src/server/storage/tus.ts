import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import { Server } from "@tus/server";
import { EVENTS, type Locker, type Upload } from "@tus/utils";
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
  const server = new Server({
    path: UPLOAD_PATH,
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
        // The quota needs the size up front: deferred lengths are refused.
        throw tusError(
          new AppError("invalid-argument", { message: "Informe o tamanho do arquivo ao começar o envio." }),
        );
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
      return {};
    },
    async onUploadFinish(req, upload: Upload) {
      const user = userOf(req) ?? "";
      try {
        const document = await service.finishUpload(upload.id, user);
        // A POST must stay 201 (its Location is how the client learns the upload); a final PATCH
        // answers 200 so it can carry the new document.
        return {
          ...(req.method === "PATCH" ? { status_code: 200 } : {}),
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(document),
        };
      } catch (err) {
        if (err instanceof AppError) throw tusError(err);
        throw err;
      }
    },
    onResponseError(_req, err) {
      if ("status_code" in err && typeof err.body === "string" && err.body.startsWith("{")) return undefined;
      const status = "status_code" in err ? err.status_code : 500;
      if (status >= 500) log.error({ err }, "upload failed");
      const code = fromTusStatus(status);
      const message = code === "file-too-large" ? service.tooLarge().message : errorMessage(code);
      return { status_code: status, body: JSON.stringify({ code, message }) };
    },
  });
  server.on(EVENTS.POST_TERMINATE, (_req, _res, id: string) => {
    void service
      .abandonUpload(id)
      .catch((err: unknown) => log.error({ err, id }, "could not drop a cancelled upload"));
  });
  return server;
}
