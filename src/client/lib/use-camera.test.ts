import { act, renderHook, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCamera } from "./use-camera";

/** A stream whose tracks record being stopped, the way the camera light goes off. */
function fakeStream() {
  const track = { stop: vi.fn() };
  return { stream: { getTracks: () => [track] } as unknown as MediaStream, track };
}

function withCamera(getUserMedia: (c: MediaStreamConstraints) => Promise<MediaStream>) {
  const spy = vi.fn(getUserMedia);
  vi.stubGlobal("navigator", { ...navigator, mediaDevices: { getUserMedia: spy } });
  return spy;
}

const domError = (name: string) => Object.assign(new Error(name), { name });

afterEach(() => vi.unstubAllGlobals());

describe("useCamera", () => {
  it("asks for the rear camera, is live once it answers, and stops it when the screen goes", async () => {
    const { stream, track } = fakeStream();
    const asked = withCamera(() => Promise.resolve(stream));
    const { result, unmount } = renderHook(() => useCamera());
    expect(result.current.starting).toBe(true);
    await waitFor(() => expect(result.current.live).toBe(true));
    expect(result.current.starting).toBe(false);
    expect(result.current.problem).toBeNull();
    expect(asked.mock.calls[0]?.[0]).toMatchObject({
      video: { facingMode: { ideal: "environment" } },
      audio: false,
    });
    unmount();
    expect(track.stop).toHaveBeenCalled();
  });

  it("switching stops the rear camera and asks for the front one", async () => {
    const rear = fakeStream();
    const front = fakeStream();
    const asked = withCamera((c) =>
      Promise.resolve(
        (c.video as { facingMode: { ideal: string } }).facingMode.ideal === "user"
          ? front.stream
          : rear.stream,
      ),
    );
    const { result } = renderHook(() => useCamera());
    await waitFor(() => expect(result.current.live).toBe(true));
    act(() => result.current.switchCamera());
    expect(rear.track.stop).toHaveBeenCalled();
    await waitFor(() => expect(result.current.live).toBe(true));
    expect(result.current.facing).toBe("user");
    expect(asked).toHaveBeenCalledTimes(2);
    expect(front.track.stop).not.toHaveBeenCalled();
  });

  it("a camera that answers after the screen left is stopped at once", async () => {
    const { stream, track } = fakeStream();
    let answer: (s: MediaStream) => void = () => undefined;
    withCamera(() => new Promise((resolve) => (answer = resolve)));
    const { unmount } = renderHook(() => useCamera());
    unmount();
    answer(stream);
    await waitFor(() => expect(track.stop).toHaveBeenCalled());
  });

  it.each([
    ["NotAllowedError", "denied"],
    ["SecurityError", "denied"],
    ["NotFoundError", "absent"],
    ["OverconstrainedError", "absent"],
    ["NotReadableError", "failed"],
  ])("a refusal named %s is the problem '%s', with no picture", async (name, problem) => {
    withCamera(() => Promise.reject(domError(name)));
    const { result } = renderHook(() => useCamera());
    await waitFor(() => expect(result.current.problem).toBe(problem));
    expect(result.current.starting).toBe(false);
    expect(result.current.live).toBe(false);
  });

  it("a browser without the camera API says there is no camera", () => {
    vi.stubGlobal("navigator", { ...navigator, mediaDevices: undefined });
    const { result } = renderHook(() => useCamera());
    expect(result.current.problem).toBe("absent");
    expect(result.current.starting).toBe(false);
  });

  it("captures nothing while there is no picture", async () => {
    withCamera(() => Promise.reject(domError("NotAllowedError")));
    const { result } = renderHook(() => useCamera());
    await waitFor(() => expect(result.current.problem).toBe("denied"));
    await expect(result.current.capture()).resolves.toBeNull();
  });
});
