import type { OfferStatus } from "../../../shared/contracts/listings";

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
