import { Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * What Mantine's red Alert looks like, without its code (the alert, its close button and icon
 * set): it is drawn only when a screen crashed or its chunk failed, yet every page would carry it
 * in the first chunk (issue 18).
 */
export function FailurePanel({
  title,
  color = "red",
  children,
}: {
  title?: string;
  /** Red when something failed, yellow when the person can put it right. */
  color?: "red" | "yellow";
  children: ReactNode;
}) {
  return (
    <div role="alert" className="failure-panel" data-color={color}>
      <Stack gap="sm" align="flex-start">
        {title && (
          <Text fw={700} size="sm">
            {title}
          </Text>
        )}
        {children}
      </Stack>
    </div>
  );
}
