import { type Moving, type Step, toOtherParty } from "./context";

/** Either party ends the negotiation, with the reason the other is told. */
export function reject(m: Moving, input: { motivo: string }): Step {
  const detail = input.motivo;
  return {
    change: {},
    event: { type: "recusada", changes: null, detail },
    notices: [
      toOtherParty(m, `Proposta recusada: ${m.title}`, [
        `A proposta para ${m.title} foi recusada${detail ? `: ${detail}` : "."}`,
      ]),
    ],
  };
}
