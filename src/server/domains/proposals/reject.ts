import { type Moving, type Step, toOtherParty } from "./context";

/** Either party ends the negotiation, with the reason the other is told. */
export function reject(m: Moving, input: { motivo: string }): Step {
  const detail = input.motivo;
  return {
    change: {},
    event: { type: "recusada", changes: null, detail },
    // The reason is never empty (reasonText: 3 characters or more), so the words always end with it.
    notices: [toOtherParty(m, "rejected", { reason: detail })],
  };
}
