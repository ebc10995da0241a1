import { randomBytes } from "node:crypto";
import pg from "pg";

// Prints the URL of a new, empty database on TEST_DATABASE_URL's server for the e2e run.
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error("TEST_DATABASE_URL is not set");
const name = `chave_e2e_${randomBytes(4).toString("hex")}`;
const admin = new pg.Client({ connectionString: base });
await admin.connect();
await admin.query(`CREATE DATABASE ${admin.escapeIdentifier(name)}`);
await admin.end();
const url = new URL(base);
url.pathname = `/${name}`;
process.stdout.write(`${url.toString()}\n`);
