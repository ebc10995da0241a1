import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { defineConfig } from "@playwright/test";
import {
  CHROME_PATH,
  CHROMIUM_ARGS,
  E2E_CEP_PORT,
  E2E_DATA_DIR,
  E2E_PORT,
  E2E_URL,
  stopLeftoverPostmaster,
} from "./tests/e2e/env";

// A fresh database on the server in TEST_DATABASE_URL, when set; otherwise the embedded one in DATA_DIR.
// Only the runner's own process makes it (workers re-read this file with the URL already in the env).
if (process.env.TEST_DATABASE_URL && !process.env.E2E_DATABASE_URL) {
  process.env.E2E_DATABASE_URL = execFileSync(
    process.execPath,
    ["--import", "tsx", "tests/e2e/create-database.ts"],
    {
      encoding: "utf8",
    },
  ).trim();
}
if (!process.env.E2E_STARTED) {
  process.env.E2E_STARTED = "1";
  stopLeftoverPostmaster(E2E_DATA_DIR);
  fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
}

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "**/*.spec.ts",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E_URL,
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    launchOptions: { executablePath: CHROME_PATH, args: CHROMIUM_ARGS },
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [{ name: "chromium", use: { browserName: "chromium" } }],
  webServer: {
    command: "npm start",
    url: `${E2E_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    env: {
      PORT: String(E2E_PORT),
      HOST: "127.0.0.1",
      PUBLIC_URL: E2E_URL,
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_DB_PORT: String(E2E_PORT + 1000),
      DATABASE_URL: process.env.E2E_DATABASE_URL ?? "",
      SMTP_URL: "",
      AUTH_RATE_LIMIT_MAX: "200",
      // The accessibility sweep opens every screen three times within minutes from one address,
      // far above a person's pace: the per-node flood ceiling (600 a minute) is not what it tests.
      RATE_LIMIT_MAX: "6000",
      CEP_BRASILAPI_URL: `http://127.0.0.1:${E2E_CEP_PORT}/api/cep/v1`,
      CEP_VIACEP_URL: `http://127.0.0.1:${E2E_CEP_PORT}/ws`,
      LOG_LEVEL: "warn",
      // A lease starting today gets its first charge (due on the 10th of next month) at once.
      RENT_CHARGE_LEAD_DAYS: "45",
    },
  },
});
