import type { FastifyInstance } from "fastify";
import type pg from "pg";
import { GOOD_PASSWORD, post, sessionCookie, signIn, uniqueEmail, uniqueIp } from "./test-app";

/** A server-sent-events client for tests, reading the stream as a browser's EventSource would. */
export interface SseMessage {
  /** The SSE `id:` field: the position a reconnect resumes after (Last-Event-ID). */
  id: string | null;
  /** The event's own id (decision 035: in its data, so a client can drop one it already has). */
  eventId: number | null;
  type: string;
  paths: string[];
  data: Record<string, unknown>;
  at: number;
}

export interface SseStream {
  status: number;
  body: string;
  messages: SseMessage[];
  comments: string[];
  lastEventId: string | null;
  /** The server ended the stream. */
  ended: boolean;
  /** Resolves with the first message (already received or coming) that matches. */
  next(match: (m: SseMessage) => boolean, timeoutMs?: number): Promise<SseMessage>;
  close(): void;
}

export async function openStream(
  baseUrl: string,
  cookie: string | null,
  opts: { lastEventId?: string; path?: string } = {},
): Promise<SseStream> {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}${opts.path ?? "/api/events"}`, {
    headers: {
      accept: "text/event-stream",
      ...(cookie ? { cookie } : {}),
      ...(opts.lastEventId ? { "last-event-id": opts.lastEventId } : {}),
    },
    signal: controller.signal,
  });
  const stream: SseStream = {
    status: response.status,
    body: "",
    messages: [],
    comments: [],
    lastEventId: opts.lastEventId ?? null,
    ended: false,
    next: () => Promise.reject(new Error("not a stream")),
    close: () => controller.abort(),
  };
  if (!response.ok || !response.body) {
    stream.body = await response.text();
    return stream;
  }
  const waiters: { match: (m: SseMessage) => boolean; resolve: (m: SseMessage) => void }[] = [];
  stream.next = (match, timeoutMs = 5000) => {
    const found = stream.messages.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no matching event in time")), timeoutMs);
      waiters.push({
        match,
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  };
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          stream.ended = true;
          break;
        }
        buffer += decoder.decode(value, { stream: true });
        let cut = buffer.indexOf("\n\n");
        while (cut >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          cut = buffer.indexOf("\n\n");
          let id: string | null = null;
          const data: string[] = [];
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) stream.comments.push(line.slice(1).trim());
            else if (line.startsWith("id:")) id = line.slice(3).trim();
            else if (line.startsWith("data:")) data.push(line.slice(5).trim());
          }
          if (id !== null) stream.lastEventId = id;
          if (data.length === 0) continue;
          const parsed = JSON.parse(data.join("\n")) as {
            id?: number;
            type: string;
            paths: string[];
            data: Record<string, unknown>;
          };
          const { id: own, ...rest } = parsed;
          const eventId =
            typeof own === "number"
              ? own
              : rest.type !== "ready" && rest.type !== "resync" && id !== null && /^\d+$/.test(id)
                ? Number(id)
                : null;
          const message = { id, eventId, ...rest, at: performance.now() };
          stream.messages.push(message);
          for (const w of [...waiters])
            if (w.match(message)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(message);
            }
        }
      }
    } catch {
      // aborted
    }
  })();
  return stream;
}

/**
 * A confirmed person signed in, without reading the confirmation e-mail (the live-event tests are
 * not about mail): sign-up, the address marked confirmed in the database, then a sign-in. Each
 * call signs in again, so `another()` gives the same person a second session (another device).
 */
export async function streamPerson(
  app: FastifyInstance,
  pool: Pick<pg.Pool, "query">,
  name: string,
): Promise<{ email: string; password: string; userId: string; cookie: string; another(): Promise<string> }> {
  const email = uniqueEmail("live");
  const up = await post(app, "/api/auth/sign-up/email", { name, email, password: GOOD_PASSWORD });
  if (up.statusCode !== 200) throw new Error(`sign-up failed: ${up.statusCode} ${up.body}`);
  await pool.query("UPDATE users SET email_verified = true WHERE email = $1", [email]);
  const another = async () => {
    const res = await signIn(app, email, GOOD_PASSWORD, uniqueIp());
    if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
    return sessionCookie(res);
  };
  const cookie = await another();
  const me = await app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
  if (me.statusCode !== 200) throw new Error(`no session: ${me.statusCode} ${me.body}`);
  return { email, password: GOOD_PASSWORD, userId: (me.json() as { id: string }).id, cookie, another };
}
