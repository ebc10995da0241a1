import { execFileSync } from "node:child_process";

/*
 * Separate hosts on one machine: a network namespace each, joined by veth pairs to a bridge in
 * the root namespace (10.77.0.1, where Chromium and the test's SMTP server run). Every name
 * starts with `chv-`, so what a crashed run left behind is found and removed at the next start.
 */

export const PREFIX = "chv-";
export const BRIDGE = `${PREFIX}br0`;
export const ROOT_ADDRESS = "10.77.0.1";
const SUBNET_BITS = 24;

export interface Host {
  /** The namespace's name (`chv-<name>`). */
  ns: string;
  name: string;
  address: string;
  /** The veth end on the bridge's side: down cuts this host off. */
  link: string;
}

function ip(...args: string[]): string {
  return execFileSync("ip", args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function tryIp(...args: string[]): void {
  try {
    ip(...args);
  } catch {
    // already gone
  }
}

/** Removes every namespace, veth and bridge of ours, from this run or a crashed one. */
export function removeLeftovers(): string[] {
  const removed: string[] = [];
  for (const line of ip("netns", "list").split("\n")) {
    const ns = line.split(" ")[0] ?? "";
    if (ns.startsWith(PREFIX)) {
      // Whatever still runs in it (a node, nginx, postgres) is killed with it.
      try {
        const pids = execFileSync("ip", ["netns", "pids", ns], { encoding: "utf8" })
          .split(/\s+/)
          .filter(Boolean);
        for (const pid of pids) {
          try {
            process.kill(Number(pid), "SIGKILL");
          } catch {
            // exited meanwhile
          }
        }
      } catch {
        // no such namespace any more
      }
      tryIp("netns", "del", ns);
      removed.push(ns);
    }
  }
  for (const line of ip("-o", "link", "show").split("\n")) {
    const name = /^\d+: ([^:@]+)/.exec(line)?.[1];
    if (name?.startsWith(PREFIX)) {
      tryIp("link", "del", name);
      removed.push(name);
    }
  }
  return removed;
}

export function createBridge(): void {
  ip("link", "add", BRIDGE, "type", "bridge");
  ip("addr", "add", `${ROOT_ADDRESS}/${SUBNET_BITS}`, "dev", BRIDGE);
  ip("link", "set", BRIDGE, "up");
}

/** A host of its own: namespace, loopback, a veth to the bridge, its address. */
export function createHost(name: string, address: string): Host {
  const ns = `${PREFIX}${name}`;
  const link = `${PREFIX}${name}-h`;
  const inside = `${PREFIX}${name}-n`;
  ip("netns", "add", ns);
  ip("-n", ns, "link", "set", "lo", "up");
  ip("link", "add", link, "type", "veth", "peer", "name", inside);
  ip("link", "set", inside, "netns", ns);
  ip("-n", ns, "link", "set", inside, "name", "eth0");
  ip("-n", ns, "addr", "add", `${address}/${SUBNET_BITS}`, "dev", "eth0");
  ip("-n", ns, "link", "set", "eth0", "up");
  ip("link", "set", link, "master", BRIDGE);
  ip("link", "set", link, "up");
  return { ns, name, address, link };
}

/** Cuts (or restores) the host's cable: packets to and from it are dropped, nothing is told. */
export function setLink(host: Host, up: boolean): void {
  ip("link", "set", host.link, up ? "up" : "down");
}

/**
 * Bytes the host's port `port` has received on each open connection from `peer` (ss's
 * bytes_received, keyed by the peer's port): the requests' bodies the balancer forwards, apart
 * from the node's own traffic (S3, PostgreSQL).
 */
export function receivedFrom(host: Host, port: number, peer: string): Map<string, number> {
  const out = execFileSync(
    "ip",
    inHost(host, ["ss", "-tinH", "state", "established", `( sport = :${port} )`, "dst", peer]),
    { encoding: "utf8" },
  );
  const bytes = new Map<string, number>();
  let current: string | null = null;
  for (const line of out.split("\n")) {
    const conn = /\s(\d+\.\d+\.\d+\.\d+:\d+)\s*$/.exec(line);
    if (conn) current = conn[1] ?? null;
    const got = /bytes_received:(\d+)/.exec(line);
    if (got && current) bytes.set(current, Number(got[1]));
  }
  return bytes;
}

/** The command line that runs `argv` inside the host. */
export function inHost(host: Host, argv: string[]): string[] {
  return ["netns", "exec", host.ns, ...argv];
}

/**
 * Limits what reaches the host to `bytesPerSecond` (tc's token bucket on its cable), as a
 * phone's upload would; null lifts the limit.
 */
export function shapeIncoming(host: Host, bytesPerSecond: number | null): void {
  if (bytesPerSecond === null) {
    tryIp("link", "show", host.link); // the link may be gone already at cleanup
    try {
      execFileSync("tc", ["qdisc", "del", "dev", host.link, "root"], { stdio: "ignore" });
    } catch {
      // no limit was set
    }
    return;
  }
  execFileSync(
    "tc",
    [
      "qdisc",
      "replace",
      "dev",
      host.link,
      "root",
      "tbf",
      "rate",
      `${bytesPerSecond * 8}bit`,
      "burst",
      "64kb",
      "latency",
      "5s",
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
}
