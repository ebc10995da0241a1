import type pg from "pg";
import type { z } from "zod";
import type {
  EarlyFineView,
  LeaseNotices,
  LeaseNoticeView,
  leaseNoticeInput,
} from "../../../shared/contracts/lease";
import { brazilDate } from "../../../shared/contracts/proposals";
import { AppError } from "../../../shared/errors";
import {
  earlyReturnFine,
  type LeaseTerm,
  type NoticeRule,
  noticeRule,
  standingOn,
} from "../../../shared/lease/term";
import { plusDays } from "../../../shared/rent/calendar";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import { rentChanged } from "../../realtime/events";
import { shareAmong } from "../../storage/document-shares.repository";
import type { RequestInfo } from "../contracts/context";
import { NOTICE_KIND, type NoticeData } from "../contracts/documents/denuncia";
import { rentOn, termOf } from "../rent/lease-money";
import { adjustmentsOfLease } from "../rent/rent.repository";
import { type LeaseRow, leaseOfParty, letterOf, type NoticeRecord, noticesOf } from "./lease.repository";

/*
 * The lease's life after the signature (issue 33): a party gives notice to leave — a document only
 * its giver signs, in the ceremony — when and as Lei 8.245/91 allows (src/shared/lease/term.ts).
 * Only the lease's two parties see any of it; anyone else is told it does not exist.
 */

export interface LeaseDeps {
  pool: pg.Pool;
  clock: Clock;
  createDocument(
    c: Queryable,
    input: { kind: string; parentId: string; data: unknown },
  ): Promise<{ id: string }>;
  sendDocument(c: Queryable, id: string, req: RequestInfo): Promise<void>;
}

/** The fine every lease Chave writes states: three rents (clause "Da multa rescisória"). */
export const LEASE_FINE_RENTS = 3;

/** A notice still standing: not refused nor cancelled (a draft never outlives its transaction). */
const standingNotice = (n: NoticeRecord) => n.status !== "recusado" && n.status !== "cancelado";

export class LeaseService {
  constructor(private readonly deps: LeaseDeps) {}

  private today() {
    return brazilDate(this.deps.clock.now());
  }

  /** What the reader may do about leaving today, and the notices given on the lease. */
  async notices(userId: string, id: string): Promise<LeaseNotices> {
    const { lease, papel } = await leaseOfParty(this.deps.pool, userId, id);
    const today = this.today();
    const rule = lease.data.encerramento
      ? ({ permitida: false, artigo: "", antecedenciaDias: 0 } as const)
      : noticeRule(termOf(lease), today, papel);
    const adjustments = await adjustmentsOfLease(this.deps.pool, id);
    return {
      papel,
      podeAvisar: rule.permitida
        ? {
            permitida: true,
            artigo: rule.artigo,
            antecedenciaDias: rule.antecedenciaDias,
            entregaMinima: plusDays(today, rule.antecedenciaDias),
          }
        : { permitida: false, artigo: rule.artigo, antecedenciaDias: 0, entregaMinima: null },
      podeCombinar: !lease.data.encerramento && agreementRule(termOf(lease), today).permitida,
      multaAlugueis: LEASE_FINE_RENTS,
      aluguelAtual: rentOn(lease, adjustments, today),
      inicio: lease.data.termos.dataInicio,
      prazoMeses: termOf(lease).prazoMeses,
      avisos: (await noticesOf(this.deps.pool, id)).map(noticeView),
    };
  }

  /**
   * A party gives notice: checked against the law on today's standing, written as a "denuncia"
   * document, and sent to its giver to sign, in one transaction (the lease row locked, so two
   * notices at once make one). The employer's letter is shared with the other party.
   */
  async giveNotice(
    userId: string,
    id: string,
    input: z.output<typeof leaseNoticeInput>,
    req: RequestInfo,
  ): Promise<LeaseNotices> {
    await withTransaction(this.deps.pool, async (c) => {
      const { lease, papel } = await leaseOfParty(c, userId, id, true);
      if (lease.data.encerramento) throw new AppError("lease-ended");
      if ((await noticesOf(c, id)).some(standingNotice)) throw new AppError("lease-notice-exists");
      const today = this.today();
      const term = termOf(lease);
      // Art. 9 I: the parties may end it by agreement at any time once it began, without notice or fine.
      const rule = input.acordo ? agreementRule(term, today) : noticeRule(term, today, papel);
      if (!rule.permitida) throw new AppError("lease-notice-not-allowed");
      if (input.entrega < plusDays(today, rule.antecedenciaDias)) throw new AppError("lease-notice-too-soon");
      let letter: { documentoId: string; sha256: string } | null = null;
      if (input.cartaTransferencia) {
        // Art. 4 par. único: the tenant's, within the term (where the fine would otherwise be due).
        if (papel !== "locatario" || !rule.multaProporcional || input.acordo)
          throw new AppError("lease-transfer-tenant-only");
        const doc = await letterOf(c, input.cartaTransferencia);
        if (!doc || doc.owner_id !== userId || doc.contract_id) throw new AppError("not-found");
        letter = { documentoId: input.cartaTransferencia, sha256: doc.sha256 };
      }
      const data: NoticeData = {
        por: papel,
        avisoEm: today,
        entrega: input.entrega,
        motivo: input.motivo,
        artigo: rule.artigo,
        antecedenciaDias: rule.antecedenciaDias,
        leaseSha256: lease.sealed_sha256,
        transferencia: letter,
        multa: rule.multaProporcional
          ? await this.fine(c, lease, input.entrega, letter ? today : null)
          : null,
        acordo: input.acordo,
      };
      const doc = await this.deps.createDocument(c, { kind: NOTICE_KIND, parentId: id, data });
      await this.deps.sendDocument(c, doc.id, req);
      if (letter) await shareAmong(c, [letter.documentoId], [lease.landlord_id], `denuncia:${doc.id}`);
      await rentChanged(c, id, [], [lease.landlord_id, lease.tenant_id]);
    });
    return this.notices(userId, id);
  }

  /** Art. 4's fine for keys returned on `entrega`, at the rent in force then. */
  private async fine(c: Queryable, lease: LeaseRow, entrega: string, transferNoticeOn: string | null) {
    const aluguel = rentOn(lease, await adjustmentsOfLease(c, lease.id), entrega);
    const f = earlyReturnFine({
      term: termOf(lease),
      multaAlugueis: LEASE_FINE_RENTS,
      aluguel,
      entrega,
      transferencia: transferNoticeOn ? { avisoEm: transferNoticeOn } : null,
    });
    const view: EarlyFineView = {
      valor: f.valor,
      multaIntegral: f.multaIntegral,
      aluguel,
      prazoMeses: termOf(lease).prazoMeses,
      mesesCumpridos: f.termo.mesesCumpridos,
      diasDoMes: f.termo.diasDoMes,
      diasNoMes: f.termo.diasNoMes,
      isencao: f.isencao,
    };
    return view;
  }
}

function noticeView(n: NoticeRecord): LeaseNoticeView {
  const d = n.documento;
  return {
    contratoId: n.id,
    numero: n.numero,
    por: d.por,
    avisoEm: d.avisoEm,
    entrega: d.entrega,
    motivo: d.motivo,
    artigo: d.artigo,
    status: n.status,
    multa: d.multa,
    transferencia: d.transferencia !== null,
    acordo: d.acordo === true,
  };
}

/** An agreement to end (art. 9 I): once the lease began, at any time, no notice period, no fine. */
function agreementRule(t: LeaseTerm, day: string): NoticeRule {
  return standingOn(t, day).situacao === "a_iniciar"
    ? { permitida: false, artigo: "9, I" }
    : { permitida: true, antecedenciaDias: 0, artigo: "9, I", multaProporcional: false };
}
