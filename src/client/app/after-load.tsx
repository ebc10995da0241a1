import { type ReactNode, useEffect, useState } from "react";

type IdleWindow = Window & { requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number };

/**
 * True once the page has loaded and the browser has a moment: what a person does not need to see
 * the screen (the consent banner, the toasts' container, analytics) waits for it, so its code is
 * fetched after the first screen's, not beside it (issue 18).
 */
export function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const w = window as IdleWindow;
    let cancelled = false;
    const settle = () => {
      if (cancelled) return;
      if (w.requestIdleCallback) w.requestIdleCallback(() => !cancelled && setReady(true), { timeout: 2000 });
      else setTimeout(() => !cancelled && setReady(true), 0);
    };
    if (document.readyState === "complete") settle();
    else window.addEventListener("load", settle, { once: true });
    return () => {
      cancelled = true;
      window.removeEventListener("load", settle);
    };
  }, []);
  return ready;
}

/** Renders its children only after the page has loaded (see useAfterLoad). */
export function AfterLoad({ children }: { children: ReactNode }) {
  return useAfterLoad() ? children : null;
}
