import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";

/**
 * AUTH_SECRET signs session cookies. Without it, a random one is kept in DATA_DIR so sessions
 * survive a restart of a single-node install; several nodes must share one AUTH_SECRET.
 */
export async function authSecret(configured: string | undefined, dataDir: string): Promise<string> {
  if (configured) return configured;
  const file = path.join(dataDir, ".auth-secret");
  try {
    const stored = (await fsp.readFile(file, "utf8")).trim();
    if (stored.length >= 32) return stored;
  } catch {
    // Not created yet.
  }
  const secret = randomBytes(32).toString("base64url");
  await fsp.mkdir(dataDir, { recursive: true });
  await fsp.writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
