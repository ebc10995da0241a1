import type { ContractView } from "../../../shared/contracts/contracts";
import { AppError } from "../../../shared/errors";
import { type ContractsContext, contractRow } from "./context";
import { trailOf } from "./contract-events.repository";
import type { SignerRow } from "./contract-signers.repository";
import { signersOf } from "./contract-signers.repository";
import type { ContractRow } from "./contracts.repository";
import { contractsOfParty } from "./contracts.repository";
import { LEASE } from "./documents/kind";
import { documentKind, giverOf, plannedSignersOf } from "./documents/registry";
import { localeText } from "./documents/words";

/** ***.456.789-**: enough for a party to recognise a CPF, not to copy it. */
const maskCpf = (cpf: string) => {
  const d = cpf.replace(/\D/g, "");
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : "***";
};

/** A contract as one of its parties sees it; strangers get 404. */
export async function contractView(ctx: ContractsContext, userId: string, id: string): Promise<ContractView> {
  const row = await contractRow(ctx.pool, id);
  const signers = await signersOf(ctx.pool, id);
  const role =
    row.landlord_id === userId
      ? "landlord"
      : row.tenant_id === userId
        ? "tenant"
        : signers.some((s) => s.user_id === userId)
          ? "signer"
          : null;
  if (!role) throw new AppError("not-found");
  return view(ctx, row, signers, role, userId);
}

export async function contractsOf(ctx: ContractsContext, userId: string): Promise<ContractView[]> {
  const rows = await contractsOfParty(ctx.pool, userId);
  const views: ContractView[] = [];
  for (const row of rows)
    views.push(
      await view(
        ctx,
        row,
        await signersOf(ctx.pool, row.id),
        row.landlord_id === userId ? "landlord" : "tenant",
        userId,
      ),
    );
  return views;
}

async function view(
  ctx: ContractsContext,
  row: ContractRow,
  signers: SignerRow[],
  role: ContractView["role"],
  userId: string,
): Promise<ContractView> {
  const own = signers.find((s) => s.user_id === userId);
  const events = await trailOf(ctx.pool, row.id);
  return {
    id: row.id,
    numero: row.numero,
    kind: row.kind,
    parentId: row.parent_id,
    status: row.status,
    provider: row.provider,
    sequential: row.sequential,
    role,
    documentId: row.document_id,
    sha256: row.sha256,
    sealedDocumentId: row.sealed_document_id,
    sealedSha256: row.sealed_sha256,
    podeCancelar:
      (row.status === "rascunho" || row.status === "enviado") &&
      (giverOf(row) === "locador" ? row.landlord_id : row.tenant_id) === userId,
    garantia: row.data.termos.garantia,
    proposalId: row.proposal_id,
    offerId: row.offer_id,
    // A later document says its kind and number before the home (decision 047).
    titulo: `${row.kind === LEASE ? "" : `${localeText(documentKind(row.kind).titleKey)} nº ${row.numero} – `}${row.data.imovel.tipo} – ${row.data.imovel.endereco}`,
    signers: signers.map((s) => ({
      id: s.id,
      role: s.role,
      nome: s.nome,
      email: s.email,
      status: s.status,
      signedAt: s.signed_at?.toISOString() ?? null,
      motivo: s.refused_reason,
      blocked: s.blocked_at !== null,
    })),
    plannedSigners:
      row.status === "rascunho"
        ? plannedSignersOf(row).map((s) => ({
            role: s.role,
            nome: s.p.nome,
            email: s.email,
            cpf: maskCpf(s.p.cpf),
            indicadoPor:
              s.role === "testemunha"
                ? (s.p.indicadoPor ?? "locador")
                : s.role === "fiador"
                  ? "locatario"
                  : null,
            ...(s.p.parentesco ? { parentesco: s.p.parentesco } : {}),
          }))
        : [],
    events: events.map((e) => ({
      type: e.type,
      actor: e.nome,
      ip: role === "landlord" || role === "tenant" ? e.ip : null,
      createdAt: e.created_at.toISOString(),
      detail: e.detail,
    })),
    expiresAt: row.expires_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    mine: own ? (own.status === "pendente" || own.status === "visualizado" ? "pending" : "done") : null,
  };
}
