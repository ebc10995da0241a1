import { useMediaQuery } from "@mantine/hooks";
import { Notifications } from "@mantine/notifications";

/** At most this many toasts at once; the others wait their turn. */
export const NOTIFICATION_LIMIT = 3;

/**
 * The toasts: at the bottom of a phone's screen, where they cover no heading and the thumb can
 * close them; at the top right of a wider one. Never more than three at once.
 */
export function AppNotifications() {
  const phone = useMediaQuery("(max-width: 36em)") ?? false;
  return <Notifications position={phone ? "bottom-center" : "top-right"} limit={NOTIFICATION_LIMIT} />;
}
