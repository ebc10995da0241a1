import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { apiPaths } from "../../shared/api-paths";
import { logger } from "./logger";
import { refreshPaths } from "./query";

export interface LiveMessage {
  /** The event's own id; a replay may repeat an event the stream already gave (decision 035). */
  id?: number;
  type: string;
  paths: string[];
  data: Record<string, unknown>;
}

type Listener = (m: LiveMessage) => void;
const listeners = new Set<Listener>();

/** Screens that react to an event itself (a toast, a scroll) subscribe here. */
export function onLive(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Applies one event: the cached reads of its paths refresh; a resync refreshes them all, and so
 * does the end of the session the stream stood on (revoked, a password change, a deletion): the
 * session read then says who, if anyone, is signed in here.
 */
export function applyLive(client: QueryClient, m: LiveMessage): void {
  if (m.type === "resync" || m.type === "session.ended") void client.invalidateQueries();
  else if (m.paths.length > 0) void refreshPaths(client, m.paths);
  for (const l of listeners) l(m);
}

/** Silence allowed before any pace is known: over twice the server's default heartbeat (25 s). */
const FIRST_SILENCE_MS = 60_000;
/** A stream silent this many times its longest gap so far has died on the way. */
const SILENCE_FACTOR = 3;
const MIN_SILENCE_MS = 3_000;
const MAX_SILENCE_MS = 90_000;
const MAX_RETRY_MS = 30_000;
/** A stream that lasted this long was healthy: its end is a node stopping, so reconnect at once. */
const HEALTHY_MS = 10_000;
/**
 * Event ids remembered to drop a replay's repeats: far more than one replay repeats (the events of
 * the transactions running while the last one was written; the server replays at most 2,000).
 */
const SEEN_IDS = 4_096;

export interface LiveStreamOptions {
  url: string;
  onMessage(m: LiveMessage): void;
  /** Reconnected without an event id to resume from: whatever happened meanwhile is unknown. */
  onFresh(): void;
  /**
   * The session this stream stood on is over: the server said so (`session.ended`), or refused
   * a reconnect with 401. Whoever holds the session re-reads it (a revoked device goes to sign-in).
   */
  onSessionEnded?(): void;
  fetch?: typeof fetch;
  random?: () => number;
}

/**
 * The live events stream, read with fetch rather than EventSource: EventSource hides the
 * server's heartbeat comments (": ping" every LIVE_HEARTBEAT_SECONDS), so a stream through a
 * node that was cut off (no FIN, no RST: nothing arrives) would hang unnoticed until a proxy's
 * timeout. Here every chunk, heartbeats included, proves the stream alive; silence longer than
 * three times the longest gap seen between chunks ends it, and a new one resumes after the last
 * event's id (Last-Event-ID), on whichever node the balancer picks: the server replays what was
 * missed. A stream the server ends (a node draining) is resumed the same way, at once.
 *
 * The id a stream resumes after is a position, not an event's id (decision 035): so that no event
 * committed late is skipped, the server replays from a little before it, and the events this page
 * already had are dropped here by their own id.
 */
export function openLiveStream(opts: LiveStreamOptions): { close(): void } {
  const doFetch = opts.fetch ?? ((input, init) => fetch(input, init));
  const random = opts.random ?? Math.random;
  let closed = false;
  let lastId: string | null = null;
  let retryMs = 2_000;
  let failures = 0;
  let controller: AbortController | null = null;
  let watchdog: ReturnType<typeof setTimeout> | null = null;
  let retry: ReturnType<typeof setTimeout> | null = null;
  let longestGap = 0;
  let lastChunkAt = 0;
  let opened = false;
  const seen = new Set<number>();

  // The heartbeat's pace, as the server's ready event names it (LIVE_HEARTBEAT_SECONDS), else as
  // learnt from the gaps seen: a page's first stream cut before its first heartbeat has seen no
  // gap yet, and without the server's word it would wait FIRST_SILENCE_MS.
  let paceMs = 0;
  const silenceLimit = () => {
    const pace = Math.max(paceMs, longestGap);
    return pace === 0
      ? FIRST_SILENCE_MS
      : Math.min(MAX_SILENCE_MS, Math.max(MIN_SILENCE_MS, pace * SILENCE_FACTOR));
  };

  const arm = () => {
    if (watchdog) clearTimeout(watchdog);
    watchdog = setTimeout(() => {
      logger.warn(`live events: nothing for ${silenceLimit()} ms; reconnecting`);
      controller?.abort();
    }, silenceLimit());
  };

  const schedule = (delay: number) => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
  };

  const dispatch = (data: string) => {
    try {
      const m = JSON.parse(data) as LiveMessage;
      if (typeof m.id === "number") {
        if (seen.has(m.id)) return;
        seen.add(m.id);
        if (seen.size > SEEN_IDS) seen.delete(seen.values().next().value as number);
      }
      const heartbeat = m.type === "ready" ? m.data?.heartbeatMs : undefined;
      if (typeof heartbeat === "number" && heartbeat > 0 && heartbeat !== paceMs) {
        paceMs = heartbeat;
        arm();
      }
      opts.onMessage(m);
      if (m.type === "session.ended") opts.onSessionEnded?.();
    } catch (err) {
      logger.warn("bad live event", err);
    }
  };

  const connect = async () => {
    if (closed) return;
    controller = new AbortController();
    const mine = controller;
    const resuming = lastId !== null;
    const begun = Date.now();
    let healthy = false;
    // A request that gets no answer at all is as dead as a silent stream.
    arm();
    try {
      const res = await doFetch(opts.url, {
        headers: { accept: "text/event-stream", ...(lastId ? { "last-event-id": lastId } : {}) },
        credentials: "same-origin",
        cache: "no-store",
        signal: mine.signal,
      });
      if (res.status === 401) opts.onSessionEnded?.();
      if (!res.ok || !res.body) throw new Error(`live events: answered ${res.status}`);
      if (opened && !resuming) opts.onFresh();
      opened = true;
      failures = 0;
      longestGap = 0;
      lastChunkAt = Date.now();
      arm();
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = "";
      let data: string[] = [];
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const now = Date.now();
        longestGap = Math.max(longestGap, now - lastChunkAt);
        lastChunkAt = now;
        arm();
        buffer += value;
        const lines = buffer.split(/\r\n|\r|\n/);
        buffer = lines.pop() ?? "";
        for (const line of lines) {
          if (line === "") {
            if (data.length > 0) dispatch(data.join("\n"));
            data = [];
            continue;
          }
          if (line.startsWith(":")) continue;
          const colon = line.indexOf(":");
          const field = colon < 0 ? line : line.slice(0, colon);
          const value = colon < 0 ? "" : line.slice(colon + 1).replace(/^ /, "");
          if (field === "data") data.push(value);
          else if (field === "id" && !value.includes("\u0000")) lastId = value;
          else if (field === "retry" && /^\d+$/.test(value)) retryMs = Number(value);
        }
      }
      healthy = Date.now() - begun >= HEALTHY_MS;
    } catch (err) {
      if (closed) return;
      if (!mine.signal.aborted) logger.debug("live events: stream failed", err);
      healthy = mine.signal.aborted;
    } finally {
      if (watchdog) clearTimeout(watchdog);
      watchdog = null;
    }
    if (closed) return;
    if (healthy) {
      // A node stopped or went silent: another answers now; a little jitter spreads the crowd.
      schedule(Math.round(random() * 250));
      return;
    }
    failures += 1;
    const base = Math.min(retryMs * 2 ** (failures - 1), MAX_RETRY_MS);
    schedule(Math.round(base * (1 + random() * 0.25)));
  };

  const online = () => {
    if (retry) {
      clearTimeout(retry);
      retry = null;
      void connect();
    }
  };
  globalThis.addEventListener?.("online", online);
  void connect();
  return {
    close() {
      closed = true;
      globalThis.removeEventListener?.("online", online);
      if (retry) clearTimeout(retry);
      if (watchdog) clearTimeout(watchdog);
      controller?.abort();
    },
  };
}

/**
 * Keeps one live-events stream open while signed in (see openLiveStream); `onSessionEnded` is
 * the auth provider's re-read of the session, so a device whose session was revoked elsewhere
 * (or whose account was deleted) is shown as signed out within a heartbeat.
 */
export function useLiveEvents(userId: string | null, onSessionEnded?: () => void): void {
  const client = useQueryClient();
  const ended = useRef(onSessionEnded);
  ended.current = onSessionEnded;
  useEffect(() => {
    if (!userId || typeof fetch === "undefined" || typeof TextDecoderStream === "undefined") return;
    const stream = openLiveStream({
      url: apiPaths.events,
      onMessage: (m) => applyLive(client, m),
      onFresh: () => void client.invalidateQueries(),
      onSessionEnded: () => ended.current?.(),
    });
    return () => stream.close();
  }, [userId, client]);
}
