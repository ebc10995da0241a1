import { Anchor, Container, Stack } from "@mantine/core";
import type { ReactNode } from "react";
import { Link, useSearchParams } from "react-router";
import { PageHeader } from "./page-header";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The link's `?name=` when it is an id (a uuid), else null: a mangled link is said, never sent. */
export function useIdParam(name: string): string | null {
  const [search] = useSearchParams();
  const id = search.get(name) ?? "";
  return UUID.test(id) ? id : null;
}

/**
 * A screen that shows one thing by its link's id (`?id=`): the page for it, or its title and what
 * is wrong with the link when the id is missing or mangled (every screen keeps its one h1).
 */
export function ByIdScreen({
  title,
  badLink,
  children,
  fallback,
  way,
}: {
  title: string;
  badLink: string;
  /** Where such a thing is found instead, so a mangled link is not a dead end. */
  way?: { to: string; label: string };
  children: (id: string) => ReactNode;
  /** What to show without an `?id=`, when the screen has another way in (/Vistoria?contrato=). */
  fallback?: ReactNode;
}) {
  const id = useIdParam("id");
  return (
    <Container size="sm" py="lg" px="sm">
      {id
        ? children(id)
        : (fallback ?? (
            <Stack gap="sm">
              <PageHeader title={title} lead={badLink} />
              {way && (
                <Anchor component={Link} to={way.to}>
                  {way.label}
                </Anchor>
              )}
            </Stack>
          ))}
    </Container>
  );
}
