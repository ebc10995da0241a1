import ptBR from "./locales/pt-BR.json";

/**
 * One catalogue of error codes for the API and the client: the seed's storage codes, then the
 * application's own. Each has the HTTP status the server answers with and a pt-BR message (in
 * the locale files, so the client can also show it in English).
 */
export const errorStatus = {
  unknown: 500,
  "object-not-found": 404,
  "bucket-not-found": 404,
  "project-not-found": 404,
  "quota-exceeded": 402,
  unauthenticated: 401,
  unauthorized: 403,
  "retry-limit-exceeded": 503,
  "invalid-checksum": 400,
  canceled: 499,
  "invalid-url": 400,
  "invalid-argument": 400,
  "invalid-format": 415,
  "no-download-url": 404,
  "not-found": 404,
  "rate-limited": 429,
  "forbidden-origin": 403,
  "service-unavailable": 503,
  network: 0,
  "invalid-credentials": 401,
  "email-taken": 422,
  "password-too-short": 400,
  "password-too-long": 400,
  "password-too-common": 400,
  "invalid-reset-link": 400,
  "wrong-current-password": 400,
  "invalid-email": 400,
  "name-required": 400,
  "name-too-long": 400,
  "session-not-found": 404,
  "invalid-document-kind": 400,
  "invalid-folder": 400,
  "invalid-file-name": 400,
  "invalid-metadata": 400,
  "page-size-out-of-range": 400,
  "invalid-page-token": 400,
  "file-too-large": 413,
  "empty-file": 400,
  "invalid-download-link": 403,
  "upload-conflict": 409,
  "invalid-unit-type": 400,
  "invalid-cep": 400,
  "cep-not-found": 404,
  "cep-lookup-unavailable": 503,
  "cep-lookup-off": 501,
  "invalid-street": 400,
  "invalid-number": 400,
  "invalid-complement": 400,
  "invalid-bairro": 400,
  "invalid-city": 400,
  "invalid-uf": 400,
  "invalid-area": 400,
  "invalid-bedrooms": 400,
  "invalid-bathrooms": 400,
  "invalid-parking": 400,
  "description-too-long": 400,
  "inventory-too-long": 400,
  "invalid-registry": 400,
  "invalid-photo": 400,
  "too-many-photos": 400,
  "invalid-rent": 400,
  "invalid-fee": 400,
  "invalid-guarantee": 400,
  "guarantee-required": 400,
  "invalid-deposit": 400,
  "deposit-too-high": 400,
  "invalid-term": 400,
  "invalid-index": 400,
  "invalid-date": 400,
  "invalid-price": 400,
  "invalid-price-range": 400,
  "invalid-date-range": 400,
  "invalid-search-name": 400,
  "too-many-searches": 409,
  "invalid-digest-hour": 400,
  "invalid-unsubscribe-link": 400,
  "export-in-progress": 409,
  "invalid-export-link": 410,
  "export-daily-limit": 429,
  "export-no-room": 429,
  "invalid-deletion-word": 400,
  "password-required": 400,
  "contract-in-progress": 409,
  "unit-has-active-offer": 409,
  "invalid-transition": 409,
  "offer-not-editable": 409,
  "photo-required": 409,
  "unit-has-open-offer": 409,
  "invalid-cpf": 400,
  "invalid-full-name": 400,
  "invalid-rg": 400,
  "invalid-rg-issuer": 400,
  "invalid-gender": 400,
  "name-unprintable": 400,
  "invalid-birth-date": 400,
  "must-be-adult": 400,
  "invalid-marital-status": 400,
  "invalid-profession": 400,
  "invalid-nationality": 400,
  "invalid-phone": 400,
  "invalid-phone-area-code": 400,
  "invalid-phone-number": 400,
  "invalid-income": 400,
  "invalid-occupation": 400,
  "invalid-residents": 400,
  "too-many-cotenants": 400,
  "too-many-representatives": 400,
  "representative-is-holder": 400,
  "invalid-document": 400,
  "message-too-long": 400,
  "reason-required": 400,
  "documents-required": 400,
  "invalid-action": 400,
  "profile-incomplete": 409,
  "profile-personal-missing": 409,
  "profile-address-missing": 409,
  "offer-owner-incomplete": 409,
  "own-offer": 409,
  "duplicate-proposal": 409,
  "guarantee-not-accepted": 400,
  "spouse-required": 400,
  "spouse-not-expected": 400,
  "offer-not-available": 409,
  "not-your-turn": 409,
  "proposal-closed": 409,
  "cpf-taken": 409,
  "invalid-cnpj": 400,
  "invalid-company-name": 400,
  "invalid-role-title": 400,
  "invalid-power-instrument": 400,
  "invalid-company": 400,
  "company-not-found": 404,
  "company-in-use": 409,
  "cnpj-taken": 409,
  "invalid-creci": 400,
  "invalid-agency-role": 400,
  "agency-not-found": 404,
  "agency-cnpj-taken": 409,
  "already-member": 409,
  "last-admin": 409,
  "member-not-found": 404,
  "invitation-not-found": 404,
  "invitation-expired": 410,
  "invalid-signing-link": 403,
  "invalid-code": 400,
  "code-expired": 400,
  "code-locked": 429,
  "code-rate-limited": 429,
  "identity-mismatch": 400,
  "contract-not-editable": 409,
  "contract-document-locked": 409,
  "contract-document-missing": 409,
  "invalid-drawing": 400,
  "guarantor-required": 400,
  "not-signing-turn": 409,
  "resend-rate-limited": 429,
  "signing-provider-failed": 502,
  "invalid-webhook-signature": 401,
  "signing-at-provider": 409,
  "too-many-streams": 429,
  "message-empty": 400,
  "chat-message-too-long": 400,
  "invalid-attachment": 400,
  // Input boundary (plugins/input-guard.ts, plugins/error-handler.ts)
  "invalid-text": 400,
  "input-too-deep": 400,
  "invalid-json": 400,
  "body-too-large": 413,
  "unsupported-content-type": 415,
  "unknown-field": 400,
  "malformed-url": 400,
  // Proposal rules and signers (docs/decisions/017)
  "term-out-of-range": 400,
  "rent-out-of-range": 400,
  "entry-date-out-of-range": 400,
  "invalid-relationship": 400,
  "guarantor-not-expected": 400,
  "same-guarantor": 400,
  "signer-email-taken": 400,
  "signer-cpf-taken": 400,
  "signer-is-party": 400,
  "too-many-witnesses": 409,
  "signer-blocked": 403,
  // Accounts (docs/decisions/015)
  "password-blank": 400,
  "password-repeated": 400,
  "password-sequence": 400,
  "password-has-personal-info": 400,
  "password-too-weak": 400,
  "sign-in-delayed": 429,
  "email-not-confirmed": 403,
  // Files and uploads (docs/decisions/016)
  "image-too-large": 413,
  "invalid-upload-header": 400,
  "unsupported-upload-version": 412,
  "upload-concat-unsupported": 400,
  "upload-content-type": 415,
  "upload-finished": 403,
  "upload-length-required": 400,
  // Photo renditions (docs/decisions/024)
  "invalid-photo-width": 400,
  // Public verification of a sealed contract (docs/decisions/033)
  "not-a-pdf": 415,
  "verify-file-too-large": 413,
  // Inspection reports (issue 31)
  "inspection-name-required": 400,
  "inspection-text-too-long": 400,
  "inspection-damage-description": 400,
  "inspection-contest-note": 400,
  "inspection-answer-reason": 400,
  "inspection-damage-on-entry": 400,
  "inspection-incomplete": 400,
  "inspection-wrong-step": 409,
  "inspection-locked": 409,
  "inspection-stale": 409,
  "inspection-inspector-unknown": 400,
  "inspection-inspector-party": 400,
  "inspection-exists": 409,
  "inspection-entry-required": 409,
  "inspection-invalid-photo": 400,
  "inspection-open-contests": 409,
  "inspection-lease-unsigned": 409,
  "inspection-not-yet": 409,
  "rent-landlord-only": 403,
  "rent-tenant-only": 403,
  "rent-charge-closed": 409,
  "rent-charge-registered": 409,
  "rent-payment-future": 400,
  "rent-payment-early": 400,
  "rent-line-kind": 400,
  "rent-line-amount": 400,
  "rent-line-negative": 400,
  "rent-line-too-large": 400,
  "rent-discount-too-large": 400,
  "rent-line-reason": 400,
  "pix-key-invalid": 400,
  "lease-notice-reason": 400,
  "lease-notice-not-allowed": 409,
  "lease-notice-too-soon": 400,
  "lease-notice-exists": 409,
  "lease-transfer-tenant-only": 400,
  "lease-amendment-empty": 400,
  "lease-amendment-rent": 400,
  "lease-amendment-reason": 400,
  "lease-amendment-term": 400,
  "lease-amendment-due-day": 400,
  "lease-amendment-cotenant": 400,
  "lease-amendment-guarantee": 400,
  "lease-amendment-guarantor": 400,
  "lease-amendment-named-by-tenant": 403,
  "lease-amendment-effect": 400,
  "lease-amendment-exists": 409,
  "lease-amendment-closed": 409,
  "lease-amendment-not-yours": 403,
  "lease-ended": 409,
  "settlement-damage": 400,
  "settlement-contest-value": 400,
  "settlement-contest-open": 409,
  "settlement-contest-none": 409,
  "settlement-closed": 409,
  "settlement-landlord-only": 403,
} as const satisfies Record<keyof typeof ptBR.errors, number>;

export type ErrorCode = keyof typeof errorStatus;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === "string" && Object.hasOwn(errorStatus, value);
}

export function errorMessage(code: ErrorCode): string {
  return ptBR.errors[code];
}

/** The seed's mapping of HTTP statuses to storage error codes, used for any other failure too. */
export function codeForStatus(status: number): ErrorCode {
  if (status === 401) return "unauthenticated";
  if (status === 402) return "quota-exceeded";
  if (status === 403) return "unauthorized";
  if (status === 404) return "object-not-found";
  if (status === 429) return "rate-limited";
  if (status === 503) return "service-unavailable";
  if (status >= 400 && status < 500) return "invalid-argument";
  return "unknown";
}

export interface FieldIssue {
  path: string;
  message: string;
}

/** What every failed API call answers with. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  issues?: FieldIssue[];
  /** What the refusal is about, when it exists already (the open proposal of duplicate-proposal). */
  ref?: string;
  /** The request's id (its X-Request-Id header and its log lines'), for a report to support. */
  requestId?: string;
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly issues: FieldIssue[] | undefined;
  readonly ref: string | undefined;

  constructor(
    code: ErrorCode,
    options: { message?: string; issues?: FieldIssue[]; status?: number; ref?: string } = {},
  ) {
    super(options.message ?? errorMessage(code));
    this.name = "AppError";
    this.code = code;
    this.status = options.status ?? errorStatus[code];
    this.issues = options.issues;
    this.ref = options.ref;
  }

  toBody(): ErrorBody {
    return {
      code: this.code,
      message: this.message,
      ...(this.issues ? { issues: this.issues } : {}),
      ...(this.ref ? { ref: this.ref } : {}),
    };
  }
}
