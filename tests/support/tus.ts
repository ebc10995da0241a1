import http from "node:http";

/**
 * A minimal tus 1.0 client over real HTTP for the API tests: each step is one visible request,
 * so the tests can stop, kill and resume between them. (The browser uses tus-js-client.)
 */
export interface TusTarget {
  baseUrl: string;
  cookie?: string;
  origin?: string;
}

export interface TusResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  json<T = Record<string, unknown>>(): T;
}

function encodeMetadata(meta: Record<string, string>): string {
  return Object.entries(meta)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString("base64")}`)
    .join(",");
}

export function tusRequest(
  target: TusTarget,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: Buffer | AsyncIterable<Buffer>,
): Promise<TusResponse> {
  const url = new URL(path, target.baseUrl);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        headers: {
          "Tus-Resumable": "1.0.0",
          origin: target.origin ?? target.baseUrl,
          ...(target.cookie ? { cookie: target.cookie } : {}),
          ...headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            json: <T>() => JSON.parse(text) as T,
          });
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    if (body === undefined) req.end();
    else if (Buffer.isBuffer(body)) req.end(body);
    else {
      (async () => {
        for await (const chunk of body) if (!req.write(chunk)) await new Promise((r) => req.once("drain", r));
        req.end();
      })().catch((err: unknown) => req.destroy(err as Error));
    }
  });
}

export interface UploadMeta {
  filename: string;
  kind: string;
  folder: string;
  replaces?: string;
}

/** POST: creates an upload, optionally sending the first bytes with it (creation-with-upload). */
export function createUpload(target: TusTarget, size: number, meta: UploadMeta, firstBytes?: Buffer) {
  return tusRequest(
    target,
    "POST",
    "/api/storage/uploads",
    {
      "Upload-Length": String(size),
      "Upload-Metadata": encodeMetadata(meta as unknown as Record<string, string>),
      ...(firstBytes ? { "Content-Type": "application/offset+octet-stream" } : {}),
    },
    firstBytes,
  );
}

export function patchUpload(
  target: TusTarget,
  location: string,
  offset: number,
  bytes: Buffer | AsyncIterable<Buffer>,
) {
  return tusRequest(
    target,
    "PATCH",
    location,
    { "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream" },
    bytes,
  );
}

export function headUpload(target: TusTarget, location: string) {
  return tusRequest(target, "HEAD", location, {});
}

/**
 * The final PATCH's answer with the new document as its body, as the client gets it: tus 1.0.0
 * answers a PATCH 204 with no body, so the document (which has the upload's id) is read at
 * GET /api/storage/objects/{id}. The status and headers stay the PATCH's.
 */
export async function withDocument(
  target: TusTarget,
  location: string,
  res: TusResponse,
): Promise<TusResponse> {
  if (res.status !== 204 || res.headers["upload-offset"] === undefined) return res;
  const id = location.split("/").pop() as string;
  const doc = await tusRequest(target, "GET", `/api/storage/objects/${id}`, {});
  if (doc.status !== 200)
    throw new Error(`the finished upload ${id} has no document: ${doc.status} ${doc.body}`);
  return { ...res, body: doc.body, json: doc.json };
}

/**
 * Uploads bytes whole: one request when small (201, the document as its body), otherwise
 * PATCHes of `chunk` bytes (the last one 204, the document read as the client reads it).
 */
export async function uploadBytes(
  target: TusTarget,
  bytes: Buffer,
  meta: UploadMeta,
  chunk = 256 * 1024,
): Promise<TusResponse> {
  if (bytes.length <= chunk) return createUpload(target, bytes.length, meta, bytes);
  const created = await createUpload(target, bytes.length, meta);
  if (created.status !== 201) return created;
  const location = created.headers.location as string;
  let offset = 0;
  let last = created;
  while (offset < bytes.length) {
    last = await patchUpload(target, location, offset, bytes.subarray(offset, offset + chunk));
    if (last.status >= 300) return last;
    offset = Number(last.headers["upload-offset"] ?? bytes.length);
  }
  return withDocument(target, location, last);
}
