import { type Moving, type Step, toOtherParty } from "./context";

/** The tenant takes her proposal back. */
export function withdraw(m: Moving): Step {
  return {
    change: {},
    event: { type: "retirada", changes: null },
    notices: [
      toOtherParty(m, `Proposta retirada: ${m.title}`, [
        `A proposta para ${m.title} foi retirada pelo interessado.`,
      ]),
    ],
  };
}
