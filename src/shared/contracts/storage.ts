import { z } from "zod";

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

/** Folders are short slash-separated names: "perfil", "propostas/abc", "camera". */
export const folderField = z
  .string({ error: "invalid-folder" })
  .trim()
  .min(1, { error: "invalid-folder" })
  .max(200, { error: "invalid-folder" })
  .regex(/^[a-z0-9_-]+(\/[a-zA-Z0-9_-]+)*$/, { error: "invalid-folder" });

export const fileNameField = z
  .string({ error: "invalid-file-name" })
  .trim()
  .min(1, { error: "invalid-file-name" })
  .max(200, { error: "invalid-file-name" })
  // No path separators or control characters: the name goes into Content-Disposition.
  .refine((name) => !/[/\\\p{Cc}]/u.test(name), { error: "invalid-file-name" });

/** Custom metadata to merge into a document's; a null value removes that key. */
export const customMetadataField = z
  .record(
    z.string(),
    z.string({ error: "invalid-metadata" }).max(1024, { error: "invalid-metadata" }).nullable(),
    {
      error: "invalid-metadata",
    },
  )
  .refine((value) => Object.keys(value).every((k) => k.length >= 1 && k.length <= 64), {
    error: "invalid-metadata",
  })
  .refine((value) => Object.keys(value).length <= 50, { error: "invalid-metadata" });

/** What the client sends as tus Upload-Metadata (every value a string, as tus carries them). */
export const uploadMetadata = z.object({
  filename: fileNameField,
  kind: documentKind,
  folder: folderField,
  /** A document of one's own that this upload replaces once it completes. */
  replaces: z.uuid({ error: "invalid-argument" }).optional(),
});
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
});
export type StoredDocument = z.infer<typeof storedDocument>;

export const documentIdParams = z.object({ id: z.uuid({ error: "object-not-found" }) });

export const listQuery = z.object({
  folder: folderField.optional(),
  kind: documentKind.optional(),
  pageSize: z.coerce
    .number({ error: "page-size-out-of-range" })
    .int({ error: "page-size-out-of-range" })
    .min(LIST_PAGE_MIN, { error: "page-size-out-of-range" })
    .max(LIST_PAGE_MAX, { error: "page-size-out-of-range" })
    .default(LIST_PAGE_DEFAULT),
  pageToken: z.string().max(200, { error: "invalid-page-token" }).optional(),
});
export type ListQuery = z.input<typeof listQuery>;

export const listResult = z.object({
  items: z.array(storedDocument),
  nextPageToken: z.string().nullable(),
});
export type ListResult = z.infer<typeof listResult>;

export const updateMetadataInput = z
  .object({
    fileName: fileNameField.optional(),
    customMetadata: customMetadataField.optional(),
  })
  .refine((v) => v.fileName !== undefined || v.customMetadata !== undefined, {
    error: "invalid-argument",
  });
export type UpdateMetadataInput = z.infer<typeof updateMetadataInput>;

export const downloadUrlQuery = z.object({
  /** inline to show it in the browser, attachment (default) to save it. */
  disposition: z.enum(["inline", "attachment"]).default("attachment"),
});

export const downloadUrlResult = z.object({ url: z.string(), expiresAt: z.string() });
export type DownloadUrlResult = z.infer<typeof downloadUrlResult>;

export const usageResult = z.object({
  used: z.number().int(),
  quota: z.number().int(),
  maxFileSize: z.number().int(),
});
export type UsageResult = z.infer<typeof usageResult>;

export const UPLOAD_PATH = "/api/storage/uploads";
