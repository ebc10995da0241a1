import { type RefObject, useCallback, useEffect, useRef, useState } from "react";
import { logger } from "./logger";

/** Why there is no picture: refused, no camera (or no API for one), or anything else. */
export type CameraProblem = "denied" | "absent" | "failed";
export type Facing = "environment" | "user";

export function problemOf(err: unknown): CameraProblem {
  const name = (err as DOMException)?.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError" || name === "TypeError") return "absent";
  return "failed";
}

export interface Camera {
  /** The `<video>` the live picture plays in (muted, inline). */
  video: RefObject<HTMLVideoElement | null>;
  /** A picture is live: capture and switching make sense. */
  live: boolean;
  /** Asking the browser (and the person) for the camera. */
  starting: boolean;
  problem: CameraProblem | null;
  facing: Facing;
  /** The other camera (rear ↔ front): the stream is stopped and asked for again. */
  switchCamera: () => void;
  /** The frame on screen as a JPEG at the camera's full size; null when there is no picture. */
  capture: () => Promise<Blob | null>;
}

/**
 * The device camera's lifecycle: asks for it (the rear one first), plays it in `video`, and stops
 * every track when the facing changes or the component goes, so the camera light goes off too.
 */
export function useCamera(initial: Facing = "environment"): Camera {
  const video = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [starting, setStarting] = useState(true);
  const [facing, setFacing] = useState<Facing>(initial);

  useEffect(() => {
    let alive = true;
    let current: MediaStream | null = null;
    setStarting(true);
    setProblem(null);
    if (!navigator.mediaDevices?.getUserMedia) {
      setProblem("absent");
      setStarting(false);
      return;
    }
    navigator.mediaDevices
      .getUserMedia({
        video: { facingMode: { ideal: facing }, width: { ideal: 1920 }, height: { ideal: 1080 } },
        audio: false,
      })
      .then(
        (s) => {
          // The answer came after the component left (or the facing changed): not wanted any more.
          if (!alive) {
            for (const track of s.getTracks()) track.stop();
            return;
          }
          current = s;
          setStream(s);
        },
        (err: unknown) => {
          logger.warn("camera unavailable", err);
          if (alive) setProblem(problemOf(err));
        },
      )
      .finally(() => alive && setStarting(false));
    return () => {
      alive = false;
      for (const track of current?.getTracks() ?? []) track.stop();
      setStream(null);
    };
  }, [facing]);

  useEffect(() => {
    if (video.current && stream) {
      video.current.srcObject = stream;
      void video.current.play().catch(() => undefined);
    }
  }, [stream]);

  const switchCamera = useCallback(
    () => setFacing((f) => (f === "environment" ? "user" : "environment")),
    [],
  );

  const capture = useCallback(async () => {
    const el = video.current;
    if (!el || el.videoWidth === 0) return null;
    const canvas = document.createElement("canvas");
    canvas.width = el.videoWidth;
    canvas.height = el.videoHeight;
    canvas.getContext("2d")?.drawImage(el, 0, 0);
    return new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, "image/jpeg", 0.92));
  }, []);

  return { video, live: stream !== null, starting, problem, facing, switchCamera, capture };
}
