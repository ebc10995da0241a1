import { z } from "zod";
import { apiPaths } from "../api-paths";

/*
 * The seed's file-storage constants, and the shapes the storage API and the client share.
 * Messages in these schemas are error codes of src/shared/errors.ts.
 */

/** Files larger than this go up resumably, in chunks; smaller ones in one request. */
export const RESUMABLE_THRESHOLD = 262_144;
/** Chunks start at the threshold and double up to this size. */
export const MAX_CHUNK_SIZE = 33_554_432;
/** How long the client keeps retrying a failing upload, and any other storage operation. */
export const UPLOAD_RETRY_LIMIT_MS = 600_000;
export const OPERATION_RETRY_LIMIT_MS = 120_000;
/** List page size bounds. */
export const LIST_PAGE_MIN = 1;
export const LIST_PAGE_MAX = 1000;
export const LIST_PAGE_DEFAULT = 100;

/** The only content accepted, sniffed from the bytes, never taken from the client's claim. */
export const ACCEPTED_TYPES = ["image/jpeg", "image/png", "image/webp", "application/pdf"] as const;
export type AcceptedType = (typeof ACCEPTED_TYPES)[number];
/** For file pickers; the server still checks the content. */
export const ACCEPT_ATTRIBUTE = ACCEPTED_TYPES.join(",");

/** What a document is; the personal ones are those /profile3 lists. */
export const DOCUMENT_KINDS = [
  "rg_frente",
  "rg_verso",
  "cnh_frente",
  "cnh_verso",
  "cpf",
  "comprovante_renda",
  "comprovante_residencia",
  "foto_unidade",
  /** A photo of an inspection report (issue 31): renditions as a unit's, claimed by the lease once sent. */
  "foto_vistoria",
  /** A tenant's proof of a rent payment (issue 32), shared with the landlord of that charge. */
  "comprovante_pagamento",
  "contrato",
  "outro",
] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const documentKind = z.enum(DOCUMENT_KINDS, { error: "invalid-document-kind" });

export const PERSONAL_DOCUMENT_KINDS = [
  "rg_frente",
  "rg_verso",
  "cnh_frente",
  "cnh_verso",
  "cpf",
  "comprovante_renda",
  "comprovante_residencia",
] as const satisfies readonly DocumentKind[];

/** The folder /profile3 keeps personal documents in. */
export const PROFILE_FOLDER = "perfil";

/** An input object's rules: a field it does not know is refused, never ignored. */
const strict = {
  error: (issue: { code: string }) =>
    issue.code === "unrecognized_keys" ? "unknown-field" : "invalid-argument",
};

/** Folders are short slash-separated names: "perfil", "propostas/abc", "camera". */
export const folderField = z
  .string({ error: "invalid-folder" })
  .trim()
  .min(1, { error: "invalid-folder" })
  .max(200, { error: "invalid-folder" })
  .regex(/^[a-z0-9_-]+(\/[a-zA-Z0-9_-]+)*$/, { error: "invalid-folder" });

/**
 * Characters a file name may not keep: controls (Cc, NUL included) and the bidirectional marks,
 * embeddings, overrides and isolates (U+200E/F, U+202A–E, U+2066–9), with which
 * "fatura\u202Efdp.exe" shows as "faturaexe.pdf".
 */
const UNSAFE_NAME_CHARACTERS = /[\p{Cc}\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** A file name with its control and bidirectional characters taken out. */
export function cleanFileName(name: string): string {
  return name.replace(UNSAFE_NAME_CHARACTERS, "");
}

/** Half of a UTF-16 surrogate pair with no other half: PostgreSQL cannot store it. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Text PostgreSQL can store: no NUL byte, no unpaired surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes("\u0000") && !LONE_SURROGATE.test(value);
}

export const fileNameField = z
  .string({ error: "invalid-file-name" })
  // Taken out rather than refused: names come from phones and other systems' exports.
  .overwrite(cleanFileName)
  .trim()
  .min(1, { error: "invalid-file-name" })
  .max(200, { error: "invalid-file-name" })
  // No path separators, and text that can be stored: the name goes into Content-Disposition.
  .refine((name) => !/[/\\]/.test(name) && isStorableText(name), { error: "invalid-file-name" });

/**
 * /Convert's form: the PDF's name, without ".pdf" (empty: the document type's name; a slash
 * becomes a dash), and the type of document it is.
 */
export const convertFields = z.strictObject({
  name: z.string().max(150, { error: "invalid-file-name" }),
  kind: documentKind,
});
export type ConvertFields = z.infer<typeof convertFields>;

/** Custom metadata to merge into a document's; a null value removes that key. */
export const customMetadataField = z
  .record(
    z
      .string({ error: "invalid-metadata" })
      .min(1, { error: "invalid-metadata" })
      .max(64, { error: "invalid-metadata" })
      .refine(isStorableText, { error: "invalid-metadata" }),
    z
      .string({ error: "invalid-metadata" })
      .max(1024, { error: "invalid-metadata" })
      .refine(isStorableText, { error: "invalid-metadata" })
      .nullable(),
    { error: "invalid-metadata" },
  )
  .refine((value) => Object.keys(value).length <= 50, { error: "invalid-metadata" });

/** What the client sends as tus Upload-Metadata (every value a string, as tus carries them). */
export const uploadMetadata = z.strictObject(
  {
    filename: fileNameField,
    kind: documentKind,
    folder: folderField,
    /** A document of one's own that this upload replaces once it completes. */
    replaces: z.uuid({ error: "invalid-argument" }).optional(),
  },
  strict,
);
export type UploadMetadata = z.infer<typeof uploadMetadata>;

export const storedDocument = z.object({
  id: z.uuid(),
  ownerId: z.string(),
  kind: documentKind,
  folder: z.string(),
  fileName: z.string(),
  contentType: z.enum(ACCEPTED_TYPES),
  size: z.number().int(),
  sha256: z.string(),
  customMetadata: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Whether the one asking owns it (may rename, replace and delete) or only reads it. */
  access: z.enum(["owner", "reader"]),
  /**
   * The contract the file belongs to (its draft or its sealed PDF), or null: a contract's file is
   * read by every party and changed by nobody, its owner included (decision 034).
   */
  contractId: z.uuid().nullable(),
});
export type StoredDocument = z.infer<typeof storedDocument>;

export const documentIdParams = z.strictObject({ id: z.uuid({ error: "object-not-found" }) }, strict);

/** Longest page token the server hands out (a timestamp and a UUID, in base64url), with room. */
export const PAGE_TOKEN_MAX = 200;

export const listQuery = z.strictObject(
  {
    folder: folderField.optional(),
    kind: documentKind.optional(),
    pageSize: z.coerce
      .number({ error: "page-size-out-of-range" })
      .int({ error: "page-size-out-of-range" })
      .min(LIST_PAGE_MIN, { error: "page-size-out-of-range" })
      .max(LIST_PAGE_MAX, { error: "page-size-out-of-range" })
      .default(LIST_PAGE_DEFAULT),
    // Whether it decodes is the service's to say (400 invalid-page-token).
    pageToken: z
      .string({ error: "invalid-page-token" })
      .max(PAGE_TOKEN_MAX, { error: "invalid-page-token" })
      .optional(),
  },
  strict,
);
export type ListQuery = z.input<typeof listQuery>;

export const listResult = z.object({
  items: z.array(storedDocument),
  nextPageToken: z.string().nullable(),
});
export type ListResult = z.infer<typeof listResult>;

export const updateMetadataInput = z
  .strictObject(
    {
      fileName: fileNameField.optional(),
      customMetadata: customMetadataField.optional(),
    },
    strict,
  )
  .refine((v) => v.fileName !== undefined || v.customMetadata !== undefined, {
    error: "invalid-argument",
  });
export type UpdateMetadataInput = z.infer<typeof updateMetadataInput>;

export const downloadUrlQuery = z.strictObject(
  {
    /** inline to show it in the browser, attachment (default) to save it. */
    disposition: z.enum(["inline", "attachment"], { error: "invalid-argument" }).default("attachment"),
  },
  strict,
);

/** A signed link's query: anything wrong in it is a link that does not hold (403). */
export const downloadFileQuery = z.strictObject(
  {
    expires: z.coerce.number({ error: "invalid-download-link" }).int({ error: "invalid-download-link" }),
    disposition: z.enum(["inline", "attachment"], { error: "invalid-download-link" }),
    sig: z.string({ error: "invalid-download-link" }).max(100, { error: "invalid-download-link" }),
  },
  { error: "invalid-download-link" },
);

export const downloadUrlResult = z.object({ url: z.string(), expiresAt: z.string() });
export type DownloadUrlResult = z.infer<typeof downloadUrlResult>;

export const usageResult = z.object({
  used: z.number().int(),
  quota: z.number().int(),
  maxFileSize: z.number().int(),
});
export type UsageResult = z.infer<typeof usageResult>;

export const UPLOAD_PATH = apiPaths.storage.uploads;
