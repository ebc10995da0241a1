import { createHmac } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Clock } from "../clock";
import type { Db } from "../db/client";
import { signInThrottle } from "../db/schema/auth";

/*
 * Sign-in throttled per account (ASVS 5.0 V6.3.1, decision 015), beside better-auth's limit per
 * address: every node reads and writes the same row, so twelve addresses get no more tries than
 * one. After `freeFailures` wrong passwords the account waits `baseDelayMs`, doubling with each
 * further failure up to `maxDelayMs`; meanwhile attempts are refused without checking the
 * password. A right password or a password reset clears the row, and failures are forgotten a
 * day after the last one, so nobody can keep the owner out for longer than the cap (and the
 * owner can always get in through a reset link).
 */

export interface ThrottleRules {
  freeFailures: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /** Failures older than this (since the last one) no longer count. */
  forgetAfterMs: number;
}

export const FORGET_AFTER_MS = 24 * 60 * 60 * 1000;

/** How long sign-in waits after the `failures`-th consecutive failure (0 while failures are free). */
export function delayAfter(failures: number, rules: ThrottleRules): number {
  if (failures < rules.freeFailures) return 0;
  const doublings = Math.min(failures - rules.freeFailures, 40);
  return Math.min(rules.maxDelayMs, rules.baseDelayMs * 2 ** doublings);
}

export type Attempt = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export class SignInThrottle {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly rules: ThrottleRules,
    private readonly secret: string,
  ) {}

  /** The row's key: an HMAC of the normalised e-mail, so the table does not list addresses. */
  keyOf(email: string): string {
    return createHmac("sha256", this.secret).update(email.trim().toLowerCase()).digest("hex");
  }

  /**
   * Takes one attempt for `email`, counted as a failure until `succeeded` says otherwise: so
   * parallel attempts cannot all slip in before the first failure is written.
   */
  async take(email: string): Promise<Attempt> {
    const key = this.keyOf(email);
    const now = this.clock.now();
    const attempt: Attempt = await this.db.transaction(async (tx) => {
      await tx
        .insert(signInThrottle)
        .values({ emailHash: key, failures: 0, lastFailureAt: now, blockedUntil: now })
        .onConflictDoNothing();
      const rows = await tx.execute<{ failures: number; last_failure_at: string; blocked_until: string }>(
        sql`SELECT failures, last_failure_at, blocked_until FROM sign_in_throttle WHERE email_hash = ${key} FOR UPDATE`,
      );
      const row = rows.rows[0];
      const blockedUntil = new Date(row?.blocked_until ?? now);
      if (blockedUntil.getTime() > now.getTime()) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000)),
        } as const;
      }
      const last = new Date(row?.last_failure_at ?? now).getTime();
      const stale = now.getTime() - last > this.rules.forgetAfterMs;
      const failures = (stale ? 0 : (row?.failures ?? 0)) + 1;
      await tx
        .update(signInThrottle)
        .set({
          failures,
          lastFailureAt: now,
          blockedUntil: new Date(now.getTime() + delayAfter(failures, this.rules)),
        })
        .where(sql`${signInThrottle.emailHash} = ${key}`);
      return { allowed: true } as const;
    });
    // Rows of e-mails nobody signs in with any more are dropped now and then, not by a sweep.
    if (Math.random() < 0.02) await this.forgetStale();
    return attempt;
  }

  /** The password was right (or was just reset by e-mail): the account starts afresh. */
  async succeeded(email: string): Promise<void> {
    await this.db.delete(signInThrottle).where(sql`${signInThrottle.emailHash} = ${this.keyOf(email)}`);
  }

  async forgetStale(): Promise<void> {
    const before = new Date(this.clock.now().getTime() - this.rules.forgetAfterMs);
    await this.db.delete(signInThrottle).where(sql`${signInThrottle.lastFailureAt} < ${before}`);
  }
}

/**
 * Retention (decision 036): the rows of failures older than `before` and no longer blocking go,
 * on the hourly schedule (beside the occasional `forgetStale`). Returns how many.
 */
export async function pruneSignInThrottle(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(signInThrottle)
    .where(sql`${signInThrottle.lastFailureAt} < ${before} AND ${signInThrottle.blockedUntil} < ${before}`)
    .returning({ emailHash: signInThrottle.emailHash });
  return gone.length;
}
