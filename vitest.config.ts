import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

export default defineConfig({
  plugins: [react()],
  define: { __BUILD_DATE__: JSON.stringify("test") },
  test: {
    // Three files at once on this 2-core machine (Vitest's default is cores − 1 = one at a time):
    // most API tests wait on PostgreSQL, SMTP, pg-boss or a child server, not on the CPU; one run
    // took 997 s against 1,454 s.
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: "server",
          environment: "node",
          include: [
            "src/server/**/*.test.ts",
            "src/shared/**/*.test.ts",
            "tests/support/**/*.test.ts",
            "scripts/**/*.test.ts",
          ],
          globalSetup: ["tests/support/global-setup.ts"],
          // An unexpected console.error fails the test (tests/support/console-guard.ts).
          setupFiles: ["tests/support/console-guard.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: "client",
          environment: "jsdom",
          // Rendering Mantine forms in jsdom takes seconds on a busy 2-core machine.
          testTimeout: 15_000,
          // Stubbed globals (the fake API's fetch) are put back before the next test, not after
          // this one: a read the screen starts while the test ends still reaches the stub, after
          // the screen is unmounted, instead of the real fetch (a relative URL it cannot parse).
          unstubGlobals: true,
          include: ["src/client/**/*.test.tsx", "src/client/**/*.test.ts"],
          setupFiles: ["tests/support/console-guard.ts", "tests/support/client-setup.ts"],
        },
      },
    ],
  },
});
