import net from "node:net";

/**
 * A TCP proxy in front of a real PostgreSQL that can fail the way a database does, without
 * touching the shared server: `pause()` stops forwarding bytes both ways while every socket
 * stays open (a frozen server: SIGSTOP, a full disk, a network partition); `stop()` closes every
 * connection and refuses new ones (a stopped server: ECONNREFUSED); `resume()` brings it back.
 */
export interface PausableProxy {
  /** The target URL with host and port replaced by the proxy's. */
  url: string;
  port: number;
  state(): "running" | "paused" | "stopped";
  pause(): void;
  stop(): Promise<void>;
  resume(): Promise<void>;
  /** The local ports of the proxy's connections to PostgreSQL (`client_port` in pg_stat_activity). */
  upstreamPorts(): number[];
  close(): Promise<void>;
}

interface Pair {
  client: net.Socket;
  upstream: net.Socket;
  /** Bytes held while paused, in order, per direction. */
  toUpstream: Buffer[];
  toClient: Buffer[];
}

export async function startPausableProxy(targetUrl: string): Promise<PausableProxy> {
  const target = new URL(targetUrl);
  const targetHost = target.hostname;
  const targetPort = Number(target.port || 5432);
  const pairs = new Set<Pair>();
  let state: "running" | "paused" | "stopped" = "running";
  let server: net.Server | undefined;
  let port = 0;

  const destroy = (pair: Pair) => {
    pairs.delete(pair);
    pair.client.destroy();
    pair.upstream.destroy();
  };

  const accept = (client: net.Socket) => {
    if (state === "stopped") {
      client.destroy();
      return;
    }
    const upstream = net.connect(targetPort, targetHost);
    const pair: Pair = { client, upstream, toUpstream: [], toClient: [] };
    pairs.add(pair);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.on("data", (chunk) => {
      if (state === "paused") pair.toUpstream.push(chunk);
      else upstream.write(chunk);
    });
    upstream.on("data", (chunk) => {
      if (state === "paused") pair.toClient.push(chunk);
      else client.write(chunk);
    });
    // Either side gone: the other goes too (PostgreSQL ends the backend of a client that left).
    client.on("close", () => destroy(pair));
    upstream.on("close", () => destroy(pair));
    client.on("error", () => destroy(pair));
    upstream.on("error", () => destroy(pair));
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const s = net.createServer(accept);
      s.once("error", reject);
      s.listen(port, "127.0.0.1", () => {
        const address = s.address();
        port = typeof address === "object" && address ? address.port : port;
        server = s;
        resolve();
      });
    });

  const closeServer = () =>
    new Promise<void>((resolve) => {
      const s = server;
      server = undefined;
      if (!s) return resolve();
      s.close(() => resolve());
    });

  await listen();
  const url = new URL(targetUrl);
  url.hostname = "127.0.0.1";
  url.port = String(port);

  return {
    url: url.toString(),
    port,
    state: () => state,
    pause() {
      if (state === "running") state = "paused";
    },
    async stop() {
      state = "stopped";
      const closing = closeServer();
      for (const pair of [...pairs]) destroy(pair);
      await closing;
    },
    async resume() {
      if (state === "stopped") {
        // The same port again, as a restarted PostgreSQL would have.
        await listen();
      }
      state = "running";
      for (const pair of pairs) {
        for (const chunk of pair.toUpstream.splice(0)) pair.upstream.write(chunk);
        for (const chunk of pair.toClient.splice(0)) pair.client.write(chunk);
      }
    },
    upstreamPorts() {
      return [...pairs].map((p) => p.upstream.localPort).filter((p): p is number => p !== undefined);
    },
    async close() {
      state = "stopped";
      const closing = closeServer();
      for (const pair of [...pairs]) destroy(pair);
      await closing;
    },
  };
}
