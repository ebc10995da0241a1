import { Button, Container, Group, Text } from "@mantine/core";
import { type ComponentType, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { FailurePanel } from "../components/failure-panel";
import { logger } from "../lib/logger";
import { releasePrerender } from "../lib/prerender";
import { FullPageSpinner } from "./spinner";

/** The seed's chunk-load timeout: a screen that has not arrived by then is reported as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export type ScreenLoader = () => Promise<ComponentType>;

const loaded = new Map<ScreenLoader, ComponentType>();

type LoadState =
  | { status: "loading" }
  | { status: "ready"; Screen: ComponentType }
  | { status: "error"; isTimeout: boolean };

function initial(loader: ScreenLoader): LoadState {
  const Screen = loaded.get(loader);
  return Screen ? { status: "ready", Screen } : { status: "loading" };
}

const keys = new WeakMap<ScreenLoader, number>();
let lastKey = 0;
function keyOf(loader: ScreenLoader): number {
  let key = keys.get(loader);
  if (key === undefined) {
    lastKey += 1;
    key = lastKey;
    keys.set(loader, key);
  }
  return key;
}

/**
 * Loads a screen's code on demand behind the full-page spinner. Unlike React.lazy it does not
 * remember a failure: "Tentar de novo" asks for the chunk again. One instance per screen (keyed by
 * its loader): moving from one screen to another never renders the first once more with the
 * second's address (issue 29: a proposal's screen fetched /api/proposals/<a document's id>).
 */
export function LazyScreen(props: { loader: ScreenLoader; timeoutMs?: number }) {
  return <LoadingScreen key={keyOf(props.loader)} {...props} />;
}

function LoadingScreen({
  loader,
  timeoutMs = CHUNK_TIMEOUT_MS,
}: {
  loader: ScreenLoader;
  timeoutMs?: number;
}) {
  const { t } = useTranslation();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<LoadState>(() => initial(loader));

  useEffect(() => {
    const cached = loaded.get(loader);
    if (cached) {
      setState({ status: "ready", Screen: cached });
      return;
    }
    setState({ status: "loading" });
    if (attempt > 0) logger.info(`loading the screen again (attempt ${attempt + 1})`);
    let isCurrent = true;
    const timer = setTimeout(() => {
      releasePrerender();
      if (isCurrent) setState({ status: "error", isTimeout: true });
      isCurrent = false;
    }, timeoutMs);
    loader().then(
      (Screen) => {
        clearTimeout(timer);
        loaded.set(loader, Screen);
        if (isCurrent) setState({ status: "ready", Screen });
      },
      (err: unknown) => {
        clearTimeout(timer);
        logger.error("screen chunk failed to load", err);
        releasePrerender();
        if (isCurrent) setState({ status: "error", isTimeout: false });
      },
    );
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, [loader, attempt, timeoutMs]);

  if (state.status === "ready") return <state.Screen />;
  if (state.status === "loading") return <FullPageSpinner />;
  return (
    <Container size="sm" py="xl">
      <FailurePanel title={t("chunk.title")}>
        <Text size="sm">{state.isTimeout ? t("chunk.timeout") : t("chunk.text")}</Text>
        <Group>
          <Button onClick={() => setAttempt((n) => n + 1)}>{t("chunk.retry")}</Button>
          <Button variant="default" onClick={() => window.location.reload()}>
            {t("chunk.reload")}
          </Button>
        </Group>
      </FailurePanel>
    </Container>
  );
}
