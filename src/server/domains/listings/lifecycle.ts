import type { OfferStatus } from "../../../shared/contracts/listings";
import { AppError } from "../../../shared/errors";
import type { Queryable } from "../../db/rows";
import { lockOfferStatus, updateOfferStatus } from "./offers.repository";

/**
 * The offer lifecycle: rascunho → publicada → reservada → alugada, and encerrada at any time.
 * publish and close are the owner's; reserve, release and rent come from the proposals and
 * contracts (a proposal approved, an approval undone, a contract signed).
 */
export type OfferAction = "publish" | "close" | "reserve" | "release" | "rent";

const transitions: Record<OfferAction, Partial<Record<OfferStatus, OfferStatus>>> = {
  publish: { rascunho: "publicada" },
  reserve: { publicada: "reservada" },
  release: { reservada: "publicada" },
  rent: { reservada: "alugada" },
  close: { rascunho: "encerrada", publicada: "encerrada", reservada: "encerrada", alugada: "encerrada" },
};

/** The status after `action`, or null when the action is not allowed from `status`. */
export function nextStatus(status: OfferStatus, action: OfferAction): OfferStatus | null {
  return transitions[action][status] ?? null;
}

export const OWNER_ACTIONS: readonly OfferAction[] = ["publish", "close"];

/**
 * Moves an offer for the system (reserve on approval, rent once a contract is sealed, close when
 * its owner's account is erased and others' proposals stand on it), in the
 * caller's transaction: the one place besides the owner's own actions that writes an offer's
 * status. Returns the new status, or null when the move is not allowed from where the offer is
 * (then nothing changes; with `strict` it throws 409 invalid-transition, or the given code).
 */
export async function moveOffer(
  c: Queryable,
  offerId: string,
  action: "reserve" | "release" | "rent" | "close",
  strict: false | "invalid-transition" | "offer-not-available" = false,
): Promise<OfferStatus | null> {
  const from = await lockOfferStatus(c, offerId);
  const next = from ? nextStatus(from, action) : null;
  if (!next) {
    if (strict) throw new AppError(strict);
    return null;
  }
  await updateOfferStatus(c, offerId, next);
  return next;
}
