import fs from "node:fs";
import path from "node:path";

/** The e2e server: the built app started as the README starts it, on its own port and DATA_DIR. */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3107);
export const E2E_URL = `http://localhost:${E2E_PORT}`;
export const E2E_DATA_DIR = path.resolve(".test-data", "e2e");
/**
 * Where the e2e server asks for CEPs: a fake of BrasilAPI and ViaCEP that a spec starts when it
 * needs one (tests/support/fake-cep.ts); without it, the lookup is refused at once and the forms
 * are typed by hand, as when the services are down. Never the real services: CI has no network.
 */
export const E2E_CEP_PORT = E2E_PORT + 2000;
export const CHROME_PATH = process.env.CHROME_PATH || "/usr/bin/chromium";

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // A fake camera that always grants: /Camera's path is tested with Chromium's test pattern.
  "--use-fake-device-for-media-stream",
  "--use-fake-ui-for-media-stream",
];

/** A run cut short can leave its embedded PostgreSQL behind; stop it before its data is wiped. */
export function stopLeftoverPostmaster(dataDir: string): void {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "db", "postmaster.pid"), "utf8").split("\n")[0]);
    if (pid > 0) process.kill(pid, "SIGQUIT");
    for (let i = 0; i < 50; i++) {
      process.kill(pid, 0);
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 100);
    }
  } catch {
    // No postmaster.pid, or the process is gone.
  }
}
