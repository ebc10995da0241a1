import { Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";

/** "30 s", "2 min", "1 min 30 s": a wait as people read it. */
export function formatWait(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  if (m === 0) return `${s} s`;
  return s === 0 ? `${m} min` : `${m} min ${s} s`;
}

/** Seconds left until `until` (ms since the epoch), counted down once a second; 0 when it is over. */
export function useSecondsLeft(until: number | null): number {
  const left = () => (until === null ? 0 : Math.max(0, Math.ceil((until - Date.now()) / 1000)));
  const [seconds, setSeconds] = useState(left);
  // biome-ignore lint/correctness/useExhaustiveDependencies: left reads only `until`.
  useEffect(() => {
    setSeconds(left());
    if (until === null) return;
    const timer = setInterval(() => {
      const now = left();
      setSeconds(now);
      if (now === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return seconds;
}

/** "Tente de novo em 30 s." counting down, then "Já pode tentar de novo." */
export function RetryCountdown({ seconds }: { seconds: number }) {
  const { t } = useTranslation();
  return (
    <Text component="span" fw={600} data-testid="retry-countdown" aria-live="off">
      {seconds > 0 ? t("auth.retryIn", { time: formatWait(seconds) }) : t("auth.retryNow")}
    </Text>
  );
}
