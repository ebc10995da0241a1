import pg from "pg";

/** Runs one statement on the server of `adminUrl` (CREATE/DROP DATABASE cannot run in a pool's transaction). */
async function onServer(adminUrl: string, sql: (c: pg.Client) => string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql(client));
  } finally {
    await client.end();
  }
}

/** Creates database `name` beside the one in `adminUrl`; returns its URL. */
export async function createDatabaseOn(adminUrl: string, name: string): Promise<string> {
  await onServer(adminUrl, (c) => `CREATE DATABASE ${c.escapeIdentifier(name)}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function dropDatabaseOn(adminUrl: string, name: string): Promise<void> {
  return onServer(adminUrl, (c) => `DROP DATABASE IF EXISTS ${c.escapeIdentifier(name)} WITH (FORCE)`);
}
