/**
 * `npm run seed -- --offers N`: adds N offers (with units, landlords and photos) of realistic
 * Brazilian data to the database the server uses: DATABASE_URL, or the embedded one in DATA_DIR
 * (then the server must be stopped, since the embedded database belongs to one process).
 * It refuses, naming the right DATA_DIR, when the Chave that runs uses another database
 * (src/server/server-registry.ts); `--other-database` seeds it anyway.
 */
import fs from "node:fs";
import path from "node:path";
import { loadConfig } from "../src/server/config";
import { connectDatabase, migrateDatabase } from "../src/server/db/client";
import { type EmbeddedPostgres, startEmbeddedPostgres } from "../src/server/db/embedded";
import { seedOffers } from "../src/server/seed/seed";
import { runningServers, seedRefusal } from "../src/server/server-registry";
import { createObjectStore } from "../src/server/storage/object-store";

function argument(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const raw = i >= 0 ? process.argv[i + 1] : undefined;
  if (raw === undefined) return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 10_000_000) {
    console.error(`--${name} precisa de um número inteiro entre 1 e 10.000.000 (recebido: ${raw}).`);
    process.exit(64);
  }
  return n;
}

function serverRunning(dataDir: string): number | null {
  try {
    const pid = Number(fs.readFileSync(path.join(dataDir, "chave-server.pid"), "utf8").trim());
    process.kill(pid, 0);
    return pid === process.pid ? null : pid;
  } catch {
    return null;
  }
}

const offers = argument("offers", 1000);
const config = loadConfig();
// A server running from another DATA_DIR (or database) would never show what is seeded here:
// say which one it uses instead of filling a second database (decision 045).
const refusal = process.argv.includes("--other-database")
  ? null
  : seedRefusal(
      config.DATABASE_URL ? { databaseUrl: config.DATABASE_URL } : { dataDir: config.DATA_DIR },
      runningServers(),
    );
if (refusal) {
  console.error(refusal);
  process.exit(75);
}
let embedded: EmbeddedPostgres | undefined;
let url = config.DATABASE_URL;
if (!url) {
  const pid = serverRunning(config.DATA_DIR);
  if (pid) {
    console.error(
      `O servidor (pid ${pid}) está usando o banco embutido em ${config.DATA_DIR}. Pare-o (Ctrl-C) e rode o seed de novo, ou use DATABASE_URL.`,
    );
    process.exit(75);
  }
  embedded = await startEmbeddedPostgres({
    dataDir: config.DATA_DIR,
    port: config.EMBEDDED_DB_PORT,
    log: { info: (m) => console.log(m), warn: (m) => console.warn(m) },
  });
  url = embedded.url;
}
const database = connectDatabase(url, { max: 4 });
try {
  await migrateDatabase(database);
  let last = 0;
  const result = await seedOffers(database.pool, createObjectStore(config, database.pool), offers, {
    seed: Date.now() % 100_000,
    onProgress: (done) => {
      if (done - last >= 10_000 || done === offers) {
        console.log(`  ${done.toLocaleString("pt-BR")} ofertas…`);
        last = done;
      }
    },
  });
  console.log(
    `Pronto: ${result.offers.toLocaleString("pt-BR")} ofertas de ${result.landlords} anunciantes em ${result.seconds.toFixed(1)} s.`,
  );
} finally {
  await database.close();
  await embedded?.stop();
}
