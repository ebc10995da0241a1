import type pg from "pg";
import type { DeletionView } from "../../../shared/contracts/privacy";
import { AppError } from "../../../shared/errors";
import { offerTitle, type UnitType } from "../../../shared/listing-names";
import type { Auth } from "../../auth/auth";
import { verifyPassword } from "../../auth/passwords";
import { anonymiseUser, emailsOf, passwordHashOf } from "../../auth/users.repository";
import type { Clock } from "../../clock";
import { withTransaction } from "../../db/client";
import type { JobQueue } from "../../jobs/queue";
import type { NoticeGateway } from "../../mail/notice-gateway";
import type { MailOutbox } from "../../mail/outbox";
import { mailWords } from "../../mail/words";
import type { LiveHub } from "../../realtime/hub";
import { unshareAllWith } from "../../storage/document-shares.repository";
import { deleteDocumentsExcept } from "../../storage/documents.repository";
import type { ObjectStore } from "../../storage/object-store";
import { removeDocumentBytes } from "../../storage/photos";
import { deleteUploadsOf } from "../../storage/uploads.repository";
import { deleteMembershipsOf } from "../agencies/agency-members.repository";
import { moveOffer } from "../listings/lifecycle";
import {
  deleteOffersExcept,
  lockOffer,
  updateOfferTerms,
  updateOfferUnitFields,
} from "../listings/offers.repository";
import { deleteUnitsExcept, unitById, updateUnit } from "../listings/units.repository";
import { deleteMessagesSentBy } from "../messages/messages.repository";
import { deleteSettingsOf } from "../notices/notification-settings.repository";
import { deleteNoticesOf } from "../notices/notifications.repository";
import { deleteFavoritesOf } from "../preferences/favorites.repository";
import { deleteVersionsOf } from "../preferences/preference-versions.repository";
import { deleteSearchesOf } from "../preferences/saved-searches.repository";
import { eraseCompaniesOf } from "../profile/companies.repository";
import { deleteProfile } from "../profile/profiles.repository";
import { closeOpenProposals } from "../proposals/close";
import { deleteTenantProposalsExcept } from "../proposals/proposals.repository";
import { deleteAccountSettingsOf } from "./account-settings.repository";
import { deleteConsentsOf } from "./consents.repository";
import {
  contractsInProgress,
  deletionOf,
  keptContracts,
  offersOthersProposedOn,
  openNegotiationsOf,
  scheduleDeletion,
  setDeletion,
} from "./deletions.repository";
import { deleteExportsOf } from "./exports.repository";
import { PRIVACY_JOBS } from "./jobs";

export const DELETION_JOB = PRIVACY_JOBS.deleteAccount;

const emailOf = async (c: Parameters<typeof emailsOf>[0], userId: string) => (await emailsOf(c, [userId]))[0];

export interface DeletionsDeps {
  pool: pg.Pool;
  auth: Auth;
  store: ObjectStore;
  jobs: JobQueue;
  outbox: MailOutbox;
  notices: NoticeGateway;
  hub: Pick<LiveHub, "forget">;
  clock: Clock;
  graceDays: number;
  publicUrl: string;
  /** Called when a deletion is carried out (the analytics service forgets the person). */
  onDeleted?: (userId: string) => Promise<void>;
}

/**
 * Account deletion (issue 17, LGPD art. 18, VI with art. 16's exceptions; decision 022): asked
 * with the password and a typed word, carried out by a job after a grace period in which signing
 * in cancels it. Everything about the person goes except the signed contracts (and what they
 * stand on: their offer, unit and proposal) and their audit trails, which the other parties keep.
 */
export class AccountDeletions {
  constructor(private readonly deps: DeletionsDeps) {
    deps.jobs.define<{ userId: string }>({
      name: DELETION_JOB,
      retryLimit: 10,
      handler: ({ userId }) => this.carryOut(userId).then(() => undefined),
    });
  }

  async status(userId: string): Promise<DeletionView> {
    const row = await deletionOf(this.deps.pool, userId);
    return row?.status === "agendada"
      ? { status: "agendada", dueAt: row.due_at.toISOString(), graceDays: this.deps.graceDays }
      : { status: null, dueAt: null, graceDays: this.deps.graceDays };
  }

  /** Schedules the deletion and ends every session: signing in again within the grace period cancels it. */
  async request(userId: string, password: string): Promise<DeletionView> {
    const now = this.deps.clock.now();
    const dueAt = new Date(now.getTime() + this.deps.graceDays * 86_400_000);
    await withTransaction(this.deps.pool, async (c) => {
      const hash = await passwordHashOf(c, userId);
      if (!hash || !(await verifyPassword({ hash, password }))) throw new AppError("wrong-current-password");
      if ((await contractsInProgress(c, userId)) > 0) throw new AppError("contract-in-progress");
      await deletionOf(c, userId, true);
      await scheduleDeletion(c, userId, now, dueAt);
      await this.deps.jobs.send(c, DELETION_JOB, { userId }, { startAfter: dueAt });
      await this.deps.outbox.queueNotice(
        c,
        userId,
        mailWords(
          { key: "account.deletionScheduled", params: { days: this.deps.graceDays } },
          `${this.deps.publicUrl}/login`,
        ),
      );
    });
    const ctx = await this.deps.auth.$context;
    await ctx.internalAdapter.deleteUserSessions(userId);
    return this.status(userId);
  }

  /** Signing in within the grace period cancels the deletion (the person is told). */
  async cancelOnSignIn(userId: string): Promise<boolean> {
    return withTransaction(this.deps.pool, async (c) => {
      const row = await deletionOf(c, userId, true);
      if (row?.status !== "agendada") return false;
      await setDeletion(c, userId, { status: "cancelada" });
      await this.deps.outbox.queueNotice(
        c,
        userId,
        mailWords({ key: "account.deletionCancelled" }, `${this.deps.publicUrl}/Config`),
      );
      return true;
    });
  }

  /**
   * The job: when the grace period has passed (and no contract is still being signed), erases the
   * person. Safe to run again: each step finds nothing the second time.
   */
  async carryOut(userId: string): Promise<"done" | "waiting" | "nothing"> {
    const now = this.deps.clock.now();
    const row = await deletionOf(this.deps.pool, userId);
    if (row?.status !== "agendada") return "nothing";
    if (row.due_at > now) return "waiting";
    if ((await contractsInProgress(this.deps.pool, userId)) > 0) {
      // A contract being signed waits for its signatures (or its cancellation): a day later.
      const later = new Date(now.getTime() + 86_400_000);
      await withTransaction(this.deps.pool, async (c) => {
        await setDeletion(c, userId, { status: "agendada", dueAt: later });
        await this.deps.jobs.send(c, DELETION_JOB, { userId }, { startAfter: later });
      });
      return "waiting";
    }
    // Nobody signs in to it again: its password and sessions go first.
    const ctx = await this.deps.auth.$context;
    await ctx.internalAdapter.deleteUserSessions(userId);
    await ctx.internalAdapter.deleteAccounts(userId);
    const bytes = await withTransaction(this.deps.pool, async (c) => {
      const kept = await keptContracts(c, userId);
      // The other side of each open negotiation is told it ends.
      const open = await openNegotiationsOf(c, userId);
      await this.deps.notices.tell(
        c,
        "proposal",
        open.map((p) => {
          const title = offerTitle(p.tipo as UnitType, p.bairro);
          return {
            userId: p.other_id,
            title: p.role === "tenant" ? `Proposta retirada: ${title}` : `Proposta encerrada: ${title}`,
            lines: [
              p.role === "tenant"
                ? `A parte interessada excluiu a conta, e a proposta para ${title} foi retirada.`
                : `A parte locadora excluiu a conta, e a oferta ${title} foi encerrada com a sua proposta.`,
            ],
            path: "/AluguelHistorico",
            action: "Ver histórico",
          };
        }),
      );
      await deleteTenantProposalsExcept(
        c,
        userId,
        kept.map((k) => k.proposal_id),
      );
      // Other people's proposals are theirs: the offers they stand on stay, closed and emptied of
      // the person's text, address and photos (deleting an offer would take the proposals with it).
      const proposedOn = await offersOthersProposedOn(
        c,
        userId,
        kept.map((k) => k.offer_id),
      );
      const keptUnits = new Set(kept.map((k) => k.unit_id));
      for (const offer of proposedOn) await this.closeAndEmpty(c, offer, now, !keptUnits.has(offer.unit_id));
      await deleteOffersExcept(c, userId, [...kept.map((k) => k.offer_id), ...proposedOn.map((o) => o.id)]);
      await deleteUnitsExcept(c, userId, [
        ...kept.map((k) => k.unit_id),
        ...proposedOn.map((o) => o.unit_id),
      ]);
      await deleteMessagesSentBy(c, userId);
      const documents = await deleteDocumentsExcept(
        c,
        userId,
        kept.flatMap((k) => k.documents),
      );
      // What others shared with them (a file in a message) stays the others', unshared.
      await unshareAllWith(
        c,
        userId,
        kept.flatMap((k) => k.documents),
      );
      const uploads = await deleteUploadsOf(c, userId);
      const exports = await deleteExportsOf(c, userId);
      // After the units and proposals: a company nothing names any more goes with them.
      await eraseCompaniesOf(c, userId);
      await deleteMembershipsOf(c, userId);
      await deleteProfile(c, userId);
      await deleteSearchesOf(c, userId);
      await deleteFavoritesOf(c, userId);
      await deleteNoticesOf(c, userId);
      await deleteVersionsOf(c, userId);
      await deleteSettingsOf(c, userId);
      await deleteConsentsOf(c, userId);
      await deleteAccountSettingsOf(c, userId);
      await this.deps.hub.forget(c, userId);
      const email = await emailOf(c, userId);
      if (email) await this.deps.outbox.forgetRecipient(c, email);
      await anonymiseUser(c, userId);
      await setDeletion(c, userId, { status: "concluida", doneAt: now });
      return [...documents, ...uploads, ...exports];
    });
    // The bytes after the commit: a retry of a failed removal finds no row, so a failure here is logged.
    // A unit photo's renditions (decision 024) go with it.
    for (const key of bytes) await removeDocumentBytes(this.deps.store, key);
    await this.deps.onDeleted?.(userId);
    return "done";
  }

  /**
   * An offer of a deleted person that others proposed on: its open proposals end (their tenants
   * were told above), it is closed, and what the person wrote of it goes: the description, the
   * unit's address, registration and photos (whose documents are deleted with the rest). What the
   * proposals show stays: the kind of place, where (bairro, city) and the terms. A unit a kept
   * contract also stands on stays whole (`emptyUnit` false), as the contract does.
   */
  private async closeAndEmpty(
    c: Parameters<typeof lockOffer>[0],
    offer: { id: string; unit_id: string },
    now: Date,
    emptyUnit: boolean,
  ): Promise<void> {
    await closeOpenProposals(c, offer.id, "A parte locadora excluiu a conta, e a oferta foi encerrada.", {
      now,
    });
    // Through the lifecycle, as every status change; one closed already stays as it is.
    await moveOffer(c, offer.id, "close");
    const row = await lockOffer(c, offer.id);
    if (row) {
      await updateOfferTerms(c, offer.id, { ...row, descricao: "", search_text: "" });
      await updateOfferUnitFields(c, offer.id, { ...row, capa: null, search_text: "" });
    }
    const unit = emptyUnit ? await unitById(c, offer.unit_id, true) : undefined;
    if (unit)
      await updateUnit(c, offer.unit_id, {
        ...unit,
        cep: "",
        logradouro: "",
        numero: "",
        complemento: "",
        descricao: "",
        matricula: "",
        fotos: [],
      });
  }
}
