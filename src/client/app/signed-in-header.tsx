import { ActionIcon, Avatar, Group, Menu, Text, UnstyledButton } from "@mantine/core";
import { IconMessageCircle } from "@tabler/icons-react";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { CountIndicator } from "../components/count-indicator";
import { conversationsQuery } from "../features/messages/api/messages";
import { NoticeBell } from "../features/preferences/notice-bell";

/*
 * The header's controls for a signed-in person: the bell, the messages and the account menu (a
 * popover, its portal and focus trap). Their own chunk, so a visitor's first paint never carries
 * them (issue 18).
 */

/** The conversations link with the unread count, live. */
function MessagesLink() {
  const { t } = useTranslation();
  const inbox = useQuery(conversationsQuery());
  const unread = inbox.data?.unread ?? 0;
  const label = unread > 0 ? t("messages.unreadLabel", { count: unread }) : t("nav.messages");
  return (
    <CountIndicator count={unread} testId="unread-count">
      <ActionIcon component={Link} to="/Message" variant="subtle" size="lg" aria-label={label} title={label}>
        <IconMessageCircle size={22} />
      </ActionIcon>
    </CountIndicator>
  );
}

/** The account menu of a signed-in person. */
function AccountMenu({ user }: { user: { name: string; email: string } }) {
  const { t } = useTranslation();
  const initials = user.name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0]?.toUpperCase() ?? "")
    .join("");
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        {/* Named with what it shows (the initials, and the name on a wider screen) and what it is. */}
        <UnstyledButton
          aria-label={t("nav.menuOf", { initials, name: user.name })}
          data-testid="account-menu"
        >
          <Group gap={8} wrap="nowrap">
            <Avatar color="blue" radius="xl" size="sm">
              {initials}
            </Avatar>
            {/* A space (not drawn in the flex row) so the text reads "CM Caio…", not "CMCaio…". */}{" "}
            <Text size="sm" visibleFrom="xs" maw={160} truncate>
              {user.name}
            </Text>
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{user.email}</Menu.Label>
        <Menu.Item component={Link} to="/PropostaEnviada">
          {t("nav.proposals")}
        </Menu.Item>
        <Menu.Item component={Link} to="/AprovarProposta">
          {t("nav.inbox")}
        </Menu.Item>
        <Menu.Item component={Link} to="/AluguelHistorico">
          {t("nav.history")}
        </Menu.Item>
        <Menu.Item component={Link} to="/Message">
          {t("nav.messages")}
        </Menu.Item>
        <Menu.Item component={Link} to="/preferences">
          {t("nav.preferences")}
        </Menu.Item>
        <Menu.Item component={Link} to="/preferences/favoritos">
          {t("nav.favorites")}
        </Menu.Item>
        <Menu.Item component={Link} to="/preferences2">
          {t("nav.notify")}
        </Menu.Item>
        <Menu.Item component={Link} to="/PreferencesHist">
          {t("nav.preferencesHist")}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item component={Link} to="/profile">
          {t("nav.profile")}
        </Menu.Item>
        <Menu.Item component={Link} to="/AdicionarUnidade">
          {t("nav.units")}
        </Menu.Item>
        <Menu.Item component={Link} to="/profile3">
          {t("nav.documents")}
        </Menu.Item>
        <Menu.Item component={Link} to="/Empresas">
          {t("nav.companies")}
        </Menu.Item>
        <Menu.Item component={Link} to="/Imobiliaria">
          {t("agencies.nav")}
        </Menu.Item>
        <Menu.Item component={Link} to="/Config">
          {t("nav.config")}
        </Menu.Item>
        <Menu.Item component={Link} to="/logoff" color="red">
          {t("nav.logoff")}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

export function SignedInHeader({ user }: { user: { name: string; email: string } }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <NoticeBell />
      <MessagesLink />
      <AccountMenu user={user} />
    </Group>
  );
}
