import { apiPaths } from "../../shared/api-paths";
import type { Queryable } from "../db/rows";
import { contractAudience, proposalAudience } from "./audience.repository";
import { type LiveEventInput, publish } from "./hub";

/*
 * Which users see a change and which API paths it makes stale. Each helper runs inside the
 * transaction of the change, so the event exists exactly when the change does.
 */

/** What a new message or a read receipt makes stale: the conversation and the list. */
export const messageThreadPaths = (proposalId: string) => [
  apiPaths.messages.thread(proposalId),
  apiPaths.messages.all,
];

const proposalPaths = (p: { id: string; offer_id: string }) => [
  apiPaths.proposals.one(p.id),
  apiPaths.proposals.all,
  apiPaths.offers.one(p.offer_id),
  ...messageThreadPaths(p.id),
  apiPaths.search,
];

/** A proposal's status, terms or turn changed: both parties' screens refresh it. */
export async function proposalChanged(c: Queryable, proposalIds: string[]): Promise<void> {
  if (proposalIds.length === 0) return;
  const events: LiveEventInput[] = [];
  for (const p of await proposalAudience(c, proposalIds))
    for (const userId of [p.tenant_id, p.landlord_id])
      events.push({
        userId,
        type: "proposal.changed",
        paths: proposalPaths(p),
        data: { proposalId: p.id, status: p.status },
      });
  await publish(c, events);
}

/** A contract or one of its signers changed: its parties and signers with an account refresh it. */
export async function contractChanged(
  c: Queryable,
  contractId: string,
  signerChanged = false,
): Promise<void> {
  const k = await contractAudience(c, contractId);
  if (!k) return;
  await publish(
    c,
    [...new Set(k.users)].map((userId) => ({
      userId,
      type: signerChanged ? "signer.changed" : "contract.changed",
      paths: [
        apiPaths.contracts.one(k.id),
        apiPaths.contracts.all,
        apiPaths.proposals.one(k.proposal_id),
        apiPaths.proposals.all,
      ],
      data: { contractId: k.id, status: k.status },
    })),
  );
}

/** An inspection report changed: both parties' screens of it, and of the lease's reports, refresh. */
export async function inspectionChanged(
  c: Queryable,
  report: { id: string; contractId: string; status: string },
  userIds: string[],
): Promise<void> {
  await publish(
    c,
    [...new Set(userIds)].map((userId) => ({
      userId,
      type: "inspection.changed",
      paths: [apiPaths.inspections.one(report.id), apiPaths.inspections.ofLease(report.contractId)],
      data: { inspectionId: report.id, status: report.status },
    })),
  );
}

/** A lease's money changed (a charge, a payment, a line, an adjustment): its screens refresh. */
/**
 * What a change to a lease's money or life makes stale: the lease, the list, the charges it touched,
 * every year's statement (read with ?ano=, so refreshed by its path), its notices (issue 33) and the
 * contracts list.
 */
export const rentPaths = (leaseId: string, chargeIds: string[]) => [
  apiPaths.rent.lease(leaseId),
  apiPaths.rent.leases,
  apiPaths.rent.statement(leaseId),
  apiPaths.rent.notices(leaseId),
  apiPaths.rent.amendments(leaseId),
  apiPaths.rent.settlement(leaseId),
  ...chargeIds.map((id) => apiPaths.rent.charge(id)),
  apiPaths.contracts.all,
];

export async function rentChanged(
  c: Queryable,
  leaseId: string,
  chargeIds: string[],
  userIds: string[],
): Promise<void> {
  await publish(
    c,
    [...new Set(userIds)].map((userId) => ({
      userId,
      type: "rent.changed",
      paths: rentPaths(leaseId, chargeIds),
      data: { leaseId },
    })),
  );
}

/** A stored document is complete: its owner's lists and usage refresh. */
export async function documentReady(c: Queryable, ownerId: string, documentId: string): Promise<void> {
  await publish(c, [
    {
      userId: ownerId,
      type: "document.ready",
      paths: [apiPaths.storage.object(documentId), apiPaths.storage.objects, apiPaths.storage.usage],
      data: { documentId },
    },
  ]);
}

/**
 * New notices (or notices read elsewhere): each person's bell and list refresh, and so do the
 * counts of their saved searches and "Para você", which a new fitting offer changes.
 */
export async function noticesChanged(c: Queryable, userIds: string[], read = false): Promise<void> {
  await publish(
    c,
    [...new Set(userIds)].map((userId) => ({
      userId,
      type: read ? ("notice.read" as const) : ("notice.created" as const),
      paths: [apiPaths.notifications.all, apiPaths.preferences.searches, apiPaths.preferences.forYou],
    })),
  );
}

/**
 * One's searches, favourites or notification settings changed (in another tab, on another device,
 * or by an e-mail's one-click unsubscribe): they refresh.
 */
export async function preferencesChanged(c: Queryable, userId: string): Promise<void> {
  await publish(c, [
    {
      userId,
      type: "preferences.changed",
      paths: [
        apiPaths.preferences.searches,
        apiPaths.preferences.favorites,
        apiPaths.preferences.history,
        apiPaths.preferences.forYou,
        apiPaths.preferences.notifications,
      ],
    },
  ]);
}

/** One's data export or deletion moved (progress, ready): /Config refreshes it. */
export async function privacyChanged(c: Queryable, userId: string): Promise<void> {
  await publish(c, [
    {
      userId,
      type: "privacy.changed",
      paths: [apiPaths.privacy.exports, apiPaths.privacy.deletion],
    },
  ]);
}
