import { Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** A screen's heading: its title (the page's h1) and, below it, what the screen is for. */
export function PageHeader({
  title,
  lead,
  above,
}: {
  title: ReactNode;
  lead?: ReactNode;
  above?: ReactNode;
}) {
  return (
    <div>
      {above}
      <Title order={1} size="h2" mt={above ? 4 : undefined}>
        {title}
      </Title>
      {lead !== undefined && (
        <Text c="dimmed" size="sm">
          {lead}
        </Text>
      )}
    </div>
  );
}
