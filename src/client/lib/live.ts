import { type QueryClient, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { apiPaths } from "../../shared/api-paths";
import { logger } from "./logger";
import { refreshPaths } from "./query";

export interface LiveMessage {
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

/** Applies one event: the cached reads of its paths refresh; a resync refreshes them all. */
export function applyLive(client: QueryClient, m: LiveMessage): void {
  if (m.type === "resync") void client.invalidateQueries();
  else if (m.paths.length > 0) void refreshPaths(client, m.paths);
  for (const l of listeners) l(m);
}

/**
 * Keeps one server-sent-events stream open while signed in. EventSource reconnects by itself,
 * sending Last-Event-ID, and the server replays what was missed; if the server turned the stream
 * down (the browser then gives up), a new one is opened later and everything is refetched.
 */
export function useLiveEvents(userId: string | null): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!userId || typeof EventSource === "undefined") return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | null = null;
    let fresh = false;
    const open = () => {
      source = new EventSource(apiPaths.events);
      source.onmessage = (e) => {
        try {
          applyLive(client, JSON.parse(e.data) as LiveMessage);
        } catch (err) {
          logger.warn("bad live event", err);
        }
      };
      source.onopen = () => {
        if (fresh) void client.invalidateQueries();
        fresh = false;
      };
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED) return;
        source = null;
        fresh = true;
        retry = setTimeout(open, 15_000);
      };
    };
    open();
    return () => {
      if (retry) clearTimeout(retry);
      source?.close();
    };
  }, [userId, client]);
}
