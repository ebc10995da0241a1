import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { is } from "drizzle-orm";
import { getTableConfig, PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "./schema/index";

/**
 * Decision 019: every table has one owner module, the only place that writes it; SQL lives only in
 * repository modules (`*.repository.ts`, plus the few infrastructure modules named below), and
 * those read rows typed from the schema (`RowOf`). This test reads the server's source, so a query
 * written in a service or a write to another module's table fails here, naming the file.
 */
const server = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Owner of each table, relative to src/server. better-auth writes its own tables itself. */
const OWNERS: Record<string, string> = {
  users: "auth/users.repository.ts",
  // better-auth writes them; Chave's one write (a sign-up on an address never confirmed takes the
  // account over, ending its sessions) sits with the users table's.
  sessions: "auth/users.repository.ts",
  accounts: "auth/users.repository.ts",
  // better-auth writes its tables itself; Chave's one write of its own (a new reset link drops the
  // older ones, decision 015) sits beside its configuration.
  verifications: "auth/auth.ts",
  // better-auth writes it; Chave only deletes the counters past their retention (decision 036).
  rate_limits: "auth/auth.ts",
  sign_in_throttle: "auth/throttle.ts",
  profiles: "domains/profile/profiles.repository.ts",
  companies: "domains/profile/companies.repository.ts",
  agencies: "domains/agencies/agencies.repository.ts",
  agency_members: "domains/agencies/agency-members.repository.ts",
  agency_invitations: "domains/agencies/agency-invitations.repository.ts",
  agency_events: "domains/agencies/agency-events.repository.ts",
  units: "domains/listings/units.repository.ts",
  offers: "domains/listings/offers.repository.ts",
  proposals: "domains/proposals/proposals.repository.ts",
  proposal_events: "domains/proposals/proposal-events.repository.ts",
  messages: "domains/messages/messages.repository.ts",
  contracts: "domains/contracts/contracts.repository.ts",
  contract_signers: "domains/contracts/contract-signers.repository.ts",
  contract_events: "domains/contracts/contract-events.repository.ts",
  inspections: "domains/inspections/inspections.repository.ts",
  inspection_events: "domains/inspections/inspection-events.repository.ts",
  rent_charges: "domains/rent/rent.repository.ts",
  rent_payments: "domains/rent/rent.repository.ts",
  rent_adjustments: "domains/rent/rent.repository.ts",
  lease_amendments: "domains/lease/amendments.repository.ts",
  lease_settlements: "domains/lease/settlements.repository.ts",
  documents: "storage/documents.repository.ts",
  document_shares: "storage/document-shares.repository.ts",
  uploads: "storage/uploads.repository.ts",
  photo_renditions: "storage/photo-renditions.repository.ts",
  kv_store: "storage/pg-kv-store.ts",
  saved_searches: "domains/preferences/saved-searches.repository.ts",
  search_alerts: "domains/preferences/search-alerts.repository.ts",
  favorites: "domains/preferences/favorites.repository.ts",
  notifications: "domains/notices/notifications.repository.ts",
  preference_versions: "domains/preferences/preference-versions.repository.ts",
  notification_settings: "domains/notices/notification-settings.repository.ts",
  consents: "domains/privacy/consents.repository.ts",
  data_exports: "domains/privacy/exports.repository.ts",
  account_deletions: "domains/privacy/deletions.repository.ts",
  account_settings: "domains/privacy/account-settings.repository.ts",
  mail_outbox: "mail/outbox.ts",
  live_events: "realtime/hub.ts",
};

/** Modules that are not `*.repository.ts` but own a table of infrastructure (a store, a queue). */
const INFRASTRUCTURE = new Set([
  "auth/throttle.ts",
  "storage/pg-kv-store.ts",
  "mail/outbox.ts",
  "realtime/hub.ts",
]);

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "migrations" ? [] : sources(full);
    return entry.name.endsWith(".ts") && !/\.(test|fixture)\.ts$/.test(entry.name) ? [full] : [];
  });
}

/** Each table of the schema: its name in code (for the query builder) and in SQL. */
const byCodeName = new Map(
  Object.entries(schema).flatMap(([codeName, value]) =>
    is(value, PgTable) ? [[codeName, getTableConfig(value).name] as const] : [],
  ),
);
const tables = [...byCodeName.values()];
const names = tables.join("|");
const WRITE = new RegExp(String.raw`\b(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM)\s+"?(${names})\b`, "g");
const READ = new RegExp(String.raw`\b(?:FROM|JOIN)\s+"?(${names})\b`, "g");
const BUILDER_WRITE = /\.(?:insert|update|delete)\((\w+)\)/g;

const files = sources(server).map((file) => ({
  name: path.relative(server, file).split(path.sep).join("/"),
  text: readFileSync(file, "utf8"),
}));
const isSqlModule = (name: string) => name.endsWith(".repository.ts") || INFRASTRUCTURE.has(name);

describe("table owners", () => {
  it("names an owner for every table of the schema", () => {
    expect(tables.filter((t) => !(t in OWNERS))).toEqual([]);
  });

  it("writes each table only from its owner", () => {
    const strays: string[] = [];
    for (const file of files) {
      for (const [, table] of file.text.matchAll(WRITE)) {
        if (table && OWNERS[table] !== file.name) strays.push(`${file.name} writes ${table}`);
      }
      for (const [, codeName] of file.text.matchAll(BUILDER_WRITE)) {
        const table = codeName && byCodeName.get(codeName);
        if (table && OWNERS[table] !== file.name) strays.push(`${file.name} writes ${table}`);
      }
    }
    expect(strays).toEqual([]);
  });

  it("keeps SQL in repository modules", () => {
    const strays = files
      .filter((file) => !isSqlModule(file.name))
      .flatMap((file) => [...file.text.matchAll(READ)].map(([, table]) => `${file.name} reads ${table}`));
    expect([...new Set(strays)]).toEqual([]);
  });

  it("types rows from the schema, not by hand", () => {
    const handTyped = files.flatMap((file) =>
      [
        // A declaration (not an import), unless it is the schema's row or a part of it.
        ...file.text.matchAll(
          /^\s*(?:export\s+)?(?:interface|type)\s+(\w+Row)\b(?!\s*=\s*(?:RowOf|Pick<\s*RowOf|NewRowOf))/gm,
        ),
      ].map((m) => `${file.name}: ${m[1]}`),
    );
    expect(handTyped).toEqual([]);
  });
});
