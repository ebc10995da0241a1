import { z } from "zod";
import type { ErrorCode } from "../errors";
import { isValidCpf, partyFields } from "./profile";
import { reasonText } from "./proposals";
import { documentKind } from "./storage";

/*
 * Lease contracts and their signing. Messages are error codes of src/shared/errors.ts.
 */

/** selando: everyone signed and the sealed PDF is being made (a job); assinado once it is stored. */
export const CONTRACT_STATUSES = [
  "rascunho",
  "enviado",
  "selando",
  "assinado",
  "recusado",
  "cancelado",
] as const;
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];
export const SIGNER_STATUSES = ["pendente", "visualizado", "assinado", "recusado"] as const;
export type SignerStatus = (typeof SIGNER_STATUSES)[number];
/**
 * Who signs, in signing order: the landlord, the tenant, co-tenants, the guarantor, a married
 * guarantor's consenting spouse (anuente, CC art. 1.647, III), witnesses.
 */
export const SIGNER_ROLES = [
  "locador",
  "locatario",
  "colocatario",
  "fiador",
  "anuente",
  /** A company party's representative besides its account holder (issue 34), signing jointly. */
  "representante",
  "testemunha",
] as const;
export type SignerRole = (typeof SIGNER_ROLES)[number];
/** The steps of the audit trail (contract_events.type), in the order they usually happen. */
export const CONTRACT_EVENTS = [
  "gerado",
  "testemunha_indicada",
  "testemunha_retirada",
  "revisado",
  "enviado",
  "reenviado",
  "acesso_pela_conta",
  "visualizado",
  "codigo_enviado",
  "codigo_confirmado",
  "codigo_incorreto",
  "signatario_bloqueado",
  "assinado",
  "recusado",
  "cancelado",
  "emitido",
  "selado",
] as const;
export type ContractEventType = (typeof CONTRACT_EVENTS)[number];
/** A signing provider's own step, recorded as `<provider>_<its event name>` (webhook.ts). */
export type ProviderEventType = `clicksign_${string}`;

const PROVIDER_NAMES: Record<string, string> = { clicksign: "Clicksign" };
const PROVIDER_STEPS: Record<string, TrailWords["key"]> = {
  auto_close: "providerClosed",
  close: "providerClosed",
  document_closed: "providerClosed",
  sign: "providerSigned",
  refusal: "providerRefused",
  cancel: "providerCancelled",
  deadline: "providerExpired",
};

/** Where the words of an audit step are: a key of the locales' `contract.events`, and the provider it names. */
export interface TrailWords {
  key:
    | ContractEventType
    | "providerClosed"
    | "providerSigned"
    | "providerRefused"
    | "providerCancelled"
    | "providerExpired"
    | "providerOther"
    | "other";
  provider: string;
}

/**
 * The words people read for an audit step (the status page and the sealed PDF's certificate both
 * ask here, then read the locale), so a step's code never reaches a reader.
 */
export function trailWords(type: string): TrailWords {
  if ((CONTRACT_EVENTS as readonly string[]).includes(type))
    return { key: type as ContractEventType, provider: "" };
  const at = type.indexOf("_");
  const provider = PROVIDER_NAMES[type.slice(0, at)];
  if (at > 0 && provider) return { key: PROVIDER_STEPS[type.slice(at + 1)] ?? "providerOther", provider };
  return { key: "other", provider: "" };
}
export const MAX_WITNESSES = 2;
/** Each party names at most this many witnesses, so neither fills the list alone. */
export const WITNESSES_PER_PARTY = 1;
export const CODE_TTL_MINUTES = 10;
/** Wrong tries with one code before a new one is needed. */
export const CODE_MAX_ATTEMPTS = 5;
/** Wrong tries per signer over the envelope's whole life, whatever the codes: then blocked. */
export const CODE_MAX_FAILURES = 10;

export const witnessInput = z.strictObject(partyFields, { error: "invalid-argument" });

/** A party (landlord or tenant) names their witness, or takes it back with null. */
export const witnessChoice = z.strictObject(
  { testemunha: witnessInput.nullable() },
  { error: "invalid-argument" },
);
export type WitnessChoice = z.input<typeof witnessChoice>;

/** The landlord's review: the signing order. The guarantor comes from the proposal. */
export const contractReview = z.strictObject(
  { sequential: z.boolean({ error: "invalid-argument" }).default(false) },
  { error: "invalid-argument" },
);
export type ContractReview = z.input<typeof contractReview>;

export const signInput = z.strictObject({
  codigo: z
    .string({ error: "invalid-code" })
    .trim()
    .regex(/^\d{6}$/, { error: "invalid-code" }),
  nome: z
    .string({ error: "identity-mismatch" })
    .trim()
    .min(3, { error: "identity-mismatch" })
    .max(150, { error: "identity-mismatch" }),
  cpf: z
    .string({ error: "identity-mismatch" })
    .max(20, { error: "identity-mismatch" })
    .transform((v) => v.replace(/\D/g, "")),
  /** A drawn signature, as a PNG data URL (optional). */
  assinatura: z
    .string({ error: "invalid-argument" })
    .max(200_000, { error: "invalid-argument" })
    .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: "invalid-argument" })
    .optional(),
});

export const refuseInput = z.strictObject({
  codigo: z
    .string({ error: "invalid-code" })
    .trim()
    .regex(/^\d{6}$/, { error: "invalid-code" }),
  motivo: reasonText,
});

/** The landlord cancels a contract before it is signed, saying why (every signer reads it). */
export const cancelInput = z.strictObject({ motivo: reasonText });

/** One who signs, for the identity rules: `named` by a party (guarantor, witness, co-tenant) or a party itself. */
export interface SignerIdentity {
  email: string;
  cpf: string;
  named: boolean;
}

/** An e-mail as compared between signers: lower case, without a "+tag" (the same mailbox). */
export function mailbox(email: string): string {
  return email
    .trim()
    .toLowerCase()
    .replace(/\+[^@]*@/, "@");
}

/**
 * The first signer who breaks the identity rules (decision 017), with the field and the code: no
 * two signers share an e-mail or a CPF, nobody named by a party uses the landlord's or the
 * tenant's account e-mail, and every CPF passes its check digits. List the parties first, so the
 * one named is the one refused.
 */
export function signerIssue(
  list: readonly SignerIdentity[],
  accountEmails: readonly string[],
): { index: number; path: "email" | "cpf"; code: ErrorCode } | null {
  const accounts = new Set(accountEmails.map(mailbox));
  const emails = new Set<string>();
  const cpfs = new Set<string>();
  for (const [index, s] of list.entries()) {
    const email = mailbox(s.email);
    const cpf = s.cpf.replace(/\D/g, "");
    if (s.named && accounts.has(email)) return { index, path: "email", code: "signer-is-party" };
    if (s.named && !isValidCpf(cpf)) return { index, path: "cpf", code: "invalid-cpf" };
    if (emails.has(email)) return { index, path: "email", code: "signer-email-taken" };
    if (cpfs.has(cpf)) return { index, path: "cpf", code: "signer-cpf-taken" };
    emails.add(email);
    cpfs.add(cpf);
  }
  return null;
}

/*
 * What the API answers (response schemas: Fastify serialises through them, so a field not named
 * here never leaves the server).
 */

export const contractSignerView = z.object({
  id: z.string(),
  role: z.enum(SIGNER_ROLES),
  nome: z.string(),
  email: z.string(),
  status: z.enum(SIGNER_STATUSES),
  signedAt: z.string().nullable(),
  /** Why they refused, in their words. */
  motivo: z.string().nullable(),
  /** Blocked after too many wrong codes: this signer can no longer sign this envelope. */
  blocked: z.boolean(),
});
export type ContractSignerView = z.infer<typeof contractSignerView>;

/** Who will sign, as both parties see it before the contract is sent. */
export const plannedSignerView = z.object({
  role: z.enum(SIGNER_ROLES),
  nome: z.string(),
  email: z.string(),
  /** Masked: ***.456.789-**. */
  cpf: z.string(),
  /** Who named this signer (witnesses, the guarantor); null for the parties themselves. */
  indicadoPor: z.enum(["locador", "locatario"]).nullable(),
  parentesco: z.string().optional(),
});
export type PlannedSignerView = z.infer<typeof plannedSignerView>;

export const contractView = z.object({
  id: z.string(),
  numero: z.string(),
  /** "locacao" for the lease; a later document's kind ("vistoria": its laudo) otherwise (decision 047). */
  kind: z.string(),
  /** The lease a later document belongs to; null for the lease. */
  parentId: z.string().nullable(),
  status: z.enum(CONTRACT_STATUSES),
  provider: z.string(),
  sequential: z.boolean(),
  role: z.enum(["landlord", "tenant", "signer"]),
  documentId: z.string().nullable(),
  sha256: z.string().nullable(),
  sealedDocumentId: z.string().nullable(),
  sealedSha256: z.string().nullable(),
  /** The reader gives it (the landlord; the tenant for her notice to leave) and it is unsigned. */
  podeCancelar: z.boolean(),
  garantia: z.string(),
  proposalId: z.string(),
  offerId: z.string(),
  titulo: z.string(),
  signers: z.array(contractSignerView),
  /** Everyone who will sign, while the contract is a draft (signers exist once it is sent). */
  plannedSigners: z.array(plannedSignerView),
  events: z.array(
    z.object({
      type: z.string(),
      /** The signer who did it; null for the parties' and the system's steps. */
      actor: z.string().nullable(),
      ip: z.string().nullable(),
      createdAt: z.string(),
      detail: z.string().nullable(),
    }),
  ),
  expiresAt: z.string().nullable(),
  createdAt: z.string(),
  /** Whether the one asking is a signer who has still to sign (and may sign from the app). */
  mine: z.enum(["pending", "done"]).nullable(),
});
export type ContractView = z.infer<typeof contractView>;

/** What a signer sees through their personal link. */
export const ceremonyView = z.object({
  contrato: z.object({
    id: z.string(),
    numero: z.string(),
    sha256: z.string().nullable(),
    /** A short-lived link to the PDF to sign. */
    documentUrl: z.string().nullable(),
  }),
  signatario: z.object({
    role: z.enum(SIGNER_ROLES),
    nome: z.string(),
    /** Masked. */
    email: z.string(),
    /** When the contract knows it: the words on screen agree with it. */
    genero: z.enum(["feminino", "masculino"]).optional(),
    /** Ten wrong codes: the link still opens, to say so, but nothing can be signed. */
    blocked: z.boolean(),
  }),
  /** Whether it is this signer's turn (sequential signing). */
  turn: z.boolean(),
  /** The contract's first page in a few lines, readable on a phone (decision 044). */
  resumo: z.object({
    locador: z.string(),
    locatario: z.string(),
    colocatarios: z.array(z.string()),
    /** The guarantor's name, when the guarantee is a fiança. */
    fiador: z.string().nullable(),
    /** As the contract gives it. */
    endereco: z.string(),
    tipo: z.string(),
    /** Centavos a month. */
    aluguel: z.number(),
    /** Condomínio, IPTU and fire insurance a month, in centavos. */
    encargos: z.number(),
    prazoMeses: z.number(),
    /** YYYY-MM-DD. */
    dataInicio: z.string(),
    garantia: z.enum(["fiador", "seguro_fianca", "caucao", "titulo_capitalizacao"]),
    /** When the signing link stops working. */
    prazoAssinatura: z.string().nullable(),
  }),
  /** The signer already signed: when, and the contract to download (sealed once sealed). */
  assinado: z.object({ em: z.string(), selado: z.boolean(), documentUrl: z.string().nullable() }).nullable(),
});
export type CeremonyView = z.infer<typeof ceremonyView>;

/** The code was e-mailed: to whom (masked) and until when it works. */
export const codeSent = z.object({ sentTo: z.string(), expiresAt: z.string() });
export type CodeSent = z.infer<typeof codeSent>;

/** The contract's status after a signature or a refusal. */
export const signingResult = z.object({ status: z.enum(CONTRACT_STATUSES) });
export type SigningResult = z.infer<typeof signingResult>;

/** A fresh personal signing link's token, for a signed-in signer. */
export const myLinkResult = z.object({ token: z.string() });
export type MyLinkResult = z.infer<typeof myLinkResult>;

/** A webhook delivery handled (or seen before). */
export const webhookResult = z.object({ handled: z.boolean(), duplicate: z.boolean().optional() });

/** The RFC 3161 timestamp in a seal: the time the TSA attests, the TSA's name, whether it checks. */
export const sealTimestamp = z.object({
  genTime: z.string(),
  tsa: z.string().nullable(),
  valid: z.boolean(),
});
export type SealTimestamp = z.infer<typeof sealTimestamp>;

/**
 * What a seal is made of, as a reader checks it: the signature's type (PAdES's
 * `ETSI.CAdES.detached`, or the older `adbe.pkcs7.detached`), its timestamp (null: "sem carimbo
 * do tempo"), the certificate chain from the signer up, each link trusted or not, and the PDF/A
 * conformance the file declares (e.g. "2B"), or null.
 */
export const sealDetails = z.object({
  subFilter: z.string().nullable(),
  timestamp: sealTimestamp.nullable(),
  chain: z.array(z.object({ subject: z.string(), issuer: z.string(), trusted: z.boolean() })),
  pdfA: z.string().nullable(),
});
export type SealDetails = z.infer<typeof sealDetails>;

/**
 * Whether a document is a sealed contract and, if so, what its seal says: valid signature,
 * intact bytes, who sealed it and when, and how (sealDetails).
 */
export const documentVerification = z.discriminatedUnion("sealed", [
  z.object({ sealed: z.literal(false), kind: documentKind }),
  z.object({
    sealed: z.literal(true),
    numero: z.string(),
    intact: z.boolean(),
    signatureValid: z.boolean(),
    signer: z.string().nullable(),
    signedAt: z.string().nullable(),
    sha256: z.string(),
    problem: z.string().nullable(),
    ...sealDetails.shape,
  }),
]);
export type DocumentVerification = z.infer<typeof documentVerification>;

/** The largest file the public verification reads: a sealed lease is well under 1 MB. */
export const PUBLIC_VERIFY_MAX_BYTES = 20 * 1024 * 1024;

/**
 * What anyone learns from uploading a PDF (decision 033), and only what the file already says:
 * - autentico: its bytes are exactly those of a contract this installation sealed;
 * - alterado: it carries this installation's seal (or began as one of its sealed contracts) but
 *   its bytes are not the sealed ones: something was changed or added after sealing;
 * - desconhecido: no seal of this installation (another file, or a contract sealed elsewhere).
 */
export const publicVerification = z.discriminatedUnion("result", [
  z.object({
    result: z.literal("autentico"),
    numero: z.string(),
    /** When the seal says it was made (its signing time), or null when it does not say. */
    sealedAt: z.string().nullable(),
    signatureValid: z.boolean(),
    subFilter: z.string().nullable(),
    timestamp: sealTimestamp.nullable(),
    pdfA: z.string().nullable(),
  }),
  z.object({
    result: z.literal("alterado"),
    /** The contract it began as, when its sealed version is found inside the file. */
    numero: z.string().nullable(),
    sealedAt: z.string().nullable(),
  }),
  z.object({ result: z.literal("desconhecido") }),
]);
export type PublicVerification = z.infer<typeof publicVerification>;
