import { createHash, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/*
 * An S3-compatible server for the tests, written from the Amazon S3 API reference: path-style
 * addressing, objects with x-amz-meta-* metadata, and multipart uploads (create, upload part,
 * list parts, complete, abort), plus DeleteObjects. Signatures are not checked. No S3-compatible
 * server can be installed on the test machine (MinIO is not packaged; s3rver lacks ListParts).
 */

interface StoredObject {
  body: Buffer;
  meta: Record<string, string>;
  etag: string;
}

interface Multipart {
  bucket: string;
  key: string;
  parts: Map<number, { body: Buffer; etag: string }>;
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}`;
const xmlText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const etagOf = (b: Buffer) => `"${createHash("md5").update(b).digest("hex")}"`;

export interface FakeS3 {
  url: string;
  objects: Map<string, StoredObject>;
  uploads: Map<string, Multipart>;
  close(): Promise<void>;
}

export async function startFakeS3(buckets: string[]): Promise<FakeS3> {
  const objects = new Map<string, StoredObject>();
  const uploads = new Map<string, Multipart>();
  const known = new Set(buckets);

  function error(res: http.ServerResponse, status: number, code: string) {
    res.writeHead(status, { "content-type": "application/xml" });
    res.end(xml(`<Error><Code>${code}</Code><Message>${code}</Message></Error>`));
  }

  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(req.url ?? "/", "http://s3.local");
    const [, bucket = "", ...rest] = url.pathname.split("/");
    const key = decodeURIComponent(rest.join("/"));
    const q = url.searchParams;
    if (!known.has(bucket)) return error(res, 404, "NoSuchBucket");
    const id = `${bucket}/${key}`;

    if (req.method === "POST" && !key && q.has("delete")) {
      for (const m of body.toString().matchAll(/<Key>([^<]*)<\/Key>/g)) objects.delete(`${bucket}/${m[1]}`);
      res.writeHead(200, { "content-type": "application/xml" });
      return res.end(xml("<DeleteResult></DeleteResult>"));
    }
    if (req.method === "POST" && q.has("uploads")) {
      const uploadId = randomBytes(12).toString("hex");
      uploads.set(uploadId, { bucket, key, parts: new Map() });
      res.writeHead(200, { "content-type": "application/xml" });
      return res.end(
        xml(
          `<InitiateMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlText(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
        ),
      );
    }
    const uploadId = q.get("uploadId");
    if (uploadId !== null) {
      const upload = uploads.get(uploadId);
      if (!upload) return error(res, 404, "NoSuchUpload");
      if (req.method === "PUT") {
        const etag = etagOf(body);
        upload.parts.set(Number(q.get("partNumber")), { body, etag });
        res.writeHead(200, { etag });
        return res.end();
      }
      if (req.method === "GET") {
        const parts = [...upload.parts.entries()]
          .sort(([a], [b]) => a - b)
          .map(
            ([n, p]) =>
              `<Part><PartNumber>${n}</PartNumber><ETag>${xmlText(p.etag)}</ETag><Size>${p.body.length}</Size></Part>`,
          )
          .join("");
        res.writeHead(200, { "content-type": "application/xml" });
        return res.end(
          xml(
            `<ListPartsResult><Bucket>${bucket}</Bucket><Key>${xmlText(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts}</ListPartsResult>`,
          ),
        );
      }
      if (req.method === "POST") {
        const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) =>
          Number(m[1]),
        );
        const whole = Buffer.concat(numbers.map((n) => upload.parts.get(n)?.body ?? Buffer.alloc(0)));
        const etag = etagOf(whole);
        objects.set(id, { body: whole, meta: {}, etag });
        uploads.delete(uploadId);
        res.writeHead(200, { "content-type": "application/xml" });
        return res.end(
          xml(
            `<CompleteMultipartUploadResult><Bucket>${bucket}</Bucket><Key>${xmlText(key)}</Key><ETag>${xmlText(etag)}</ETag></CompleteMultipartUploadResult>`,
          ),
        );
      }
      if (req.method === "DELETE") {
        uploads.delete(uploadId);
        res.writeHead(204);
        return res.end();
      }
    }
    if (req.method === "PUT") {
      const meta: Record<string, string> = {};
      for (const [h, v] of Object.entries(req.headers))
        if (h.startsWith("x-amz-meta-") && typeof v === "string") meta[h] = v;
      const etag = etagOf(body);
      objects.set(id, { body, meta, etag });
      res.writeHead(200, { etag });
      return res.end();
    }
    const object = objects.get(id);
    if (req.method === "GET" || req.method === "HEAD") {
      if (!object) {
        if (req.method === "GET") return error(res, 404, "NoSuchKey");
        res.writeHead(404);
        return res.end();
      }
      res.writeHead(200, {
        "content-length": String(object.body.length),
        "content-type": "application/octet-stream",
        etag: object.etag,
        "last-modified": new Date().toUTCString(),
        ...object.meta,
      });
      return res.end(req.method === "GET" ? object.body : undefined);
    }
    if (req.method === "DELETE") {
      objects.delete(id);
      res.writeHead(204);
      return res.end();
    }
    return error(res, 405, "MethodNotAllowed");
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    uploads,
    close: () => new Promise((r) => server.close(() => r())),
  };
}
