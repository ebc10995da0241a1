import { Stack, Text, Title, type TitleProps, type TitleSize } from "@mantine/core";
import type { CSSProperties, ReactNode } from "react";

/**
 * A screen's heading: its title (the page's h1) and, below it, what the screen is for. A screen
 * whose heading is smaller (a card's, a document's name) or whose lead is body text says so.
 */
export function PageHeader({
  title,
  lead,
  above,
  size = "h2",
  leadSize = "sm",
  gap = 0,
  titleProps,
  style,
}: {
  title: ReactNode;
  lead?: ReactNode;
  above?: ReactNode;
  size?: TitleSize;
  leadSize?: "sm" | "md";
  /** Between the title and the lead. */
  gap?: number;
  /** The title's own props (a test id, how a long name wraps). */
  titleProps?: Omit<TitleProps, "order" | "size" | "children"> & { "data-testid"?: string };
  style?: CSSProperties;
}) {
  return (
    <Stack gap={gap} style={style}>
      {above}
      <Title {...titleProps} order={1} size={size} mt={above ? 4 : titleProps?.mt}>
        {title}
      </Title>
      {lead !== undefined && (
        <Text c="dimmed" size={leadSize}>
          {lead}
        </Text>
      )}
    </Stack>
  );
}
