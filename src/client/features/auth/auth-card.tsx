import { Container, Paper, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { PageHeader } from "../../components/page-header";

export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Container size={460} py={{ base: "lg", sm: 48 }} px="md">
      <Paper withBorder p={{ base: "md", sm: "xl" }} radius="md">
        <Stack gap="md">
          <PageHeader title={title} />
          {children}
        </Stack>
      </Paper>
    </Container>
  );
}
