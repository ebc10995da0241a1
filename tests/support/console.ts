/*
 * The opt-in to tests/support/console-guard.ts: a test that expects an error log names it.
 *
 *   it("logs a chunk that failed", async () => {
 *     expectConsoleError(/screen chunk failed to load/);
 *     ...
 *   });
 *
 * The matching logs are swallowed; the test fails if none came, and the expectation ends with it.
 */

interface GuardState {
  unexpected: string[];
  expected: { pattern: RegExp; seen: number }[];
}

const KEY = Symbol.for("chave.console-guard");

export function expectConsoleError(pattern: RegExp): void {
  const state = (globalThis as Record<symbol, unknown>)[KEY] as GuardState | undefined;
  if (!state) throw new Error("tests/support/console-guard.ts is not a setup file of this Vitest project");
  state.expected.push({ pattern, seen: 0 });
}
