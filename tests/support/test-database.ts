import { randomBytes } from "node:crypto";
import fsp from "node:fs/promises";
import path from "node:path";
import { connectDatabase, migrateDatabase } from "../../src/server/db/client";
import { startEmbeddedPostgres } from "../../src/server/db/embedded";
import { createDatabaseOn, dropDatabaseOn } from "./admin-database";
import { freePort } from "./free-port";

export interface TestDatabase {
  url: string;
  mode: "embedded" | "external";
  drop(): Promise<void>;
}

/**
 * A fresh, migrated database for one test run: on the server in TEST_DATABASE_URL when it is set
 * (a new database is created there and dropped after), otherwise on an embedded PostgreSQL.
 */
export async function createTestDatabase(label: string): Promise<TestDatabase> {
  const name = `chave_${label}_${randomBytes(4).toString("hex")}`;
  const external = process.env.TEST_DATABASE_URL;
  if (external) {
    const url = await createDatabaseOn(external, name);
    const database = connectDatabase(url, { max: 2 });
    await migrateDatabase(database);
    await database.close();
    return { url, mode: "external", drop: () => dropDatabaseOn(external, name) };
  }
  const dataDir = path.resolve(".test-data", name);
  const embedded = await startEmbeddedPostgres({
    dataDir,
    port: await freePort(),
    database: name,
    log: { info: () => undefined, warn: () => undefined },
  });
  const database = connectDatabase(embedded.url, { max: 2 });
  await migrateDatabase(database);
  await database.close();
  return {
    url: embedded.url,
    mode: "embedded",
    async drop() {
      await embedded.stop();
      await fsp.rm(dataDir, { recursive: true, force: true });
    },
  };
}
