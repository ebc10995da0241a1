import { Button, Container, Text } from "@mantine/core";
import { Component, type ErrorInfo, type ReactNode, useLayoutEffect } from "react";
import { useTranslation } from "react-i18next";
import { FailurePanel } from "../components/failure-panel";
import { logger } from "../lib/logger";
import { releasePrerender } from "../lib/prerender";

function CrashMessage({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  // A snapshot from the server (decision 025) must not hide what went wrong.
  useLayoutEffect(releasePrerender, []);
  return (
    <Container size="sm" py="xl">
      <FailurePanel title={t("crash.title")}>
        <Text size="sm">{t("crash.text")}</Text>
        <Button onClick={onRetry}>{t("crash.retry")}</Button>
      </FailurePanel>
    </Container>
  );
}

/** A screen that throws while rendering shows a message with a retry instead of a blank page. */
export class ScreenErrorBoundary extends Component<
  { children: ReactNode; resetKey: string },
  { error: Error | null }
> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    logger.error("screen crashed", error, info.componentStack);
  }

  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (this.state.error) return <CrashMessage onRetry={() => this.setState({ error: null })} />;
    return this.props.children;
  }
}
