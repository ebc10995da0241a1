import { ActionIcon, Button, Group, Popover, ScrollArea, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconBell } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { CountIndicator } from "../../components/count-indicator";
import { noticesQuery, useReadAllNotices, useReadNotice } from "./api/preferences";

/**
 * The bell: the unread count, live (a new notice publishes a live event that refreshes it), and
 * the latest notices, each leading to its screen and read when opened.
 */
export function NoticeBell() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const notices = useQuery(noticesQuery());
  const read = useReadNotice();
  const readAll = useReadAllNotices();
  const unread = notices.data?.unread ?? 0;
  const items = notices.data?.items ?? [];
  const label = unread > 0 ? t("notices.unreadLabel", { count: unread }) : t("notices.title");
  return (
    // The indicator wraps the popover, so the popover's own ARIA goes on the button it opens from.
    <CountIndicator count={unread} testId="notice-count">
      <Popover
        opened={opened}
        onChange={setOpened}
        position="bottom-end"
        width={340}
        shadow="md"
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            aria-label={label}
            title={label}
            onClick={() => setOpened((o) => !o)}
          >
            <IconBell size={22} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p="xs" data-testid="notice-list">
          <Group justify="space-between" mb="xs" wrap="nowrap">
            <Text fw={700} size="sm">
              {t("notices.title")}
            </Text>
            <Button
              variant="subtle"
              size="xs"
              disabled={unread === 0}
              loading={readAll.isPending}
              onClick={() => readAll.mutate()}
            >
              {t("notices.readAll")}
            </Button>
          </Group>
          {items.length === 0 ? (
            <Text size="sm" c="dimmed" py="sm">
              {t("notices.empty")}
            </Text>
          ) : (
            <ScrollArea.Autosize mah={380} type="auto">
              <Stack gap={4}>
                {items.map((n) => (
                  <UnstyledButton
                    key={n.id}
                    data-testid="notice"
                    data-kind={n.kind}
                    data-read={n.readAt ? "yes" : "no"}
                    p={6}
                    style={{
                      borderRadius: 6,
                      // Unread: a bar at the start and a bold title (a tinted background took the date below AA).
                      borderInlineStart: `3px solid ${n.readAt ? "transparent" : "var(--mantine-color-blue-6)"}`,
                    }}
                    onClick={() => {
                      if (!n.readAt) read.mutate(n.id);
                      setOpened(false);
                      void navigate(n.path);
                    }}
                  >
                    <Text size="sm" fw={n.readAt ? 400 : 700}>
                      {n.title}
                    </Text>
                    <Text size="xs">{n.body}</Text>
                    <Text size="xs" c="dimmed">
                      {new Date(n.createdAt).toLocaleString(i18n.language, {
                        dateStyle: "short",
                        timeStyle: "short",
                      })}
                    </Text>
                  </UnstyledButton>
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
        </Popover.Dropdown>
      </Popover>
    </CountIndicator>
  );
}
