import { dropDatabaseOn } from "../support/admin-database";

/** Drops the e2e run's database on TEST_DATABASE_URL's server, so runs leave nothing behind. */
export default async function teardown() {
  const admin = process.env.TEST_DATABASE_URL;
  const e2e = process.env.E2E_DATABASE_URL;
  if (admin && e2e) await dropDatabaseOn(admin, new URL(e2e).pathname.slice(1));
}
