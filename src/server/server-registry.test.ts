import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RunningServer, registerServer, runningServers, seedRefusal } from "./server-registry";

/*
 * Issue 29: the README's seed command, run while the server ran from another DATA_DIR, filled a
 * second database and said "Pronto"; nothing appeared. The seed now reads which servers run.
 */
let dir: string;
let child: ChildProcess | undefined;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "chave-registry-"));
});
afterEach(() => {
  child?.kill("SIGKILL");
  child = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A real process that stays up until killed: the stand-in for a running server. */
function spawnIdle(): number {
  child = spawn(process.execPath, ["-e", "setInterval(() => {}, 1000)"], { stdio: "ignore" });
  if (child.pid === undefined) throw new Error("could not spawn");
  return child.pid;
}

function write(entry: RunningServer) {
  fs.writeFileSync(path.join(dir, `${entry.pid}.json`), JSON.stringify(entry));
}

const server = (pid: number, over: Partial<RunningServer> = {}): RunningServer => ({
  pid,
  dataDir: "/srv/chave/data",
  database: null,
  port: 3000,
  publicUrl: "http://localhost:3000",
  cwd: "/srv/chave",
  ...over,
});

describe("the seed's check of running servers", () => {
  it("refuses, naming the server's DATA_DIR and the command, when the server runs from another DATA_DIR", () => {
    const pid = spawnIdle();
    write(server(pid));
    const servers = runningServers(dir);
    expect(servers.map((s) => s.pid)).toEqual([pid]);
    const refusal = seedRefusal({ dataDir: "/home/ana/chave/data" }, servers);
    expect(refusal).toContain("Nada foi semeado");
    expect(refusal).toContain("/home/ana/chave/data");
    expect(refusal).toContain(`pid ${pid}`);
    expect(refusal).toContain("DATA_DIR=/srv/chave/data npm run seed -- --offers 1000");
    expect(refusal).toContain("na pasta /srv/chave");
  });

  it("says to stop the server when it runs on the same embedded database", () => {
    const pid = spawnIdle();
    write(server(pid));
    const refusal = seedRefusal({ dataDir: "/srv/chave/data/" }, runningServers(dir));
    expect(refusal).toMatch(
      /^O servidor \(pid \d+, http:\/\/localhost:3000\) está usando o banco embutido em \/srv\/chave\/data\. Pare-o/,
    );
  });

  it("lets the seed run into the external database the server uses, and refuses another one without its password", () => {
    const pid = spawnIdle();
    write(server(pid, { dataDir: null, database: "postgres://chave@db.interno:5432/chave" }));
    const servers = runningServers(dir);
    expect(seedRefusal({ databaseUrl: "postgres://chave:segredo@db.interno/chave" }, servers)).toBeNull();
    const refusal = seedRefusal({ databaseUrl: "postgres://chave:segredo@localhost:5432/outro" }, servers);
    expect(refusal).toContain("postgres://chave@localhost:5432/outro");
    expect(refusal).not.toContain("segredo");
    expect(refusal).toContain("DATABASE_URL=postgres://chave@db.interno:5432/chave");
  });

  it("ignores (and clears) the entry of a server that is gone, and runs when no server runs", () => {
    const gone = spawnSync(process.execPath, ["-e", "process.pid"]).pid;
    write(server(gone));
    expect(runningServers(dir)).toEqual([]);
    expect(fs.existsSync(path.join(dir, `${gone}.json`))).toBe(false);
    expect(seedRefusal({ dataDir: "/home/ana/chave/data" }, runningServers(dir))).toBeNull();
    expect(runningServers(path.join(dir, "missing"))).toEqual([]);
  });

  it("a server records itself while it runs and its entry is gone when it exits", async () => {
    const script = `
      import { registerServer } from ${JSON.stringify(path.resolve(import.meta.dirname, "server-registry.ts"))};
      registerServer({ dataDir: "/srv/x", database: null, port: 3001, publicUrl: "http://localhost:3001", cwd: "/srv" }, ${JSON.stringify(dir)});
      process.on("SIGTERM", () => process.exit(0));
      process.stdout.write("up\\n");
      setInterval(() => {}, 1000);
    `;
    child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const proc = child;
    await new Promise<void>((resolve) => proc.stdout?.once("data", () => resolve()));
    expect(runningServers(dir)).toMatchObject([{ pid: proc.pid, dataDir: "/srv/x", port: 3001 }]);
    const exited = new Promise((resolve) => proc.once("exit", resolve));
    proc.kill("SIGTERM");
    await exited;
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("registerServer's own entry is not counted by the process that wrote it", () => {
    const remove = registerServer({ dataDir: "/a", database: null, port: 1, publicUrl: "u", cwd: "/" }, dir);
    expect(fs.readdirSync(dir)).toEqual([`${process.pid}.json`]);
    expect(runningServers(dir)).toEqual([]);
    remove();
    expect(fs.readdirSync(dir)).toEqual([]);
  });

  it("npm run seed, run as the README prints it while a server runs from another DATA_DIR, exits non-zero and seeds nothing", () => {
    const pid = spawnIdle();
    write(server(pid));
    const dataDir = path.join(dir, "data");
    const root = path.resolve(import.meta.dirname, "../..");
    const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/seed.ts", "--offers", "1000"], {
      cwd: root,
      env: { ...process.env, CHAVE_SERVER_REGISTRY: dir, DATA_DIR: dataDir, DATABASE_URL: "" },
      encoding: "utf8",
    });
    expect(run.status).toBe(75);
    expect(run.stdout).not.toContain("Pronto");
    expect(run.stderr).toContain("DATA_DIR=/srv/chave/data npm run seed -- --offers 1000");
    expect(fs.existsSync(dataDir)).toBe(false);
  });
});
