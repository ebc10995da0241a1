import fs from "node:fs";
import path from "node:path";
import semver from "semver";
import { describe, expect, it } from "vitest";

/*
 * The README's "Run it" names the Node versions Chave runs on; `npm install` on each of them must
 * not print EBADENGINE for anything the server needs (issue 29: content-disposition@3, through
 * @fastify/static 10.1.4+, wants Node 22 while the README promised 20.19). Decision 045.
 */
const root = path.resolve(import.meta.dirname, "..");

/** "Node.js 24 LTS … Node 20 (20.20 or newer)" → ["24.0.0", "20.20.0"]: the oldest of each named line. */
function readmeNodeVersions(readme: string): string[] {
  const section = readme.split(/^## /m).find((s) => s.startsWith("Run it")) ?? "";
  const versions = new Set<string>();
  for (const m of section.matchAll(/Node(?:\.js)? (\d+)(?: LTS)?(?: \((\d+)\.(\d+) or newer\))?/g)) {
    versions.add(m[2] ? `${m[2]}.${m[3]}.0` : `${m[1]}.0.0`);
  }
  return [...versions];
}

interface LockEntry {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  link?: boolean;
}

/** Every package of the production tree that is installed here, with its engines.node. */
function runtimePackages(): { name: string; version: string; node: string | undefined }[] {
  const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as {
    packages: Record<string, LockEntry>;
  };
  const found: { name: string; version: string; node: string | undefined }[] = [];
  for (const [where, entry] of Object.entries(lock.packages)) {
    if (!where || entry.dev || entry.link) continue;
    const file = path.join(root, where, "package.json");
    // Optional packages for other platforms (sharp's, esbuild's) are not installed here.
    if (!fs.existsSync(file)) {
      if (entry.optional) continue;
      throw new Error(`${where} is in the lock file but not installed: run npm install`);
    }
    const pkg = JSON.parse(fs.readFileSync(file, "utf8")) as {
      name: string;
      version: string;
      engines?: { node?: string };
    };
    found.push({ name: pkg.name, version: pkg.version, node: pkg.engines?.node });
  }
  return found;
}

describe("the Node versions the README names", () => {
  const readme = fs.readFileSync(path.join(root, "README.md"), "utf8");
  const versions = readmeNodeVersions(readme);

  it("are read from the README (Node 20 from its oldest supported release, and 24)", () => {
    expect(
      readmeNodeVersions("## Run it\n\nNode.js 24 LTS, and npm. Node 20 (20.20 or newer) still works"),
    ).toEqual(["24.0.0", "20.20.0"]);
    expect(versions.length).toBeGreaterThanOrEqual(2);
  });

  it("are all inside package.json's engines", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
      engines: { node: string };
    };
    for (const v of versions)
      expect(semver.satisfies(v, pkg.engines.node), `${v} in ${pkg.engines.node}`).toBe(true);
  });

  it("are accepted by the engines of every installed runtime dependency", () => {
    const packages = runtimePackages();
    expect(packages.map((p) => p.name)).toContain("@fastify/static");
    const refused: string[] = [];
    for (const p of packages) {
      if (!p.node) continue;
      for (const v of versions) {
        if (!semver.satisfies(v, p.node))
          refused.push(`${p.name}@${p.version} wants node ${p.node}, not ${v}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
