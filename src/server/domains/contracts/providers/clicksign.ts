import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { SignerRole } from "../../../../shared/contracts/contracts";
import { AppError } from "../../../../shared/errors";
import type {
  EnvelopeInput,
  EnvelopeRef,
  EnvelopeSigner,
  EnvelopeStatus,
  ProviderEvent,
  SigningProvider,
} from "./types";

export const CLICKSIGN_SANDBOX_URL = "https://sandbox.clicksign.com/api/v3";

/** Clicksign's qualification roles for each of our parties. */
const ROLE: Record<SignerRole, string> = {
  locador: "lessor",
  locatario: "lessee",
  colocatario: "lessee",
  fiador: "guarantor",
  // The guarantor's spouse consents: Clicksign's "interveniente" role.
  anuente: "intervening",
  // A company's representative besides its account holder: Clicksign's "representante legal".
  representante: "legal_representative",
  testemunha: "witness",
};

interface JsonApiResource {
  id: string;
  type: string;
  attributes?: Record<string, unknown>;
  links?: Record<string, unknown>;
}

const formatCpf = (cpf: string) => cpf.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, "$1.$2.$3-$4");

/**
 * Clicksign API v3 (envelopes), in JSON:API: the access token goes in `Authorization`, bodies
 * are `application/vnd.api+json`. Every failure becomes `signing-provider-failed` (502) with
 * Clicksign's own message logged, so the landlord can try again.
 */
export class ClicksignProvider implements SigningProvider {
  readonly name = "clicksign";
  private readonly baseUrl: string;

  constructor(
    private readonly options: {
      accessToken: string;
      baseUrl: string;
      webhookSecret: string;
      timeoutMs?: number;
      log?: { warn(o: unknown, m: string): void };
    },
  ) {
    this.baseUrl = options.baseUrl.replace(/\/+$/, "");
  }

  private async request<T = { data: JsonApiResource }>(
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          authorization: this.options.accessToken,
          accept: "application/vnd.api+json",
          ...(body === undefined ? {} : { "content-type": "application/vnd.api+json" }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 30_000),
      });
    } catch (err) {
      this.options.log?.warn({ err, method, path }, "Clicksign did not answer");
      throw new AppError("signing-provider-failed");
    }
    const text = await response.text();
    if (!response.ok) {
      this.options.log?.warn(
        { status: response.status, method, path, body: text.slice(0, 500) },
        "Clicksign refused",
      );
      throw new AppError("signing-provider-failed");
    }
    try {
      return (text ? JSON.parse(text) : {}) as T;
    } catch {
      throw new AppError("signing-provider-failed");
    }
  }

  async create(input: EnvelopeInput): Promise<EnvelopeRef> {
    const envelope = await this.request("POST", "/envelopes", {
      data: {
        type: "envelopes",
        attributes: {
          name: `Contrato de locação nº ${input.numero}`,
          locale: "pt-BR",
          auto_close: true,
          remind_interval: 3,
          block_after_refusal: true,
          deadline_at: input.expiresAt.toISOString(),
        },
      },
    });
    const envelopeId = envelope.data.id;
    const document = await this.request("POST", `/envelopes/${envelopeId}/documents`, {
      data: {
        type: "documents",
        attributes: {
          filename: input.fileName,
          content_base64: `data:application/pdf;base64,${Buffer.from(input.pdf).toString("base64")}`,
        },
      },
    });
    return { envelopeId, documentId: document.data.id };
  }

  async addSigners(
    ref: EnvelopeRef,
    signers: EnvelopeSigner[],
    sequential: boolean,
  ): Promise<Map<string, string>> {
    const keys = new Map<string, string>();
    for (const s of signers) {
      const signer = await this.request("POST", `/envelopes/${ref.envelopeId}/signers`, {
        data: {
          type: "signers",
          attributes: {
            name: s.nome,
            email: s.email,
            documentation: formatCpf(s.cpf),
            has_documentation: true,
            refusable: true,
            group: sequential ? s.position + 1 : 1,
            communicate_events: {
              signature_request: "email",
              signature_reminder: "email",
              document_signed: "email",
            },
          },
        },
      });
      const relationships = {
        document: { data: { type: "documents", id: ref.documentId } },
        signer: { data: { type: "signers", id: signer.data.id } },
      };
      // What the signer does (signs as their role) and how they prove who they are (e-mail token).
      await this.request("POST", `/envelopes/${ref.envelopeId}/requirements`, {
        data: { type: "requirements", attributes: { action: "agree", role: ROLE[s.role] }, relationships },
      });
      await this.request("POST", `/envelopes/${ref.envelopeId}/requirements`, {
        data: {
          type: "requirements",
          attributes: { action: "provide_evidence", auth: "email" },
          relationships,
        },
      });
      keys.set(s.id, signer.data.id);
    }
    return keys;
  }

  async send(ref: EnvelopeRef, message: string, signerKey?: string): Promise<void> {
    if (!signerKey)
      await this.request("PATCH", `/envelopes/${ref.envelopeId}`, {
        data: { id: ref.envelopeId, type: "envelopes", attributes: { status: "running" } },
      });
    await this.request(
      "POST",
      signerKey
        ? `/envelopes/${ref.envelopeId}/signers/${signerKey}/notifications`
        : `/envelopes/${ref.envelopeId}/notifications`,
      { data: { type: "notifications", attributes: { message } } },
    );
  }

  async status(ref: EnvelopeRef): Promise<{ status: EnvelopeStatus; signed: string[] }> {
    const envelope = await this.request("GET", `/envelopes/${ref.envelopeId}`);
    const signers = await this.request<{ data: JsonApiResource[] }>(
      "GET",
      `/envelopes/${ref.envelopeId}/signers`,
    );
    const status = String(envelope.data.attributes?.status ?? "draft");
    return {
      status: (["draft", "running", "closed", "canceled"].includes(status)
        ? status
        : "running") as EnvelopeStatus,
      signed: signers.data.filter((s) => s.attributes?.signed_at).map((s) => s.id),
    };
  }

  async cancel(ref: EnvelopeRef): Promise<void> {
    await this.request("PATCH", `/envelopes/${ref.envelopeId}`, {
      data: { id: ref.envelopeId, type: "envelopes", attributes: { status: "canceled" } },
    });
  }

  async download(ref: EnvelopeRef): Promise<Uint8Array> {
    const document = await this.request("GET", `/envelopes/${ref.envelopeId}/documents/${ref.documentId}`);
    const files = (document.data.links?.files ?? {}) as { signed?: string };
    if (!files.signed) throw new AppError("signing-provider-failed");
    let response: Response;
    try {
      // A pre-signed, short-lived URL: no token goes with it.
      response = await fetch(files.signed, { signal: AbortSignal.timeout(this.options.timeoutMs ?? 60_000) });
    } catch (err) {
      this.options.log?.warn({ err }, "could not fetch the signed file from Clicksign");
      throw new AppError("signing-provider-failed");
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (!response.ok || Buffer.from(bytes.subarray(0, 5)).toString("latin1") !== "%PDF-")
      throw new AppError("signing-provider-failed");
    return bytes;
  }

  /**
   * Clicksign signs each delivery with `Content-Hmac: sha256=<hex>`, the HMAC-SHA256 of the raw
   * body under the webhook secret. A delivery's id is the hash of its body, so a replay is
   * recognised and handled once.
   */
  webhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): ProviderEvent {
    const header = headers["content-hmac"];
    const given = (Array.isArray(header) ? header[0] : header)?.trim() ?? "";
    const match = /^sha256=([0-9a-f]{64})$/i.exec(given);
    const expected = createHmac("sha256", this.options.webhookSecret).update(rawBody).digest();
    if (!match?.[1] || !timingSafeEqual(Buffer.from(match[1], "hex"), expected))
      throw new AppError("invalid-webhook-signature");
    let body: {
      event?: {
        name?: unknown;
        occurred_at?: unknown;
        data?: { signer?: { key?: unknown; email?: unknown }; refusal?: { comment?: unknown } } | null;
      };
      document?: { key?: unknown };
    };
    try {
      body = JSON.parse(rawBody.toString("utf8"));
    } catch {
      throw new AppError("invalid-argument");
    }
    const name = typeof body?.event?.name === "string" ? body.event.name : "";
    if (!name) throw new AppError("invalid-argument");
    const str = (v: unknown) => (typeof v === "string" && v.length > 0 ? v.slice(0, 500) : null);
    const type: ProviderEvent["type"] =
      name === "sign"
        ? "signed"
        : name === "refusal"
          ? "refused"
          : name === "auto_close" || name === "close" || name === "document_closed"
            ? "closed"
            : name === "cancel"
              ? "canceled"
              : name === "deadline"
                ? "expired"
                : "ignored";
    const signer = body.event?.data?.signer;
    return {
      id: `clicksign:${createHash("sha256").update(rawBody).digest("hex")}`,
      documentKey: str(body.document?.key),
      type,
      name,
      signer: signer ? { key: str(signer.key), email: str(signer.email)?.toLowerCase() ?? null } : null,
      reason: str(body.event?.data?.refusal?.comment),
      occurredAt: str(body.event?.occurred_at),
    };
  }
}
