import type { FastifyInstance } from "fastify";
import { apiRoutes } from "../../shared/api-paths";
import { errorResponses } from "../../shared/contracts/errors";
import { AppError } from "../../shared/errors";
import type { Auth } from "../auth/auth";
import { requireUserId } from "../auth/guard";
import type { LiveConnection, LiveEvent, LiveHub } from "./hub";

/** A stream that has fallen this far behind (a client that stopped reading) is dropped. */
const MAX_BUFFERED = 1024 * 1024;

/**
 * `GET /api/events`: the signed-in user's live events as server-sent events. Each carries its id,
 * so a client reconnecting with Last-Event-ID (EventSource does it by itself) first gets what it
 * missed, in order and once. Comments every `heartbeatMs` keep proxies from closing idle streams.
 */
export async function liveRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; hub: LiveHub; heartbeatMs: number; maxPerUser: number },
) {
  const { auth, hub } = opts;
  const open = new Set<LiveConnection & { end(): void }>();
  // Before the server stops accepting: open streams would otherwise hold its close forever.
  app.addHook("preClose", async () => {
    for (const c of open) c.end();
  });

  app.get(
    apiRoutes.events,
    {
      schema: {
        tags: ["live"],
        summary:
          "Server-sent events for the signed-in user (proposals, signers, messages, documents); resumes after Last-Event-ID",
        security: [{ session: [] }],
        // The stream is text/event-stream (hijacked); the refusals before it are the catalogue's.
        response: errorResponses,
      },
    },
    async (request, reply) => {
      const userId = await requireUserId(auth, request);
      if (hub.connectionsOf(userId) >= opts.maxPerUser) throw new AppError("too-many-streams");
      const header = request.headers["last-event-id"];
      const query = (request.query as { lastEventId?: string } | undefined)?.lastEventId;
      const given = (Array.isArray(header) ? header[0] : header) ?? query;
      const lastId = given && /^\d{1,15}$/.test(given) ? Number(given) : null;

      reply.hijack();
      const raw = reply.raw;
      raw.writeHead(200, {
        "content-type": "text/event-stream; charset=utf-8",
        "cache-control": "no-store",
        connection: "keep-alive",
        "x-accel-buffering": "no",
        "x-content-type-options": "nosniff",
      });
      raw.socket?.setNoDelay(true);
      let lastSent = lastId ?? 0;
      let ready = false;
      const pending: LiveEvent[] = [];
      const write = (chunk: string) => {
        if (raw.writableEnded) return;
        raw.write(chunk);
        if (raw.writableLength > MAX_BUFFERED) conn.end();
      };
      // Ids are given at insert but committed in any order, so an older id may arrive after a newer
      // one: what was sent is remembered by id (the latest few hundred), not by the highest id.
      const sent = new Set<number>();
      const deliver = (e: LiveEvent) => {
        if (sent.has(e.id)) return;
        sent.add(e.id);
        if (sent.size > 512) sent.delete(sent.values().next().value as number);
        lastSent = Math.max(lastSent, e.id);
        write(`id: ${e.id}\ndata: ${JSON.stringify({ type: e.type, paths: e.paths, data: e.data })}\n\n`);
      };
      const heartbeat = setInterval(() => write(": ping\n\n"), opts.heartbeatMs);
      heartbeat.unref();
      const conn = {
        userId: userId,
        send(e: LiveEvent) {
          if (ready) deliver(e);
          else pending.push(e);
        },
        resync() {
          write(`data: ${JSON.stringify({ type: "resync", paths: [], data: {} })}\n\n`);
        },
        end() {
          clearInterval(heartbeat);
          hub.remove(conn);
          open.delete(conn);
          if (!raw.writableEnded) raw.end();
        },
      };
      open.add(conn);
      // Registered before catching up, so nothing published meanwhile is lost; ids keep it once.
      hub.add(conn);
      raw.on("close", () => conn.end());
      write("retry: 2000\n\n");
      try {
        if (lastId === null) {
          const latest = await hub.latestId(userId);
          lastSent = Math.max(lastSent, latest);
          write(
            `id: ${lastSent}\ndata: ${JSON.stringify({ type: "ready", paths: [], data: { heartbeatMs: opts.heartbeatMs } })}\n\n`,
          );
        } else {
          const missed = await hub.missed(userId, lastId);
          if (missed === null) conn.resync();
          for (const e of missed ?? []) deliver(e);
          write(
            `data: ${JSON.stringify({ type: "ready", paths: [], data: { heartbeatMs: opts.heartbeatMs } })}\n\n`,
          );
        }
      } catch (err) {
        request.log.warn({ err }, "live events: could not catch up");
        conn.resync();
      }
      ready = true;
      for (const e of pending.splice(0)) deliver(e);
    },
  );
}
