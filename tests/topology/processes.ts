import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import { type Host, inHost } from "./net";

/** A process of the topology, run inside a host's namespace, its output kept in a log file. */
export interface HostProcess {
  name: string;
  child: ChildProcess;
  /** Resolves with the exit code (or the signal's name) once it has exited. */
  exited: Promise<number | string>;
  isRunning(): boolean;
  output(): string;
  signal(sig: NodeJS.Signals): void;
}

const all = new Set<HostProcess>();

export function spawnIn(
  host: Host,
  name: string,
  argv: string[],
  opts: { env?: Record<string, string>; cwd?: string; log: string },
): HostProcess {
  // `ip netns exec` enters the namespace and execs the command: the child's pid is the program's.
  const child = spawn("ip", inHost(host, argv), {
    env: { ...process.env, ...opts.env },
    cwd: opts.cwd,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log = fs.createWriteStream(opts.log, { flags: "a" });
  let tail = "";
  const keep = (d: Buffer) => {
    log.write(d);
    tail = (tail + d.toString()).slice(-20_000);
  };
  child.stdout?.on("data", keep);
  child.stderr?.on("data", keep);
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, sig) => {
      all.delete(proc);
      log.end();
      resolve(code ?? sig ?? "unknown");
    }),
  );
  const proc: HostProcess = {
    name,
    child,
    exited,
    isRunning: () => child.exitCode === null && child.signalCode === null,
    output: () => tail,
    signal(sig) {
      if (proc.isRunning()) child.kill(sig);
    },
  };
  all.add(proc);
  return proc;
}

/** Every process still running (for the cleanup on exit). */
export function runningProcesses(): HostProcess[] {
  return [...all];
}

/** Waits for `check` to hold, every `everyMs`, failing with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs: number,
  everyMs = 100,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let lastError: unknown;
  for (;;) {
    try {
      const v = await check();
      if (v !== undefined && v !== null && v !== false) return v as T;
    } catch (err) {
      lastError = err;
    }
    if (Date.now() > until)
      throw new Error(
        `timed out after ${timeoutMs} ms waiting for ${what}${lastError ? ` (last error: ${(lastError as Error).message})` : ""}`,
      );
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
