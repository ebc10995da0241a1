import { z } from "zod";

/*
 * Messages in these schemas are error codes of src/shared/errors.ts: the server answers them with
 * their pt-BR text and the client translates them, so one schema serves both sides.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 120;
export const EMAIL_MAX = 254;

/** Any field a contract does not name is refused, not ignored (an attacker's extra field included). */
const strict = { error: "unknown-field" } as const;

export const emailField = z
  .string({ error: "invalid-email" })
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX, { error: "invalid-email" })
  .pipe(z.email({ error: "invalid-email" }));

export const newPasswordField = z
  .string({ error: "password-too-short" })
  .min(PASSWORD_MIN, { error: "password-too-short" })
  .max(PASSWORD_MAX, { error: "password-too-long" });

/** Signing in never tells the rules of a password, only whether it is right. */
const currentPasswordField = z
  .string({ error: "invalid-credentials" })
  .min(1, { error: "invalid-credentials" })
  .max(PASSWORD_MAX, { error: "invalid-credentials" });

/** A token the server made: letters, digits, `-`, `_` (and `.` in a signed one); anything else is junk. */
const token = (code: "invalid-reset-link" | "invalid-argument", max: number) =>
  z
    .string({ error: code })
    .min(1, { error: code })
    .max(max, { error: code })
    .regex(/^[A-Za-z0-9._-]+$/, { error: code });

const flag = z.boolean({ error: "invalid-argument" });

/**
 * Where the person was going (`?next=`): carried into the confirmation link and followed after
 * it only when it is a path of this site (safeNextPath, src/shared/routes.ts); anything else lands on "/".
 */
const nextField = z.string({ error: "invalid-argument" }).max(2000, { error: "invalid-argument" }).optional();

export const signUpInput = z.strictObject(
  {
    name: z
      .string({ error: "name-required" })
      .trim()
      .min(1, { error: "name-required" })
      .max(NAME_MAX, { error: "name-too-long" }),
    email: emailField,
    password: newPasswordField,
    next: nextField,
  },
  strict,
);
export type SignUpInput = z.infer<typeof signUpInput>;

export const signInInput = z.strictObject(
  {
    email: emailField,
    password: currentPasswordField,
    rememberMe: flag.optional(),
  },
  strict,
);
export type SignInInput = z.infer<typeof signInInput>;

export const requestPasswordResetInput = z.strictObject({ email: emailField }, strict);
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInput>;

/** A new confirmation link for an account that has not confirmed its e-mail yet. */
export const resendConfirmationInput = z.strictObject({ email: emailField, next: nextField }, strict);
export type ResendConfirmationInput = z.infer<typeof resendConfirmationInput>;

/** The e-mailed confirmation link's query (a signed token). */
export const verifyEmailQuery = z.strictObject(
  { token: token("invalid-argument", 2048), next: nextField },
  strict,
);

/** A reset link's token, to check before the new password is asked for (nothing is used up). */
export const resetTokenCheckInput = z.strictObject({ token: token("invalid-reset-link", 512) }, strict);
/** Whether the link still sets a password: false once used, expired, replaced by a newer one, or never made. */
export const resetTokenState = z.object({ usable: z.boolean() });
export type ResetTokenState = z.infer<typeof resetTokenState>;

export const resetPasswordInput = z.strictObject(
  {
    token: token("invalid-reset-link", 512),
    newPassword: newPasswordField,
  },
  strict,
);
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const changePasswordInput = z.strictObject(
  {
    currentPassword: z
      .string({ error: "wrong-current-password" })
      .min(1, { error: "wrong-current-password" })
      .max(PASSWORD_MAX, { error: "wrong-current-password" }),
    newPassword: newPasswordField,
    revokeOtherSessions: flag.optional(),
  },
  strict,
);
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const revokeSessionInput = z.strictObject({ token: token("invalid-argument", 512) }, strict);
export type RevokeSessionInput = z.infer<typeof revokeSessionInput>;

/** What sign-up, reset requests and confirmation resends answer, whatever the e-mail. */
export const sameAnswer = z.object({ status: z.literal(true) });

/*
 * better-auth's answers, as the routes forward them (src/server/auth/routes.ts: the JSON text
 * better-auth wrote, which Fastify sends as it is). They are its rows, every column: the document
 * says so field by field, and the suites fail on a field it adds (decision 038).
 */

/** An account as better-auth answers it: its `users` row (src/server/db/schema/auth.ts). */
export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  /** Never set by Chave (better-auth's column). */
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

/** A session as better-auth answers it: its `sessions` row. */
export const sessionInfo = z.object({
  id: z.string(),
  token: z.string(),
  userId: z.string(),
  userAgent: z.string().nullable(),
  ipAddress: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  expiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

/** The signed-in user and session, or null for a visitor. */
export const sessionResponse = z.object({ user: publicUser, session: sessionInfo }).nullable();
export type SessionResponse = z.infer<typeof sessionResponse>;

/** The signed-in user as /api/me answers it (and a name change). */
export const userView = z.object({ id: z.string(), name: z.string(), email: z.string() });
export type UserView = z.infer<typeof userView>;

export const signInResult = z.object({
  /** Always false here (no social sign-in). */
  redirect: z.boolean(),
  token: z.string(),
  url: z.string().optional(),
  user: publicUser,
});
export type SignInResult = z.infer<typeof signInResult>;
/** The new session's token when the other sessions were ended, else null. */
export const changePasswordResult = z.object({ token: z.string().nullable(), user: publicUser });
export const authStatus = z.object({ status: z.boolean() });
export const signOutResult = z.object({ success: z.boolean() });
