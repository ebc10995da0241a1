import { type Moving, type Step, toOtherParty } from "./context";

/** The tenant takes her proposal back. */
export function withdraw(m: Moving): Step {
  return {
    change: {},
    event: { type: "retirada", changes: null },
    notices: [toOtherParty(m, "withdrawn")],
  };
}
