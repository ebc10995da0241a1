import { randomUUID } from "node:crypto";
import type { Readable } from "node:stream";
import type pg from "pg";
import type { z } from "zod";
import {
  type contestAnswer,
  damageTotal,
  type InspectionContent,
  type InspectionKind,
  type InspectionView,
  type inspectionSave,
  type itemReview,
  itemsForRoom,
  photosOf,
  ROOM_TEMPLATES,
} from "../../../shared/contracts/inspections";
import { AppError } from "../../../shared/errors";
import { UNIT_TYPE_NAMES, type UnitType } from "../../../shared/listing-names";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import type { Queryable } from "../../db/rows";
import type { NoticeGateway, NoticeParams } from "../../mail/notice-gateway";
import { inspectionChanged } from "../../realtime/events";
import type { ObjectStore } from "../../storage/object-store";
import { writePhotosArchive } from "./archive";
import { historyOf, recentlyDid, recordInspectionEvent } from "./inspection-events.repository";
import type { InspectionRow, LeaseRow } from "./inspections.repository";
import {
  accountByEmail,
  claimPhotos,
  findInspection,
  insertInspection,
  inspectionsOfLease,
  leaseOf,
  photoRows,
  reviewsEnded,
  sharePhotosAmong,
  unsharePhotos,
  updateInspection,
  usablePhotos,
} from "./inspections.repository";
import {
  applyAccepted,
  checkComplete,
  checkDamage,
  checkIds,
  exitFromEntry,
  expectStatus,
  itemIds,
  openContests,
  reviewPhotos,
  reviewWindowEnd,
  type StoredReviews,
} from "./rules";

/** Why the landlord and the inspector read each other's photos of a report. */
const inspectionShare = (id: string) => `vistoria:${id}`;

/** The kind of the laudo's document (domains/contracts/documents/vistoria). */
export const INSPECTION_DOCUMENT = "vistoria";

export interface InspectionsDeps {
  pool: pg.Pool;
  clock: Clock;
  notices: NoticeGateway;
  /** The review window in calendar days (INSPECTION_REVIEW_DAYS). */
  reviewDays: number;
  /** Where the photos' zip is kept (the storage's object store). */
  store: ObjectStore;
  /** Starts the laudo as a document of the lease (the contracts domain's document machine). */
  createDocument(
    c: Queryable,
    input: { kind: string; parentId: string; data: unknown },
  ): Promise<{ id: string }>;
}

/** The lease's two parties, and whoever the landlord invited to fill one report. */
type Role = "landlord" | "tenant" | "inspector";

/** Leases that can be inspected: from approval on, not once cancelled or refused. */
const LIVE_LEASE = new Set(["rascunho", "enviado", "selando", "assinado"]);

/**
 * The inspection reports of a lease (issue 31): the landlord fills one, the tenant agrees or
 * contests item by item within the review window, the landlord answers each contest, and the
 * agreed report becomes a laudo both sign. Only the lease's two parties see or touch a report.
 */
export class InspectionsService {
  constructor(private readonly deps: InspectionsDeps) {}

  /** The lease and the reader's role in it; anyone else is told it does not exist. */
  private async lease(
    c: Queryable,
    userId: string,
    contractId: string,
  ): Promise<{ lease: LeaseRow; role: Role }> {
    const lease = await leaseOf(c, contractId);
    if (lease?.kind !== "locacao" || lease.parent_id !== null) throw new AppError("not-found");
    if (lease.landlord_id === userId) return { lease, role: "landlord" };
    if (lease.tenant_id === userId) return { lease, role: "tenant" };
    throw new AppError("not-found");
  }

  /** The report, its lease and the reader's role; locked when it is to change. */
  private async report(c: Queryable, userId: string, id: string, lock = false) {
    const row = await findInspection(c, id, lock);
    if (!row) throw new AppError("not-found");
    const lease = await leaseOf(c, row.contract_id);
    if (lease?.kind !== "locacao" || lease.parent_id !== null) throw new AppError("not-found");
    if (lease.landlord_id === userId) return { row, lease, role: "landlord" as Role };
    if (lease.tenant_id === userId) return { row, lease, role: "tenant" as Role };
    // The invited inspector: this report only, by the verified e-mail of their account.
    if (row.inspector_email && (await this.inspectorOf(c, row))?.id === userId)
      return { row, lease, role: "inspector" as Role };
    throw new AppError("not-found");
  }

  private async inspectorOf(c: Queryable, row: InspectionRow): Promise<{ id: string } | undefined> {
    return row.inspector_email ? accountByEmail(c, row.inspector_email) : undefined;
  }

  /** The landlord and, when there is one, the invited inspector: who fill the draft. */
  private async writersOf(c: Queryable, row: InspectionRow, lease: LeaseRow): Promise<string[]> {
    const inspector = await this.inspectorOf(c, row);
    return inspector ? [lease.landlord_id, inspector.id] : [lease.landlord_id];
  }

  private only(role: Role, wanted: Role): void {
    if (role !== wanted) throw new AppError("unauthorized");
  }

  async list(userId: string, contractId: string): Promise<{ items: InspectionView[] }> {
    const { role } = await this.lease(this.deps.pool, userId, contractId);
    const rows = await inspectionsOfLease(this.deps.pool, contractId);
    const items: InspectionView[] = [];
    for (const row of rows) items.push(await this.view(this.deps.pool, row, role));
    return { items };
  }

  async get(userId: string, id: string): Promise<InspectionView> {
    const { row, role } = await this.report(this.deps.pool, userId, id);
    return this.view(this.deps.pool, row, role);
  }

  /** The landlord starts the entry report from the unit type's rooms, or the exit one from the entry. */
  async start(userId: string, contractId: string, kind: InspectionKind): Promise<InspectionView> {
    return withTransaction(this.deps.pool, async (c) => {
      const { lease, role } = await this.lease(c, userId, contractId);
      this.only(role, "landlord");
      if (!LIVE_LEASE.has(lease.status)) throw new AppError("contract-not-editable");
      let content: InspectionContent;
      let entryId: string | null = null;
      if (kind === "entrada") {
        content = templateFor(lease.tipo);
      } else {
        const entry = (await inspectionsOfLease(c, contractId)).find((r) => r.kind === "entrada");
        if (!entry || !["concluida", "assinatura", "assinada"].includes(entry.status))
          throw new AppError("inspection-entry-required");
        entryId = entry.id;
        content = exitFromEntry(entry.content);
      }
      const id = randomUUID();
      const created = await insertInspection(c, {
        id,
        contract_id: contractId,
        kind,
        entry_id: entryId,
        content,
        created_by: userId,
      });
      if (!created) throw new AppError("inspection-exists");
      await recordInspectionEvent(c, { inspection_id: id, actor_id: userId, action: "iniciou" });
      return this.viewOf(c, id, role);
    });
  }

  /** The landlord's draft, saved whole as it is filled; a save over a newer version is refused. */
  async save(userId: string, id: string, input: z.output<typeof inspectionSave>): Promise<InspectionView> {
    return withTransaction(this.deps.pool, async (c) => {
      const { row, lease, role } = await this.report(c, userId, id, true);
      if (role === "tenant") throw new AppError("unauthorized");
      expectStatus(row.status, "rascunho");
      if (input.versao !== row.version) throw new AppError("inspection-stale");
      const content = input.conteudo;
      checkIds(content);
      checkDamage(row.kind, content);
      const wanted = photosOf(content);
      // The landlord's photos and the inspector's, each reading the other's.
      const writers = await this.writersOf(c, row, lease);
      const usable = new Set(await usablePhotos(c, wanted, writers, row.contract_id));
      if (wanted.some((p) => !usable.has(p))) throw new AppError("inspection-invalid-photo");
      if (writers.length > 1) await sharePhotosAmong(c, wanted, writers, inspectionShare(id));
      await updateInspection(c, id, { content, bumpVersion: true });
      // Autosaves are one step of the history per quarter hour, not one per keystroke.
      if (!(await recentlyDid(c, id, userId, "editou", 15)))
        await recordInspectionEvent(c, { inspection_id: id, actor_id: userId, action: "editou" });
      return this.viewOf(c, id, role);
    });
  }

  /**
   * The landlord invites someone to fill the draft (an inspector, a relative, an agent): the
   * account with that e-mail sees and fills this report only, is told in the bell and by e-mail,
   * and can neither finish nor answer nor sign it. Inviting another replaces them.
   */
  async invite(userId: string, id: string, email: string): Promise<InspectionView> {
    return withTransaction(this.deps.pool, async (c) => {
      const { row, lease, role } = await this.report(c, userId, id, true);
      this.only(role, "landlord");
      expectStatus(row.status, "rascunho");
      const account = await accountByEmail(c, email);
      if (!account) throw new AppError("inspection-inspector-unknown");
      if (account.id === lease.landlord_id || account.id === lease.tenant_id)
        throw new AppError("inspection-inspector-party");
      const before = await this.inspectorOf(c, row);
      if (before && before.id !== account.id) await unsharePhotos(c, before.id, inspectionShare(id));
      // The version guards the content, which has not changed: a draft open on the phone saves on.
      await updateInspection(c, id, { inspector_email: account.email });
      await sharePhotosAmong(c, photosOf(row.content), [account.id], inspectionShare(id));
      await recordInspectionEvent(c, {
        inspection_id: id,
        actor_id: userId,
        action: "convidou_vistoriador",
        detail: account.email,
      });
      await this.deps.notices.tell(c, "contract", [
        {
          userId: account.id,
          text: {
            key: `inspection.invited_${row.kind}`,
            params: { numero: lease.numero },
          },
          path: inspectionPath(id),
          required: true,
          dedupe: `inspection-invite:${id}:${account.id}`,
        },
      ]);
      return this.viewOf(c, id, role);
    });
  }

  /** The landlord withdraws the invitation: the inspector no longer sees the report or its photos. */
  async uninvite(userId: string, id: string): Promise<InspectionView> {
    return withTransaction(this.deps.pool, async (c) => {
      const { row, role } = await this.report(c, userId, id, true);
      this.only(role, "landlord");
      const before = await this.inspectorOf(c, row);
      if (!row.inspector_email) return this.view(c, row, role);
      if (before) await unsharePhotos(c, before.id, inspectionShare(id));
      await updateInspection(c, id, { inspector_email: null });
      await recordInspectionEvent(c, {
        inspection_id: id,
        actor_id: userId,
        action: "removeu_vistoriador",
        detail: row.inspector_email,
      });
      return this.viewOf(c, id, role);
    });
  }

  /**
   * The landlord finishes the report: its photos become the lease's files, shared with the
   * tenant, who is told and has the review window to agree or contest.
   */
  async finish(userId: string, id: string): Promise<InspectionView> {
    return withTransaction(this.deps.pool, async (c) => {
      const { row, lease, role } = await this.report(c, userId, id, true);
      this.only(role, "landlord");
      expectStatus(row.status, "rascunho");
      checkComplete(row.content);
      await claimPhotos(c, photosOf(row.content), lease.id, lease.tenant_id, id);
      const ends = reviewWindowEnd(this.deps.clock.now(), this.deps.reviewDays);
      await updateInspection(c, id, { status: "revisao", review_ends_at: ends, bumpVersion: true });
      await recordInspectionEvent(c, {
        inspection_id: id,
        actor_id: userId,
        action: "enviou_revisao",
        detail: ends.toISOString(),
      });
      await this.deps.notices.tell(c, "contract", [
        {
          userId: lease.tenant_id,
          text: {
            key: `inspection.review_${row.kind}`,
            params: {
              numero: lease.numero,
              until: { date: ends.toISOString(), time: true },
              days: this.deps.reviewDays,
            },
          },
          path: inspectionPath(id),
          required: true,
          dedupe: `inspection-review:${id}`,
        },
      ]);
      return this.viewOf(c, id, role);
    });
  }

  /** The tenant's word on one item, while the window is open (it can be changed until sent). */
  async review(
    userId: string,
    id: string,
    itemId: string,
    input: z.output<typeof itemReview>,
  ): Promise<InspectionView> {
    return withTransaction(this.deps.pool, async (c) => {
      const { row, role } = await this.report(c, userId, id, true);
      this.only(role, "tenant");
      this.openWindow(row);
      if (!itemIds(row.content).includes(itemId)) throw new AppError("not-found");
      const now = this.deps.clock.now().toISOString();
      const reviews: StoredReviews = { ...row.reviews };
      if (input.decisao === "concorda") {
        reviews[itemId] = {
          decisao: "concorda",
          estado: null,
          observacao: "",
          fotos: [],
          em: now,
          resposta: null,
        };
      } else {
        const usable = new Set(await usablePhotos(c, input.fotos, userId, row.contract_id));
        if (input.fotos.some((p) => !usable.has(p))) throw new AppError("inspection-invalid-photo");
        reviews[itemId] = {
          decisao: "contesta",
          estado: input.estado,
          observacao: input.observacao,
          fotos: [...new Set(input.fotos)],
          em: now,
          resposta: null,
        };
      }
      await updateInspection(c, id, { reviews, bumpVersion: true });
      await recordInspectionEvent(c, {
        inspection_id: id,
        actor_id: userId,
        action: input.decisao === "concorda" ? "concordou" : "contestou",
        detail: itemName(row.content, itemId),
      });
      return this.viewOf(c, id, role);
    });
  }

  /**
   * The tenant sends their review: every item not contested is agreed; with contests, the
   * landlord is told to answer them, without, the report is agreed.
   */
  async submitReview(userId: string, id: string): Promise<InspectionView> {
    return withTransaction(this.deps.pool, async (c) => {
      const { row, lease, role } = await this.report(c, userId, id, true);
      this.only(role, "tenant");
      this.openWindow(row);
      await this.closeReview(c, row, lease, userId, false);
      return this.viewOf(c, id, role);
    });
  }

  private openWindow(row: InspectionRow): void {
    expectStatus(row.status, "revisao");
    // The window's end is the job's to record; between the end and the job, nothing more is taken.
    if (row.review_ends_at && row.review_ends_at <= this.deps.clock.now())
      throw new AppError("inspection-wrong-step");
  }

  /** Ends the review, by the tenant's sending it or by the window's end (silence: agreement). */
  private async closeReview(
    c: Queryable,
    row: InspectionRow,
    lease: LeaseRow,
    actor: string | null,
    silent: boolean,
  ) {
    const contests = openContests(row.reviews);
    await claimPhotos(c, reviewPhotos(row.reviews), lease.id, lease.landlord_id, row.id);
    const status = contests.length > 0 ? ("respostas" as const) : ("concluida" as const);
    await updateInspection(c, row.id, { status, tacit: silent, bumpVersion: true });
    await recordInspectionEvent(c, {
      inspection_id: row.id,
      actor_id: actor,
      action: silent ? "prazo_encerrado" : "enviou_revisao_locatario",
      detail: contests.length > 0 ? String(contests.length) : null,
    });
    // Contests are the landlord's to answer; an agreement is news to both.
    const told = contests.length > 0 ? [lease.landlord_id] : [lease.landlord_id, lease.tenant_id];
    await this.deps.notices.tell(
      c,
      "contract",
      told.map((userId) => ({
        userId,
        text: {
          key:
            contests.length > 0
              ? "inspection.contested"
              : silent
                ? "inspection.agreedSilently"
                : "inspection.agreed",
          params: (contests.length > 0
            ? { numero: lease.numero, count: contests.length }
            : { numero: lease.numero }) as NoticeParams,
        },
        path: inspectionPath(row.id),
        required: true,
        dedupe: `inspection-reviewed:${row.id}:${userId}`,
      })),
    );
    return status;
  }

  /** The landlord answers one contest: takes the tenant's version, or keeps theirs with a reason. */
  async answer(
    userId: string,
    id: string,
    itemId: string,
    input: z.output<typeof contestAnswer>,
  ): Promise<InspectionView> {
    return withTransaction(this.deps.pool, async (c) => {
      const { row, lease, role } = await this.report(c, userId, id, true);
      this.only(role, "landlord");
      expectStatus(row.status, "respostas");
      const review = row.reviews[itemId];
      if (review?.decisao !== "contesta" || review.resposta !== null) throw new AppError("not-found");
      const now = this.deps.clock.now().toISOString();
      const reviews: StoredReviews = {
        ...row.reviews,
        [itemId]: {
          ...review,
          resposta: {
            decisao: input.decisao,
            motivo: input.decisao === "mantem" ? input.motivo : null,
            em: now,
          },
        },
      };
      const content = input.decisao === "aceita" ? applyAccepted(row.content, itemId, review) : row.content;
      const done = openContests(reviews).length === 0;
      await updateInspection(c, id, {
        content,
        reviews,
        status: done ? "concluida" : "respostas",
        bumpVersion: true,
      });
      await recordInspectionEvent(c, {
        inspection_id: id,
        actor_id: userId,
        action: input.decisao === "aceita" ? "aceitou_contestacao" : "manteve",
        detail: [itemName(row.content, itemId), input.decisao === "mantem" ? input.motivo : null]
          .filter(Boolean)
          .join(": "),
      });
      if (done)
        await this.deps.notices.tell(c, "contract", [
          {
            userId: lease.tenant_id,
            text: { key: "inspection.answered", params: { numero: lease.numero } },
            path: inspectionPath(id),
            required: true,
            dedupe: `inspection-answered:${id}`,
          },
        ]);
      return this.viewOf(c, id, role);
    });
  }

  /** The agreed report becomes its laudo, a document of the signed lease both parties sign. */
  async toSign(userId: string, id: string): Promise<InspectionView & { documentoId: string }> {
    // The originals' zip first, outside the transaction: hundreds of MB are read and written.
    const before = await this.report(this.deps.pool, userId, id);
    this.checkSignable(before);
    const photos = (await this.view(this.deps.pool, before.row, before.role)).fotos;
    const archive = await writePhotosArchive(this.deps.store, photos, this.deps.clock.now());
    try {
      return await withTransaction(this.deps.pool, async (c) => {
        const { row, lease, role } = await this.report(c, userId, id, true);
        this.checkSignable({ row, lease, role });
        // Answered or written meanwhile: the zip holds another report's photos.
        if (row.version !== before.row.version) throw new AppError("inspection-stale");
        const view = await this.view(c, row, role);
        const doc = await this.deps.createDocument(c, {
          kind: INSPECTION_DOCUMENT,
          parentId: lease.id,
          data: {
            inspectionId: id,
            leaseSha256: lease.sealed_sha256 ?? lease.sha256,
            report: view,
            arquivoFotos: { sha256: archive.sha256, tamanho: archive.size, fotos: archive.count },
          },
        });
        await updateInspection(c, id, {
          status: "assinatura",
          document_contract_id: doc.id,
          photos_archive: archive,
          bumpVersion: true,
        });
        await recordInspectionEvent(c, { inspection_id: id, actor_id: userId, action: "gerou_laudo" });
        const after = await this.viewOf(c, id, role);
        return { ...after, documentoId: doc.id };
      });
    } catch (err) {
      await this.deps.store.remove(archive.key).catch(() => undefined);
      throw err;
    }
  }

  /** Only the landlord writes the laudo, of an agreed report, once the lease is signed. */
  private checkSignable({ row, lease, role }: { row: InspectionRow; lease: LeaseRow; role: Role }): void {
    this.only(role, "landlord");
    expectStatus(row.status, "concluida");
    if (lease.status !== "assinado") throw new AppError("inspection-lease-unsigned");
  }

  /** The report's original photos as one zip (the laudo states its SHA-256), for its parties. */
  async photosArchive(
    userId: string,
    id: string,
  ): Promise<{ stream: Readable; size: number; sha256: string; fileName: string }> {
    const { row, lease } = await this.report(this.deps.pool, userId, id);
    const archive = row.photos_archive;
    if (!archive) throw new AppError("not-found");
    const stream = await this.deps.store.read(archive.key);
    return {
      stream,
      size: archive.size,
      sha256: archive.sha256,
      fileName: `chave-vistoria-${row.kind}-${lease.numero ?? lease.id.slice(0, 8)}.zip`,
    };
  }

  /** Closes every report whose review window ended: what was not contested is agreed by silence. */
  async closeEndedReviews(): Promise<number> {
    return withTransaction(this.deps.pool, async (c) => {
      const rows = await reviewsEnded(c, this.deps.clock.now());
      for (const row of rows) {
        const lease = await leaseOf(c, row.contract_id);
        if (!lease) continue;
        const status = await this.closeReview(c, row, lease, null, true);
        await inspectionChanged(c, { id: row.id, contractId: row.contract_id, status }, [
          lease.landlord_id,
          lease.tenant_id,
        ]);
      }
      return rows.length;
    });
  }

  /** The report after a change, as its writer reads it; both parties' screens are told. */
  private async viewOf(c: Queryable, id: string, role: Role): Promise<InspectionView> {
    const row = await findInspection(c, id);
    if (!row) throw new AppError("not-found");
    const lease = await leaseOf(c, row.contract_id);
    if (lease) {
      const inspector = await this.inspectorOf(c, row);
      await inspectionChanged(c, { id, contractId: row.contract_id, status: row.status }, [
        lease.landlord_id,
        lease.tenant_id,
        ...(inspector ? [inspector.id] : []),
      ]);
    }
    return this.view(c, row, role);
  }

  private async view(c: Queryable, row: InspectionRow, role: Role): Promise<InspectionView> {
    const entry = row.entry_id ? await findInspection(c, row.entry_id) : undefined;
    // The tenant's contests are theirs until sent; the landlord reads them once the review is.
    const reviews = role !== "tenant" && row.status === "revisao" ? {} : row.reviews;
    const contestacoes: InspectionView["contestacoes"] = {};
    const concordados: string[] = [];
    for (const [itemId, r] of Object.entries(reviews)) {
      if (r.decisao === "concorda") concordados.push(itemId);
      else
        contestacoes[itemId] = {
          estado: r.estado,
          observacao: r.observacao,
          fotos: r.fotos,
          em: r.em,
          resposta: r.resposta,
        };
    }
    const photos = await photoRows(c, [
      ...photosOf(row.content),
      ...reviewPhotos(reviews),
      ...(entry ? photosOf(entry.content) : []),
    ]);
    const history = await historyOf(c, row.id);
    return {
      id: row.id,
      contractId: row.contract_id,
      tipo: row.kind,
      status: row.status,
      versao: row.version,
      papel: role,
      vistoriador: row.inspector_email,
      conteudo: row.content,
      contestacoes,
      concordados,
      revisaoAte: row.review_ends_at?.toISOString() ?? null,
      concordanciaTacita: row.tacit,
      entrada: entry ? { id: entry.id, conteudo: entry.content } : null,
      totalDanos: damageTotal(row.content),
      documentoId: row.document_contract_id,
      arquivoFotos: row.photos_archive
        ? {
            sha256: row.photos_archive.sha256,
            tamanho: row.photos_archive.size,
            fotos: row.photos_archive.count,
          }
        : null,
      fotos: photos.map((p) => ({
        id: p.id,
        sha256: p.sha256,
        fileName: p.file_name,
        createdAt: p.created_at.toISOString(),
      })),
      historico: history.map((h) => ({
        em: h.created_at.toISOString(),
        quem: h.actor_name,
        acao: h.action,
        detalhe: h.detail,
      })),
    };
  }
}

/** The screen of a report (bell and e-mail links). */
export const inspectionPath = (id: string) => `/Vistoria?id=${id}`;

/** "Sala · Piso": the item as the history names it. */
function itemName(content: InspectionContent, itemId: string): string {
  for (const room of content.comodos) {
    const item = room.itens.find((i) => i.id === itemId);
    if (item) return `${room.nome} · ${item.nome}`;
  }
  return itemId;
}

/** The entry report's first rooms, from the lease's unit type (its pt-BR name in the lease's data). */
export function templateFor(tipoName: string): InspectionContent {
  const type =
    (Object.entries(UNIT_TYPE_NAMES).find(([, n]) => n === tipoName)?.[0] as UnitType | undefined) ??
    "apartamento";
  let n = 0;
  const next = (prefix: string) => `${prefix}${++n}`;
  return {
    comodos: ROOM_TEMPLATES[type].map((nome) => ({
      id: next("c"),
      nome,
      fotos: [],
      itens: itemsForRoom(nome).map((item) => ({
        id: next("i"),
        nome: item,
        estado: null,
        observacao: "",
        fotos: [],
        dano: null,
      })),
    })),
    medidores: [
      { tipo: "agua", leitura: "", foto: null },
      { tipo: "luz", leitura: "", foto: null },
    ],
    chaves: [],
  };
}
