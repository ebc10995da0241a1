import { Alert, Button, Container, Stack } from "@mantine/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useAuth } from "../../app/auth";
import { FullPageSpinner } from "../../app/spinner";
import { useErrorText } from "../../lib/error-text";

/** Ends the session on the server, then goes home. */
export function LogoffScreen() {
  const { t } = useTranslation();
  const text = useErrorText();
  const navigate = useNavigate();
  const { state, signOut } = useAuth();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  const run = useCallback(async () => {
    setFailure(null);
    try {
      if (state.status === "signed-in") await signOut();
      await navigate("/", { replace: true });
    } catch (err) {
      setFailure(text.of(err));
    }
  }, [state.status, signOut, navigate, text]);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void run();
  }, [run]);

  if (!failure) return <FullPageSpinner />;
  return (
    <Container size="sm" py="xl">
      <Alert color="red" title={t("auth.logoffFailed")} role="alert">
        <Stack gap="sm" align="flex-start">
          <span>{failure}</span>
          <Button onClick={() => void run()}>{t("auth.tryAgain")}</Button>
        </Stack>
      </Alert>
    </Container>
  );
}
