import type { FastifyInstance } from "fastify";

/**
 * Where a node is in its life, as a load balancer needs to know it (decision 027). Stopping
 * starts with `startDraining()`: from then on /api/health/ready answers 503 and every answer
 * closes its connection, while requests are still served, so the balancer takes the node out
 * before its listener closes. main.ts drains on SIGTERM/SIGINT; tests drain an app directly.
 */
export class Lifecycle {
  private draining = false;

  get isDraining(): boolean {
    return this.draining;
  }

  /** Marks the node as stopping; for good (a drained node is stopped, never resumed). */
  startDraining(): void {
    this.draining = true;
  }
}

/**
 * While draining, every answer says `Connection: close` and Node closes the connection after it:
 * a balancer's kept-alive connections to this node are not reused for the next request, which
 * it opens to another node instead. On the raw response, so hijacked answers carry it too.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance, lifecycle: Lifecycle): void {
  app.addHook("onRequest", async (_request, reply) => {
    if (lifecycle.isDraining) reply.raw.setHeader("connection", "close");
  });
  // Node's server.close() ends the connections idle at that moment and leaves the others kept
  // alive after their answer: a download still being sent when the app closed held the close for
  // keepAliveTimeout (72 s). Once an answer has gone out after the close began, its connection
  // is idle and is ended too.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onResponse", async () => {
    if (closing) app.server.closeIdleConnections();
  });
}

declare module "fastify" {
  interface FastifyInstance {
    /** Whether this node is stopping (main.ts drains it on SIGTERM). */
    lifecycle: Lifecycle;
  }
}
