import { randomBytes } from "node:crypto";
import { createDatabaseOn } from "../support/admin-database";

// Prints the URL of a new, empty database on TEST_DATABASE_URL's server for the e2e run.
const base = process.env.TEST_DATABASE_URL;
if (!base) throw new Error("TEST_DATABASE_URL is not set");
process.stdout.write(`${await createDatabaseOn(base, `chave_e2e_${randomBytes(4).toString("hex")}`)}\n`);
