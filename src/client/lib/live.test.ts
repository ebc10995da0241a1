import { QueryClient } from "@tanstack/react-query";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { applyLive, type LiveMessage, openLiveStream } from "./live";

/** A fake of GET /api/events: each call is a stream the test writes to, ends, or refuses. */
function eventsServer() {
  const calls: {
    lastEventId: string | undefined;
    signal: AbortSignal;
    push(text: string): void;
    end(): void;
  }[] = [];
  const refusals: number[] = [];
  const encoder = new TextEncoder();
  const fetchFn = vi.fn(async (_url: RequestInfo | URL, init?: RequestInit) => {
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const signal = init?.signal as AbortSignal;
    const refusal = refusals.shift();
    if (refusal) {
      calls.push({
        lastEventId: headers["last-event-id"],
        signal,
        push: () => undefined,
        end: () => undefined,
      });
      return new Response(JSON.stringify({ code: "service-unavailable" }), { status: refusal });
    }
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    signal.addEventListener("abort", () => controller.error(new DOMException("aborted", "AbortError")));
    calls.push({
      lastEventId: headers["last-event-id"],
      signal,
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    return new Response(body, { status: 200, headers: { "content-type": "text/event-stream" } });
  });
  return { calls, refusals, fetch: fetchFn as unknown as typeof fetch };
}

const event = (id: number, type: string, paths: string[] = []) =>
  `id: ${id}\ndata: ${JSON.stringify({ type, paths, data: {} })}\n\n`;

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(console, "warn").mockImplementation(() => undefined);
  vi.spyOn(console, "debug").mockImplementation(() => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe("the live events stream", () => {
  it("drops a stream that falls silent (its node cut off) after three heartbeats' time and resumes after the last event on another", async () => {
    const server = eventsServer();
    const got: LiveMessage[] = [];
    const onFresh = vi.fn();
    const stream = openLiveStream({
      url: "/api/events",
      onMessage: (m) => got.push(m),
      onFresh,
      fetch: server.fetch,
      random: () => 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = server.calls[0];
    if (!first) throw new Error("no stream was opened");
    expect(first.lastEventId).toBeUndefined();
    first.push(`retry: 2000\n\n${event(7, "ready")}`);
    // The server's heartbeat every 2 s: comments, not events, but proof the stream is alive.
    for (let i = 0; i < 3; i++) {
      await vi.advanceTimersByTimeAsync(2_000);
      first.push(": ping\n\n");
    }
    first.push(event(8, "proposal.changed", ["/api/proposals/p1"]));
    await vi.advanceTimersByTimeAsync(0);
    expect(got.map((m) => m.type)).toEqual(["ready", "proposal.changed"]);

    // Then nothing, not even a heartbeat: after 3 × 2 s the stream is given up.
    await vi.advanceTimersByTimeAsync(5_500);
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(600);
    expect(first.signal.aborted).toBe(true);
    expect(server.calls).toHaveLength(2);
    // The new stream asks for what came after event 8: nothing is missed, nothing refetched.
    expect(server.calls[1]?.lastEventId).toBe("8");
    server.calls[1]?.push(event(9, "message.created", ["/api/messages"]));
    await vi.advanceTimersByTimeAsync(0);
    expect(got.map((m) => m.type)).toEqual(["ready", "proposal.changed", "message.created"]);
    expect(onFresh).not.toHaveBeenCalled();
    stream.close();
  });

  it("resumes at once a stream its node ended (a node draining), and retries a refused one with back-off", async () => {
    const server = eventsServer();
    const got: LiveMessage[] = [];
    const stream = openLiveStream({
      url: "/api/events",
      onMessage: (m) => got.push(m),
      onFresh: () => undefined,
      fetch: server.fetch,
      random: () => 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = server.calls[0];
    if (!first) throw new Error("no stream was opened");
    first.push(`retry: 2000\n\n${event(3, "ready")}`);
    for (let i = 0; i < 6; i++) {
      await vi.advanceTimersByTimeAsync(2_000);
      first.push(": ping\n\n");
    }
    // The node stops: the balancer's next node is busy for a moment (a 502), then answers.
    server.refusals.push(502);
    first.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.lastEventId).toBe("3");
    await vi.advanceTimersByTimeAsync(1_900);
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(server.calls).toHaveLength(3);
    expect(server.calls[2]?.lastEventId).toBe("3");
    server.calls[2]?.push(event(4, "contract.changed"));
    await vi.advanceTimersByTimeAsync(0);
    expect(got.map((m) => m.type)).toEqual(["ready", "contract.changed"]);
    stream.close();
    expect(server.calls[2]?.signal.aborted).toBe(true);
  });

  it("gives up a page's first stream cut before its first heartbeat, by the pace its ready event names", async () => {
    // A page opened just before its node was cut: the opening burst comes at once, then silence.
    // No gap has been seen yet, so only the server's word says how long silence may last.
    const server = eventsServer();
    const got: LiveMessage[] = [];
    const stream = openLiveStream({
      url: "/api/events",
      onMessage: (m) => got.push(m),
      onFresh: () => undefined,
      fetch: server.fetch,
      random: () => 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = server.calls[0];
    if (!first) throw new Error("no stream was opened");
    first.push(
      `retry: 2000\n\nid: 5\ndata: ${JSON.stringify({ type: "ready", paths: [], data: { heartbeatMs: 2_000 } })}\n\n`,
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(got.map((m) => m.type)).toEqual(["ready"]);
    await vi.advanceTimersByTimeAsync(6_100);
    expect(first.signal.aborted).toBe(true);
    expect(server.calls).toHaveLength(2);
    expect(server.calls[1]?.lastEventId).toBe("5");
    stream.close();
  });

  it("resumes after the server's position and drops, by event id, what the replay repeats (decision 035)", async () => {
    // The SSE id is a position (`<horizon>.<seconds>`); each event's own id is in its data.
    const server = eventsServer();
    const got: LiveMessage[] = [];
    const stream = openLiveStream({
      url: "/api/events",
      onMessage: (m) => got.push(m),
      onFresh: () => undefined,
      fetch: server.fetch,
      random: () => 0,
    });
    const live = (cursor: string, id: number, type: string) =>
      `id: ${cursor}\ndata: ${JSON.stringify({ id, type, paths: [], data: {} })}\n\n`;
    const replayed = (id: number, type: string) =>
      `data: ${JSON.stringify({ id, type, paths: [], data: {} })}\n\n`;
    const ready = (cursor: string) =>
      `id: ${cursor}\ndata: ${JSON.stringify({ type: "ready", paths: [], data: { heartbeatMs: 2_000 } })}\n\n`;
    await vi.advanceTimersByTimeAsync(0);
    const first = server.calls[0];
    if (!first) throw new Error("no stream was opened");
    first.push(`retry: 2000\n\n${ready("900.1764200000")}`);
    first.push(live("901.1764200001", 12, "proposal.changed"));
    first.push(live("901.1764200002", 14, "proposal.changed"));
    await vi.advanceTimersByTimeAsync(0);
    // The stream drops early (within the first seconds): the retry comes after `retry:`'s 2 s.
    first.end();
    await vi.advanceTimersByTimeAsync(2_100);
    const second = server.calls[1];
    expect(second?.lastEventId).toBe("901.1764200002");
    // Event 13 committed after 14 was seen: the replay brings it, between the two it repeats.
    second?.push(`retry: 2000\n\n${replayed(12, "proposal.changed")}${replayed(13, "proposal.changed")}`);
    second?.push(`${replayed(14, "proposal.changed")}${ready("903.1764200009")}`);
    second?.push(live("903.1764200010", 14, "proposal.changed"));
    second?.push(live("904.1764200011", 15, "message.created"));
    await vi.advanceTimersByTimeAsync(0);
    expect(got.filter((m) => m.type !== "ready").map((m) => m.id)).toEqual([12, 14, 13, 15]);
    stream.close();
  });

  it("refetches everything when the stream's session ended (revoked, password changed, account deleted)", async () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, "invalidateQueries").mockResolvedValue(undefined);
    applyLive(client, { type: "session.ended", paths: [], data: {} });
    expect(invalidate).toHaveBeenCalledWith();
  });

  it("tells whoever holds the session when it ended: the server's session.ended, or a reconnect refused with 401", async () => {
    const server = eventsServer();
    let ended = 0;
    const stream = openLiveStream({
      url: "/api/events",
      onMessage: () => undefined,
      onFresh: () => undefined,
      onSessionEnded: () => {
        ended += 1;
      },
      fetch: server.fetch,
      random: () => 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    const first = server.calls[0];
    if (!first) throw new Error("no stream was opened");
    first.push(`retry: 2000\n\n${event(3, "ready")}`);
    await vi.advanceTimersByTimeAsync(0);
    expect(ended).toBe(0);
    // Revoked on another device: the server says so and ends the stream; the reconnect is refused.
    server.refusals.push(401);
    first.push(event(4, "session.ended"));
    first.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(ended).toBe(1);
    await vi.advanceTimersByTimeAsync(2_100);
    expect(server.calls).toHaveLength(2);
    expect(ended).toBe(2);
    stream.close();
  });
});
