import { QueryObserver } from "@tanstack/react-query";
import { waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { createQueryClient, readsPath, refreshPaths } from "./query";

function stubFetch(bodies: Record<string, unknown>) {
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      calls.push(url);
      if (!(url in bodies)) return new Response(JSON.stringify({ code: "not-found" }), { status: 404 });
      return new Response(JSON.stringify(bodies[url]), { status: 200 });
    }),
  );
  return calls;
}

describe("the read cache", () => {
  it("reads a path once for the session, logging the miss and then the hit", async () => {
    const calls = stubFetch({ "/api/proposals/1": { id: "1" } });
    const log = { debug: vi.fn(), error: vi.fn() };
    const client = createQueryClient(log);
    const first = new QueryObserver(client, { queryKey: ["/api/proposals/1"] });
    const off = first.subscribe(() => undefined);
    await waitFor(() => expect(first.getCurrentResult().data).toEqual({ id: "1" }));
    off();
    const again = new QueryObserver(client, { queryKey: ["/api/proposals/1"] });
    again.subscribe(() => undefined);
    expect(again.getCurrentResult().data).toEqual({ id: "1" });
    expect(calls).toEqual(["/api/proposals/1"]);
    expect(log.debug.mock.calls.map((c) => c[0])).toEqual(["miss /api/proposals/1", "hit /api/proposals/1"]);
  });

  it("logs a failed read and passes the failure to the caller", async () => {
    stubFetch({});
    const log = { debug: vi.fn(), error: vi.fn() };
    const client = createQueryClient(log);
    await expect(client.fetchQuery({ queryKey: ["/api/contracts/9"], retry: false })).rejects.toMatchObject({
      code: "not-found",
      status: 404,
    });
    expect(log.error).toHaveBeenCalledWith("read /api/contracts/9 failed", expect.anything());
  });

  it("refreshes exactly the paths a write or an event touches, with their query strings", async () => {
    const bodies = {
      "/api/proposals?role=tenant": [1],
      "/api/proposals/1": { id: "1" },
      "/api/proposals/10": { id: "10" },
      "/api/contracts": [],
    };
    const calls = stubFetch(bodies);
    const client = createQueryClient({ debug: () => undefined, error: () => undefined });
    const observers = Object.keys(bodies).map((k) => new QueryObserver(client, { queryKey: [k] }));
    for (const o of observers) o.subscribe(() => undefined);
    await waitFor(() =>
      expect(observers.map((o) => o.getCurrentResult().status)).toEqual(Array(4).fill("success")),
    );
    await refreshPaths(client, ["/api/proposals", "/api/proposals/1"]);
    expect(calls.slice(4).sort()).toEqual(["/api/proposals/1", "/api/proposals?role=tenant"]);
    expect(readsPath("/api/proposals/10", "/api/proposals/1")).toBe(false);
  });
});
