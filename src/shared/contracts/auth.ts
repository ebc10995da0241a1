import { z } from "zod";

/*
 * Messages in these schemas are error codes of src/shared/errors.ts: the server answers them with
 * their pt-BR text and the client translates them, so one schema serves both sides.
 */

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

export const emailField = z
  .string({ error: "invalid-email" })
  .trim()
  .toLowerCase()
  .max(254, { error: "invalid-email" })
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

export const signUpInput = z.object({
  name: z
    .string({ error: "name-required" })
    .trim()
    .min(1, { error: "name-required" })
    .max(120, { error: "name-too-long" }),
  email: emailField,
  password: newPasswordField,
});
export type SignUpInput = z.infer<typeof signUpInput>;

export const signInInput = z.object({
  email: emailField,
  password: currentPasswordField,
  rememberMe: z.boolean().optional(),
});
export type SignInInput = z.infer<typeof signInInput>;

export const requestPasswordResetInput = z.object({
  email: emailField,
  redirectTo: z.string().max(2048).optional(),
});
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInput>;

export const resetPasswordInput = z.object({
  token: z.string({ error: "invalid-reset-link" }).min(1, { error: "invalid-reset-link" }).max(512),
  newPassword: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordInput>;

export const changePasswordInput = z.object({
  currentPassword: z
    .string({ error: "wrong-current-password" })
    .min(1, { error: "wrong-current-password" })
    .max(PASSWORD_MAX, { error: "wrong-current-password" }),
  newPassword: newPasswordField,
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordInput = z.infer<typeof changePasswordInput>;

export const revokeSessionInput = z.object({
  token: z.string().min(1).max(512),
});
export type RevokeSessionInput = z.infer<typeof revokeSessionInput>;

export const publicUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});
export type PublicUser = z.infer<typeof publicUser>;

export const sessionInfo = z.object({
  id: z.string(),
  token: z.string(),
  userAgent: z.string().nullable().optional(),
  ipAddress: z.string().nullable().optional(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

export const sessionResponse = z
  .object({
    user: publicUser,
    session: z.object({ id: z.string(), expiresAt: z.string(), token: z.string() }).loose(),
  })
  .nullable();
export type SessionResponse = z.infer<typeof sessionResponse>;
