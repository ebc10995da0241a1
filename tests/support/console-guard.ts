import { format } from "node:util";
import { afterAll, afterEach } from "vitest";

/*
 * A setup file of both Vitest projects (vitest.config.ts): a `console.error` the test did not ask
 * for fails it. React's warnings (act(...), keys, DOM nesting), an unhandled fetch failure logged
 * by the client's logger, a library complaining: each is a bug or a missing expectation.
 *
 * A test that means to cause one says so with `expectConsoleError(/pattern/)` (tests/support/console.ts).
 * The log is then swallowed, and the test fails if it never came. The server logs through pino
 * (silent in tests), not console.error, so this concerns what code prints directly.
 */

interface Expected {
  pattern: RegExp;
  seen: number;
}

interface GuardState {
  unexpected: string[];
  expected: Expected[];
}

const KEY = Symbol.for("chave.console-guard");
const state: GuardState = ((globalThis as Record<symbol, unknown>)[KEY] as GuardState | undefined) ?? {
  unexpected: [],
  expected: [],
};
(globalThis as Record<symbol, unknown>)[KEY] = state;

const original = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const text = format(...args);
  const match = state.expected.find((e) => e.pattern.test(text));
  if (match) {
    match.seen++;
    return;
  }
  state.unexpected.push(text);
  original(...args);
};

function check(when: string) {
  const unexpected = state.unexpected.splice(0);
  const missing = state.expected.filter((e) => e.seen === 0).map((e) => e.pattern);
  state.expected = [];
  if (unexpected.length > 0)
    throw new Error(
      `console.error was called ${when} and the test did not expect it (expectConsoleError from tests/support/console.ts):\n` +
        unexpected.map((u) => `  - ${u.split("\n").slice(0, 6).join("\n    ")}`).join("\n"),
    );
  if (missing.length > 0)
    throw new Error(`expected console.error ${missing.join(", ")} ${when}, but it never came`);
}

afterEach(() => check("during this test"));
afterAll(() => check("outside the tests (beforeAll, afterAll or a late callback)"));
