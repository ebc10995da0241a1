import { z } from "zod";
import { defineJob } from "../jobs/registry";

/** One outbox e-mail sent (decision 012). */
export const MAIL_JOBS = { send: defineJob("mail.send", z.object({ id: z.string() })) };
