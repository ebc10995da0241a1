import { describe, expect, it } from "vitest";
import { expectConsoleError } from "./console";

interface GuardState {
  unexpected: string[];
  expected: { pattern: RegExp; seen: number }[];
}
const state = () => (globalThis as Record<symbol, unknown>)[Symbol.for("chave.console-guard")] as GuardState;

describe("the console guard", () => {
  it("swallows an error log the test expects, and records one it does not", () => {
    expectConsoleError(/pedido recusado/);
    console.error("pedido recusado:", { status: 409 });
    expect(state().expected).toEqual([{ pattern: /pedido recusado/, seen: 1 }]);
    expect(state().unexpected).toEqual([]);
    // Recorded (the afterEach would fail this test with it), then taken back so it passes.
    console.error("algo inesperado");
    expect(state().unexpected.splice(0)).toEqual(["algo inesperado"]);
  });
});
