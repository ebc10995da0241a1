import { createHash, randomUUID } from "node:crypto";
import type { z } from "zod";
import type { ContractStatus } from "../../../shared/contracts/contracts";
import type {
  LeaseSettlement,
  SettlementLineView,
  SettlementView,
  settlementContestAnswer,
  settlementContestInput,
  settlementDamageInput,
} from "../../../shared/contracts/lease";
import { AppError } from "../../../shared/errors";
import {
  type DepositReturn,
  depositReturn,
  type SavingsRate,
  savingsMonths,
} from "../../../shared/lease/deposit";
import { settlementOf } from "../../../shared/lease/settlement";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import type { SettlementContest } from "../../db/schema/lease";
import { rentChanged } from "../../realtime/events";
import type { RequestInfo } from "../contracts/context";
import { parseTermination, TERMINATION_KIND, type TerminationData } from "../contracts/documents/rescisao";
import { owedOn, rentOn, termOf } from "../rent/lease-money";
import { adjustmentsOfLease } from "../rent/rent.repository";
import { type LeaseRow, leaseOfParty, type NoticeRecord, noticesOf } from "./lease.repository";
import { LEASE_FINE_RENTS, type LeaseDeps } from "./service";
import {
  agreedExitInspection,
  chargedMonths,
  lockSettlement,
  openChargesOfLease,
  type SettlementRecord,
  saveSettlement,
  settlementOfLease,
} from "./settlements.repository";

/*
 * The termination's settlement (issue 33 item 4). Once a notice to leave is signed, the lines are
 * computed whenever read, on the key-return day the notice set (src/shared/lease/settlement.ts):
 * the last month pro rata (or its days after the keys credited), art. 4's proportional fine, the
 * open charges with their late fees to that day, the exit inspection's agreed damages and those the
 * landlord enters by hand, and the caução with its savings yield (SGS series 195 through the index
 * provider). Either party contests a line with the value it proposes; the other accepts (the line
 * takes that value) or refuses. Each party agrees to the lines as they are (their hash): when both
 * agreed to the same lines the termo de rescisão goes to its signers, in the same transaction.
 */

export type SettlementDeps = LeaseDeps & {
  /** SGS series 195: the savings rates published for anniversary days in [from, to]. */
  savings(from: string, to: string): Promise<SavingsRate[]>;
};

type Party = "locador" | "locatario";

/** The termo is out or sealed: the lines no longer change. */
const LIVE_DOCUMENT = new Set(["rascunho", "enviado", "selando", "assinado"]);

const isClosed = (s: SettlementRecord | undefined) =>
  !!s?.document_id && LIVE_DOCUMENT.has(s.document_status ?? "");

export class SettlementService {
  constructor(private readonly deps: SettlementDeps) {}

  /** The signed notice the lease ends by (the latest), if any. */
  private async noticeOf(c: Queryable, leaseId: string): Promise<NoticeRecord | undefined> {
    return (await noticesOf(c, leaseId)).filter((n) => n.status === "assinado").at(-1);
  }

  /** The caução returned on `entrega` with the savings yield, or without it while the rates cannot be read. */
  private async deposit(lease: LeaseRow, entrega: string) {
    const t = lease.data.termos;
    if (t.garantia !== "caucao" || !t.caucaoMeses) return null;
    // The deposit was paid at the start, in months of the first rent (the lease's clause).
    const deposito = t.caucaoMeses * t.aluguel;
    const depositadoEm = t.dataInicio;
    const months = savingsMonths(depositadoEm, entrega);
    let devolucao: DepositReturn = { valor: deposito, rendimento: 0, meses: [] };
    let indisponivel = false;
    if (months.length > 0) {
      try {
        devolucao = depositReturn(
          deposito,
          depositadoEm,
          entrega,
          await this.deps.savings(months[0] as string, months.at(-1) as string),
        );
      } catch {
        // The Banco Central's series could not be read, or a month is not yet published.
        indisponivel = true;
      }
    }
    return { deposito, depositadoEm, devolucao, indisponivel };
  }

  /**
   * The settlement's lines as they stand, with the contests applied and their hash; once the termo
   * is out, the lines it states (what both agreed to), whatever the ledger did since.
   */
  private async compute(
    c: Queryable,
    lease: LeaseRow,
    notice: NoticeRecord,
    row: SettlementRecord | undefined,
  ) {
    const entrega = notice.documento.entrega;
    const caucao = await this.deposit(lease, entrega);
    if (isClosed(row)) {
      const termo = parseTermination(row?.document_data);
      const contests = row?.contests ?? [];
      const linhas: SettlementLineView[] = termo.linhas.map((l) => {
        const chave = l.chave ?? `${l.tipo}:${l.referencia}`;
        const contest = contests.filter((x) => x.chave === chave).at(-1) ?? null;
        return {
          chave,
          tipo: l.tipo,
          referencia: l.referencia,
          valor: l.valor,
          calculado: l.calculado ?? l.valor,
          contestacao: contest ? { ...contest } : null,
        };
      });
      return { entrega: termo.entrega, linhas, total: termo.total, hash: "", caucao };
    }
    const t = lease.data.termos;
    const adjustments = await adjustmentsOfLease(c, lease.id);
    const charged = await chargedMonths(c, lease.id);
    const open = await openChargesOfLease(c, lease.id);
    const exit = await agreedExitInspection(c, lease.id);
    const fromInspection = (exit?.comodos ?? []).flatMap((room) =>
      room.itens
        .filter((i) => (i.dano?.custo ?? 0) > 0)
        .map((i) => ({
          chave: `vistoria:${i.id}`,
          descricao: `${room.nome} – ${i.nome}: ${i.dano?.descricao ?? ""}`.trim(),
          valor: i.dano?.custo ?? 0,
        })),
    );
    const byHand = (row?.damages ?? []).map((d) => ({
      chave: `dano:${d.id}`,
      descricao: d.descricao,
      valor: d.valor,
    }));
    const damages = [...fromInspection, ...byHand];
    const computed = settlementOf({
      term: termOf(lease),
      entrega,
      mensal: {
        aluguel: rentOn(lease, adjustments, entrega),
        condominio: t.condominio,
        iptu: t.iptu,
        seguroIncendio: t.seguroIncendio,
      },
      multaAlugueis: LEASE_FINE_RENTS,
      acordo: notice.documento.acordo === true,
      transferencia:
        notice.documento.multa?.isencao === "transferencia" ? { avisoEm: notice.documento.avisoEm } : null,
      mesFinalCobrado: charged.has(entrega.slice(0, 7)),
      cobrancasAbertas: open.map((ch) => ({
        competencia: ch.competencia,
        valor: owedOn(lease, { amount: ch.amount, due_date: ch.due_date }, entrega).total,
      })),
      danos: damages.map((d) => ({ descricao: d.descricao, valor: d.valor })),
      caucao: caucao ? { deposito: caucao.deposito, devolucao: caucao.devolucao } : null,
    });
    let damageIndex = 0;
    const contests = row?.contests ?? [];
    const linhas: SettlementLineView[] = computed.linhas.map((l) => {
      const chave =
        l.tipo === "dano"
          ? (damages[damageIndex++]?.chave ?? `dano:${l.referencia}`)
          : `${l.tipo}:${l.referencia}`;
      const contest = contests.filter((x) => x.chave === chave).at(-1) ?? null;
      return {
        chave,
        tipo: l.tipo,
        referencia: l.referencia,
        calculado: l.valor,
        valor: contest?.status === "aceita" ? contest.valor : l.valor,
        contestacao: contest
          ? {
              por: contest.por,
              motivo: contest.motivo,
              valor: contest.valor,
              status: contest.status,
              resposta: contest.resposta,
            }
          : null,
      };
    });
    const total = linhas.reduce((s, l) => s + l.valor, 0);
    const hash = createHash("sha256")
      .update(JSON.stringify([entrega, linhas.map((l) => [l.chave, l.valor]), total]))
      .digest("hex");
    return { entrega, linhas, total, hash, caucao };
  }

  private viewOf(
    lease: LeaseRow,
    papel: Party,
    notice: NoticeRecord,
    row: SettlementRecord | undefined,
    s: Awaited<ReturnType<SettlementService["compute"]>>,
  ): SettlementView {
    const closed = isClosed(row);
    // The termo out: both agreed to the lines it states.
    const agreed = closed
      ? { locador: true, locatario: true }
      : { locador: row?.agreed_landlord === s.hash, locatario: row?.agreed_tenant === s.hash };
    const contestOpen = s.linhas.some((l) => l.contestacao?.status === "aberta");
    return {
      avisoId: notice.id,
      entrega: s.entrega,
      linhas: s.linhas,
      total: s.total,
      devedor: s.total > 0 ? "locatario" : s.total < 0 ? "locador" : null,
      caucao: s.caucao
        ? {
            deposito: s.caucao.deposito,
            depositadoEm: s.caucao.depositadoEm,
            rendimento: s.caucao.devolucao.rendimento,
            meses: s.caucao.devolucao.meses.length,
            indisponivel: s.caucao.indisponivel,
          }
        : null,
      concordancia: agreed,
      podeConcordar: !closed && !contestOpen && !agreed[papel],
      documento:
        closed && row?.document_id && row.document_numero
          ? {
              contratoId: row.document_id,
              numero: row.document_numero,
              status: row.document_status as ContractStatus,
            }
          : null,
      encerrada: !!lease.data.encerramento,
      ofertaId: lease.offer_id,
    };
  }

  async view(userId: string, id: string): Promise<LeaseSettlement> {
    const { lease, papel } = await leaseOfParty(this.deps.pool, userId, id);
    const notice = await this.noticeOf(this.deps.pool, id);
    if (!notice) return { papel, acerto: null };
    const row = await settlementOfLease(this.deps.pool, id);
    const s = await this.compute(this.deps.pool, lease, notice, row);
    return { papel, acerto: this.viewOf(lease, papel, notice, row, s) };
  }

  /** A change to the settlement, in one transaction with the lease and its settlement locked. */
  private async change(
    userId: string,
    id: string,
    fn: (x: {
      c: Queryable;
      lease: LeaseRow;
      papel: Party;
      notice: NoticeRecord;
      row: SettlementRecord;
      lines: SettlementLineView[];
    }) => Promise<void>,
  ): Promise<LeaseSettlement> {
    await withTransaction(this.deps.pool, async (c) => {
      const { lease, papel } = await leaseOfParty(c, userId, id, true);
      const notice = await this.noticeOf(c, id);
      if (!notice) throw new AppError("not-found");
      const row = await lockSettlement(c, id);
      if (isClosed(row)) throw new AppError("settlement-closed");
      const { linhas } = await this.compute(c, lease, notice, row);
      await fn({ c, lease, papel, notice, row, lines: linhas });
      await rentChanged(c, id, [], [lease.landlord_id, lease.tenant_id]);
    });
    return this.view(userId, id);
  }

  /** The landlord enters a damage beyond normal wear (art. 23 III); agreements start over. */
  addDamage(userId: string, id: string, input: z.output<typeof settlementDamageInput>) {
    return this.change(userId, id, async ({ c, papel, row }) => {
      if (papel !== "locador") throw new AppError("settlement-landlord-only");
      await saveSettlement(c, {
        ...row,
        damages: [...row.damages, { id: randomUUID(), descricao: input.descricao, valor: input.valor }],
      });
    });
  }

  /** A party contests a line, proposing another value; the other answers. */
  contest(userId: string, id: string, input: z.output<typeof settlementContestInput>) {
    return this.change(userId, id, async ({ c, papel, row, lines }) => {
      const line = lines.find((l) => l.chave === input.chave);
      if (!line) throw new AppError("not-found");
      if (line.contestacao?.status === "aberta") throw new AppError("settlement-contest-open");
      const contest: SettlementContest = {
        chave: input.chave,
        por: papel,
        motivo: input.motivo,
        valor: input.valor,
        status: "aberta",
        resposta: null,
      };
      await saveSettlement(c, { ...row, contests: [...row.contests, contest] });
    });
  }

  /** The other party accepts (the line takes the proposed value) or refuses a line's open contest. */
  answer(userId: string, id: string, input: z.output<typeof settlementContestAnswer>) {
    return this.change(userId, id, async ({ c, papel, row }) => {
      const i = row.contests.findLastIndex((x) => x.chave === input.chave);
      const open = row.contests[i];
      if (open?.status !== "aberta" || open.por === papel) throw new AppError("settlement-contest-none");
      const contests = [...row.contests];
      contests[i] = {
        ...open,
        status: input.resposta === "aceitar" ? "aceita" : "recusada",
        resposta: input.motivo || null,
      };
      await saveSettlement(c, { ...row, contests });
    });
  }

  /**
   * The reader agrees to the lines as they are now. When both parties agreed to the same lines,
   * the termo de rescisão e entrega de chaves is written and sent to its signers.
   */
  agree(userId: string, id: string, req: RequestInfo) {
    return this.change(userId, id, async ({ c, lease, papel, notice, row }) => {
      const s = await this.compute(c, lease, notice, row);
      if (s.linhas.some((l) => l.contestacao?.status === "aberta"))
        throw new AppError("settlement-contest-open");
      const next = {
        ...row,
        agreed_landlord: papel === "locador" ? s.hash : row.agreed_landlord,
        agreed_tenant: papel === "locatario" ? s.hash : row.agreed_tenant,
      };
      if (next.agreed_landlord === s.hash && next.agreed_tenant === s.hash) {
        const data: TerminationData = {
          avisoNumero: notice.numero,
          entrega: s.entrega,
          linhas: s.linhas.map((l) => ({
            tipo: l.tipo,
            referencia: l.referencia,
            valor: l.valor,
            chave: l.chave,
            calculado: l.calculado,
          })),
          total: s.total,
          leaseSha256: lease.sealed_sha256,
        };
        const doc = await this.deps.createDocument(c, { kind: TERMINATION_KIND, parentId: id, data });
        await this.deps.sendDocument(c, doc.id, req);
        next.document_id = doc.id;
      }
      await saveSettlement(c, next);
    });
  }
}
