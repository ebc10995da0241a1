import type { FastifyInstance } from "fastify";
import { apiRoutes } from "../../shared/api-paths";
import { errorResponses } from "../../shared/contracts/errors";
import { AppError } from "../../shared/errors";
import type { Auth } from "../auth/auth";
import { requireSession } from "../auth/guard";
import {
  formatCursor,
  type LiveConnection,
  type LiveCursor,
  type LiveEvent,
  type LiveHub,
  laterCursor,
  parseCursor,
} from "./hub";

/** A stream that has fallen this far behind (a client that stopped reading) is dropped. */
const MAX_BUFFERED = 1024 * 1024;

/**
 * `GET /api/events`: the signed-in user's live events as server-sent events. A client reconnecting
 * with Last-Event-ID (EventSource does it by itself) first gets what it may have missed, then the
 * rest live. The SSE id is not an event's id but a cursor (decision 035): the horizon of the
 * transactions the client has every event of. A replay may repeat a few events it has; each
 * carries its own `id` in its data, and the client drops those it has seen. Comments every
 * `heartbeatMs` keep proxies from closing idle streams, and at the same pace every stream whose
 * session has ended (revoked, a password change, a deletion request, an erasure) is closed, on
 * whichever node it is: sessions live in PostgreSQL.
 */
export async function liveRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; hub: LiveHub; heartbeatMs: number; maxPerUser: number; retentionDays: number },
) {
  const { auth, hub } = opts;
  type Stream = LiveConnection & { sessionId: string; end(): void; sessionEnded(): void };
  const open = new Set<Stream>();
  // Before the server stops accepting: open streams would otherwise hold its close forever.
  app.addHook("preClose", async () => {
    clearInterval(sessions);
    for (const c of open) c.end();
  });

  // One query a heartbeat for all of this node's streams: those whose session is gone end.
  let checking = false;
  const sessions = setInterval(async () => {
    if (checking || open.size === 0) return;
    checking = true;
    try {
      const checked = new Set([...open].map((c) => c.sessionId));
      const alive = await hub.sessionsAlive([...checked]);
      for (const c of open) if (checked.has(c.sessionId) && !alive.has(c.sessionId)) c.sessionEnded();
    } catch (err) {
      // The database away: streams stay, and are checked again at the next heartbeat.
      app.log.warn({ err }, "live events: could not check the streams' sessions");
    } finally {
      checking = false;
    }
  }, opts.heartbeatMs);
  sessions.unref();

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
      const session = await requireSession(auth, request);
      const userId = session.user.id;
      if (hub.connectionsOf(userId) >= opts.maxPerUser) throw new AppError("too-many-streams");
      const header = request.headers["last-event-id"];
      const query = (request.query as { lastEventId?: string } | undefined)?.lastEventId;
      const given = (Array.isArray(header) ? header[0] : header) ?? query;
      // An id in no form this server gave (an older version's event id): what it missed is unknown.
      const from = given ? parseCursor(given) : null;

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
      let cursor: LiveCursor | null = null;
      let ready = false;
      const pending: LiveEvent[] = [];
      const write = (chunk: string) => {
        if (raw.writableEnded) return;
        raw.write(chunk);
        if (raw.writableLength > MAX_BUFFERED) conn.end();
      };
      const notice = (type: "ready" | "resync" | "session.ended", data: Record<string, unknown> = {}) =>
        `data: ${JSON.stringify({ type, paths: [], data })}\n\n`;
      // A replay and the live events that came meanwhile overlap: what was sent is remembered by id.
      const sent = new Set<number>();
      /**
       * A live event moves the cursor to its horizon: every event of an older transaction was
       * announced before it, so this stream has sent it (or the replay did). A replayed one does
       * not: the client, cut off in the middle of a replay, starts it again from where it was.
       */
      const deliver = (e: LiveEvent, live: boolean) => {
        if (sent.has(e.id)) return;
        sent.add(e.id);
        if (sent.size > 4096) sent.delete(sent.values().next().value as number);
        let id = "";
        if (live && cursor) {
          cursor = laterCursor(cursor, { horizon: BigInt(e.horizon), at: e.at });
          id = `id: ${formatCursor(cursor)}\n`;
        }
        write(`${id}data: ${JSON.stringify({ id: e.id, type: e.type, paths: e.paths, data: e.data })}\n\n`);
      };
      const heartbeat = setInterval(() => write(": ping\n\n"), opts.heartbeatMs);
      heartbeat.unref();
      const conn: Stream = {
        userId,
        sessionId: session.session.id,
        send(e: LiveEvent) {
          if (ready) deliver(e, true);
          else pending.push(e);
        },
        resync() {
          write(notice("resync"));
        },
        sessionEnded() {
          // The browser refetches who is signed in; a reconnect without a session gets 401.
          write(notice("session.ended"));
          conn.end();
        },
        end() {
          clearInterval(heartbeat);
          hub.remove(conn);
          open.delete(conn);
          if (!raw.writableEnded) raw.end();
        },
      };
      open.add(conn);
      // Registered before catching up, so nothing committed meanwhile is lost; ids keep it once.
      hub.add(conn);
      raw.on("close", () => conn.end());
      write("retry: 2000\n\n");
      const readyData = { heartbeatMs: opts.heartbeatMs };
      try {
        if (!from) {
          if (given) conn.resync();
          cursor = await hub.here();
        } else {
          const replay = await hub.missed(userId, from, opts.retentionDays * 86_400 - 3_600);
          if (replay.events === null) conn.resync();
          for (const e of replay.events ?? []) deliver(e, false);
          cursor = replay.cursor;
        }
        write(`id: ${formatCursor(cursor)}\n${notice("ready", readyData)}`);
      } catch (err) {
        request.log.warn({ err }, "live events: could not catch up");
        conn.resync();
        // No position to give: the client keeps the one it came with.
        cursor = from;
        write(notice("ready", readyData));
      }
      ready = true;
      for (const e of pending.splice(0)) deliver(e, true);
    },
  );
}
