import { defineSchedule } from "../../jobs/registry";

export const MESSAGE_SCHEDULES = {
  /** A message unread for MESSAGE_UNREAD_EMAIL_MINUTES is e-mailed to its reader. */
  emailUnread: defineSchedule("messages.email-unread", "* * * * *"),
};
