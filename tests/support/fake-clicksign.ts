import { createHmac, randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createSelfSignedP12, sealPdf } from "../../src/server/domains/contracts/seal";

/**
 * A stand-in for Clicksign's API v3 (envelopes), written from its public documentation
 * (developers.clicksign.com): JSON:API bodies (`application/vnd.api+json`), the access token in
 * `Authorization`, an envelope that activates only when it has a document and every signer has
 * a qualification and an authentication requirement, notifications only while running, and
 * webhooks signed with `Content-Hmac: sha256=<HMAC-SHA256 of the raw body>`.
 *
 * The test drives what signers do (sign, refuse) and the fake posts the matching webhooks.
 */

interface Signer {
  id: string;
  name: string;
  email: string;
  documentation: string;
  group: number;
  signedAt: string | null;
}
interface Requirement {
  id: string;
  action: string;
  role?: string;
  auth?: string;
  signerId: string;
  documentId: string;
}
interface Envelope {
  id: string;
  name: string;
  status: "draft" | "running" | "closed" | "canceled";
  attributes: Record<string, unknown>;
  documents: Map<string, { id: string; filename: string; bytes: Buffer; signed: Buffer | null }>;
  signers: Signer[];
  requirements: Requirement[];
  notifications: { signerId: string | null; message: string }[];
}

type JsonBody = {
  data?: {
    type?: string;
    id?: string;
    attributes?: Record<string, unknown>;
    relationships?: Record<string, { data?: { id?: string } }>;
  };
};

export interface FakeClicksign {
  url: string;
  envelopes: Map<string, Envelope>;
  requests: { method: string; path: string }[];
  /** Makes the next request whose path contains `fragment` fail with `status`. */
  failNext(fragment: string, status?: number): void;
  /** The signer signs at Clicksign: the webhook follows, and when everyone signed, the close. */
  sign(envelopeId: string, email: string): Promise<number[]>;
  refuse(envelopeId: string, email: string, comment: string): Promise<number>;
  /** Posts a webhook body as Clicksign would (or with another secret, to test refusals). */
  post(body: unknown, secret?: string | null): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export async function startFakeClicksign(opts: {
  token: string;
  webhookSecret: string;
  /** Where the app receives webhooks; set once the app listens. */
  webhookUrl: () => string;
}): Promise<FakeClicksign> {
  const envelopes = new Map<string, Envelope>();
  const requests: { method: string; path: string }[] = [];
  const failures: { fragment: string; status: number }[] = [];
  const p12Pass = "fake-clicksign";
  const p12 = createSelfSignedP12(p12Pass, "Clicksign (sandbox de teste)");
  let base = "";

  const send = (res: http.ServerResponse, status: number, body?: unknown) => {
    res.writeHead(status, { "content-type": "application/vnd.api+json" });
    res.end(body === undefined ? "" : JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, detail: string) =>
    send(res, status, { errors: [{ status: String(status), detail }] });
  const signerJson = (s: Signer) => ({
    id: s.id,
    type: "signers",
    attributes: {
      name: s.name,
      email: s.email,
      documentation: s.documentation,
      group: s.group,
      signed_at: s.signedAt,
    },
  });
  const documentJson = (e: Envelope, d: { id: string; filename: string; signed: Buffer | null }) => ({
    id: d.id,
    type: "documents",
    attributes: { filename: d.filename, status: e.status },
    links: {
      files: {
        original: `${base}/files/${d.id}/original`,
        ...(d.signed ? { signed: `${base}/files/${d.id}/signed` } : {}),
      },
    },
  });

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      const path = url.pathname;
      const method = req.method ?? "GET";
      requests.push({ method, path });
      const file = /^\/files\/([^/]+)\/(original|signed)$/.exec(path);
      if (file) {
        for (const e of envelopes.values()) {
          const d = e.documents.get(file[1] as string);
          const bytes = d && (file[2] === "signed" ? d.signed : d.bytes);
          if (bytes) {
            res.writeHead(200, { "content-type": "application/pdf" });
            return res.end(bytes);
          }
        }
        return error(res, 404, "not found");
      }
      if (!path.startsWith("/api/v3/")) return error(res, 404, "not found");
      if (req.headers.authorization !== opts.token) return error(res, 401, "Access denied");
      const failure = failures.findIndex((f) => path.includes(f.fragment));
      if (failure >= 0) {
        const [f] = failures.splice(failure, 1);
        return error(res, f?.status ?? 503, "Service unavailable");
      }
      let body: JsonBody = {};
      if (method === "POST" || method === "PATCH") {
        if (req.headers["content-type"] !== "application/vnd.api+json")
          return error(res, 415, "Content-Type must be application/vnd.api+json");
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        } catch {
          return error(res, 400, "invalid JSON");
        }
      }
      const a = body.data?.attributes ?? {};
      const parts = path.slice("/api/v3/".length).split("/");
      if (parts[0] !== "envelopes") return error(res, 404, "not found");
      if (parts.length === 1 && method === "POST") {
        if (body.data?.type !== "envelopes" || typeof a.name !== "string")
          return error(res, 422, "name can't be blank");
        const e: Envelope = {
          id: randomUUID(),
          name: a.name,
          status: "draft",
          attributes: a,
          documents: new Map(),
          signers: [],
          requirements: [],
          notifications: [],
        };
        envelopes.set(e.id, e);
        return send(res, 201, {
          data: { id: e.id, type: "envelopes", attributes: { ...a, status: e.status } },
        });
      }
      const e = envelopes.get(parts[1] ?? "");
      if (!e) return error(res, 404, "envelope not found");
      const sub = parts[2];
      if (!sub && method === "GET")
        return send(res, 200, {
          data: { id: e.id, type: "envelopes", attributes: { ...e.attributes, status: e.status } },
        });
      if (!sub && method === "PATCH") {
        if (a.status === "running") {
          if (e.status !== "draft") return error(res, 422, "envelope is not a draft");
          if (e.documents.size === 0 || e.signers.length === 0)
            return error(res, 422, "envelope is incomplete");
          for (const s of e.signers) {
            const has = (action: string) =>
              e.requirements.some((r) => r.signerId === s.id && r.action === action);
            if (!has("agree") || !has("provide_evidence"))
              return error(res, 422, `signer ${s.email} lacks requirements`);
          }
        } else if (a.status === "canceled") {
          if (e.status === "closed") return error(res, 422, "envelope is closed");
        } else return error(res, 422, "invalid status");
        e.status = a.status;
        return send(res, 200, {
          data: { id: e.id, type: "envelopes", attributes: { ...e.attributes, status: e.status } },
        });
      }
      if (sub === "documents" && method === "POST") {
        const content = typeof a.content_base64 === "string" ? a.content_base64 : "";
        const m = /^data:application\/pdf;base64,(.+)$/s.exec(content);
        const bytes = m?.[1] ? Buffer.from(m[1], "base64") : Buffer.alloc(0);
        if (body.data?.type !== "documents" || typeof a.filename !== "string" || !a.filename.endsWith(".pdf"))
          return error(res, 422, "filename must end in .pdf");
        if (!bytes.subarray(0, 5).equals(Buffer.from("%PDF-")))
          return error(res, 422, "content_base64 is not a PDF");
        const d = { id: randomUUID(), filename: a.filename, bytes, signed: null };
        e.documents.set(d.id, d);
        return send(res, 201, { data: documentJson(e, d) });
      }
      if (sub === "documents" && method === "GET" && parts[3]) {
        const d = e.documents.get(parts[3]);
        return d ? send(res, 200, { data: documentJson(e, d) }) : error(res, 404, "document not found");
      }
      if (sub === "signers" && method === "POST" && !parts[3]) {
        if (body.data?.type !== "signers" || typeof a.name !== "string" || typeof a.email !== "string")
          return error(res, 422, "name and email are required");
        if (a.has_documentation && !/^\d{3}\.\d{3}\.\d{3}-\d{2}$/.test(String(a.documentation)))
          return error(res, 422, "documentation must be a formatted CPF");
        const s: Signer = {
          id: randomUUID(),
          name: a.name,
          email: a.email,
          documentation: String(a.documentation),
          group: Number(a.group ?? 1),
          signedAt: null,
        };
        e.signers.push(s);
        return send(res, 201, { data: signerJson(s) });
      }
      if (sub === "signers" && method === "GET" && !parts[3])
        return send(res, 200, { data: e.signers.map(signerJson) });
      if (sub === "requirements" && method === "POST") {
        const rel = body.data?.relationships ?? {};
        const signerId = rel.signer?.data?.id ?? "";
        const documentId = rel.document?.data?.id ?? "";
        if (!e.signers.some((s) => s.id === signerId) || !e.documents.has(documentId))
          return error(res, 422, "signer and document must belong to the envelope");
        if (a.action === "agree" && typeof a.role !== "string") return error(res, 422, "role is required");
        if (a.action === "provide_evidence" && typeof a.auth !== "string")
          return error(res, 422, "auth is required");
        if (a.action !== "agree" && a.action !== "provide_evidence") return error(res, 422, "invalid action");
        const r: Requirement = {
          id: randomUUID(),
          action: a.action,
          role: a.role as string | undefined,
          auth: a.auth as string | undefined,
          signerId,
          documentId,
        };
        e.requirements.push(r);
        return send(res, 201, { data: { id: r.id, type: "requirements", attributes: a } });
      }
      const notify =
        (sub === "notifications" && !parts[3]) || (sub === "signers" && parts[4] === "notifications");
      if (notify && method === "POST") {
        if (e.status !== "running") return error(res, 422, "envelope is not running");
        const signerId = sub === "signers" ? (parts[3] ?? null) : null;
        if (signerId && !e.signers.some((s) => s.id === signerId)) return error(res, 404, "signer not found");
        e.notifications.push({ signerId, message: String(a.message ?? "") });
        return send(res, 201, { data: { id: randomUUID(), type: "notifications", attributes: a } });
      }
      return error(res, 404, "not found");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function post(body: unknown, secret: string | null = opts.webhookSecret) {
    const raw = JSON.stringify(body);
    const headers: Record<string, string> = { "content-type": "application/json" };
    if (secret !== null)
      headers["content-hmac"] = `sha256=${createHmac("sha256", secret).update(raw).digest("hex")}`;
    const response = await fetch(opts.webhookUrl(), { method: "POST", headers, body: raw });
    return { status: response.status, body: await response.text() };
  }
  const documentOf = (e: Envelope) => {
    const d = [...e.documents.values()][0];
    return { key: d?.id, status: e.status };
  };
  const signerBy = (e: Envelope, email: string) => {
    const s = e.signers.find((x) => x.email === email);
    if (!s) throw new Error(`no signer ${email}`);
    return s;
  };

  return {
    url: `${base}/api/v3`,
    envelopes,
    requests,
    failNext(fragment, status = 503) {
      failures.push({ fragment, status });
    },
    async sign(envelopeId, email) {
      const e = envelopes.get(envelopeId);
      if (e?.status !== "running" || !e) throw new Error("envelope is not running");
      const s = signerBy(e, email);
      s.signedAt = new Date().toISOString();
      const statuses = [
        (
          await post({
            event: {
              name: "sign",
              data: { signer: { key: s.id, email: s.email, name: s.name, documentation: s.documentation } },
              occurred_at: s.signedAt,
            },
            document: documentOf(e),
          })
        ).status,
      ];
      if (e.signers.every((x) => x.signedAt) && e.attributes.auto_close) {
        for (const d of e.documents.values())
          d.signed = await sealPdf(d.bytes, {
            p12,
            passphrase: p12Pass,
            subject: "Clicksign",
            selfSigned: true,
          });
        e.status = "closed";
        for (const name of ["auto_close", "document_closed"])
          statuses.push(
            (
              await post({
                event: { name, data: null, occurred_at: new Date().toISOString() },
                document: documentOf(e),
              })
            ).status,
          );
      }
      return statuses;
    },
    async refuse(envelopeId, email, comment) {
      const e = envelopes.get(envelopeId);
      if (!e) throw new Error("no envelope");
      const s = signerBy(e, email);
      e.status = "canceled";
      return (
        await post({
          event: {
            name: "refusal",
            data: { signer: { key: s.id, email: s.email }, refusal: { reasons: ["Outros"], comment } },
            occurred_at: new Date().toISOString(),
          },
          document: documentOf(e),
        })
      ).status;
    },
    post,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
