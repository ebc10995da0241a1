import { Indicator } from "@mantine/core";
import type { ReactNode } from "react";

/**
 * A header button's unread count, in red at its corner ("99+" past 99), hidden at zero; the
 * count is also in `data-unread`, for a test to read.
 */
export function CountIndicator({
  count,
  testId,
  children,
}: {
  count: number;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Indicator
      label={count > 99 ? "99+" : count}
      size={18}
      disabled={count === 0}
      color="red"
      offset={4}
      data-testid={testId}
      data-unread={count}
    >
      {children}
    </Indicator>
  );
}
