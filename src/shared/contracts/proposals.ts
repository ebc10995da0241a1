import { z } from "zod";
import { GUARANTEES, MAX_MONEY, PRAZO_MAX, PRAZO_MIN } from "./listings";
import { partyFields } from "./profile";
import { DOCUMENT_KINDS } from "./storage";

/*
 * Proposals and their negotiation. A proposal is always someone's turn (landlord or tenant)
 * until it ends; each pending step has a deadline.
 */

export const PROPOSAL_STATUSES = [
  "enviada",
  "contraproposta",
  "documentos_solicitados",
  "aprovada",
  "recusada",
  "retirada",
  "expirada",
  "encerrada",
] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** Statuses still waiting for someone. */
export const OPEN_PROPOSAL_STATUSES: readonly ProposalStatus[] = [
  "enviada",
  "contraproposta",
  "documentos_solicitados",
];

export const MAX_COTENANTS = 3;

const money = (code: string) =>
  z.number({ error: code }).int({ error: code }).min(100, { error: code }).max(MAX_MONEY, { error: code });

/** The terms being negotiated. */
export const proposalTerms = z.object({
  aluguel: money("invalid-rent"),
  dataEntrada: z.iso.date({ error: "invalid-date" }),
  prazoMeses: z
    .number({ error: "invalid-term" })
    .int({ error: "invalid-term" })
    .min(PRAZO_MIN, { error: "invalid-term" })
    .max(PRAZO_MAX, { error: "invalid-term" }),
  garantia: z.enum(GUARANTEES, { error: "invalid-guarantee" }),
});
export type ProposalTerms = z.infer<typeof proposalTerms>;

export const cotenant = z.object({
  ...partyFields,
  renda: z
    .number({ error: "invalid-income" })
    .int({ error: "invalid-income" })
    .min(0, { error: "invalid-income" })
    .max(MAX_MONEY, { error: "invalid-income" }),
});
export type Cotenant = z.infer<typeof cotenant>;

export const proposalInput = proposalTerms.extend({
  ofertaId: z.uuid({ error: "not-found" }),
  moradores: z
    .number({ error: "invalid-residents" })
    .int({ error: "invalid-residents" })
    .min(1, { error: "invalid-residents" })
    .max(20, { error: "invalid-residents" }),
  pets: z.boolean({ error: "invalid-argument" }),
  renda: z
    .number({ error: "invalid-income" })
    .int({ error: "invalid-income" })
    .min(0, { error: "invalid-income" })
    .max(MAX_MONEY, { error: "invalid-income" }),
  cotenants: z.array(cotenant).max(MAX_COTENANTS, { error: "too-many-cotenants" }).default([]),
  documentos: z
    .array(z.uuid({ error: "invalid-document" }))
    .max(20, { error: "invalid-document" })
    .default([]),
  mensagem: z.string().trim().max(2000, { error: "message-too-long" }).default(""),
});
export type ProposalInput = z.input<typeof proposalInput>;

export const proposalAction = z.discriminatedUnion(
  "action",
  [
    z.object({ action: z.literal("approve") }),
    z.object({
      action: z.literal("reject"),
      motivo: z.string().trim().min(3, { error: "reason-required" }).max(1000, { error: "reason-required" }),
    }),
    z.object({
      action: z.literal("counter"),
      termos: proposalTerms,
      mensagem: z.string().trim().max(2000).default(""),
    }),
    z.object({
      action: z.literal("request_documents"),
      documentos: z
        .array(z.enum(DOCUMENT_KINDS, { error: "invalid-document-kind" }))
        .min(1, { error: "documents-required" }),
      mensagem: z.string().trim().max(2000).default(""),
    }),
    z.object({ action: z.literal("accept") }),
    z.object({
      action: z.literal("send_documents"),
      documentos: z
        .array(z.uuid({ error: "invalid-document" }))
        .min(1, { error: "documents-required" })
        .max(20),
    }),
    z.object({ action: z.literal("withdraw") }),
  ],
  { error: "invalid-action" },
);
export type ProposalAction = z.input<typeof proposalAction>;
export type ProposalActionName = ProposalAction["action"];

export const proposalListQuery = z.object({
  role: z.enum(["tenant", "landlord"], { error: "invalid-argument" }).optional(),
  oferta: z.uuid({ error: "invalid-argument" }).optional(),
  status: z.enum(PROPOSAL_STATUSES, { error: "invalid-argument" }).optional(),
});

export interface ProposalEventView {
  id: string;
  type: string;
  actor: "tenant" | "landlord" | "system";
  changes: Record<string, [unknown, unknown]> | null;
  detail: string | null;
  createdAt: string;
}

export interface ProposalView {
  id: string;
  status: ProposalStatus;
  turn: "tenant" | "landlord" | null;
  deadline: string | null;
  role: "tenant" | "landlord";
  termos: ProposalTerms;
  moradores: number;
  pets: boolean;
  renda: number;
  cotenants: Cotenant[];
  rendaTotal: number;
  /** Total income ÷ the offer's pacote; 2.5 or more is healthy. */
  razaoRenda: number;
  documentos: string[];
  documentosSolicitados: string[];
  mensagem: string;
  oferta: {
    id: string;
    titulo: string;
    bairro: string;
    cidade: string;
    uf: string;
    tipo: string;
    total: number;
    aluguel: number;
    garantias: string[];
    capa: string | null;
  };
  inquilino: { nome: string };
  locador: { nome: string };
  createdAt: string;
  updatedAt: string;
  events: ProposalEventView[];
}

export const HEALTHY_INCOME_RATIO = 2.5;
