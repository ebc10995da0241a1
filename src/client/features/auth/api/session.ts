import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import { apiPaths } from "../../../../shared/api-paths";
import type {
  ChangePasswordInput,
  ResetTokenState,
  SessionInfo,
  SessionResponse,
  SignInResult,
} from "../../../../shared/contracts/auth";
import { safeNextPath } from "../../../../shared/routes";
import { api } from "../../../lib/api";
import { refreshPaths } from "../../../lib/query";

/**
 * The calls of the session itself, for the auth provider: it keeps the signed-in user in its own
 * state (not the read cache, which it empties when the user changes).
 */
/** Only a path of this site goes along; the home needs no `next`. */
function nextOf(next: string | null | undefined): { next?: string } {
  const path = safeNextPath(next);
  return path === "/" ? {} : { next: path };
}

export const authApi = {
  session: () => api<SessionResponse>(apiPaths.auth.session),
  signIn: (email: string, password: string) =>
    api<SignInResult>(apiPaths.auth.signIn, {
      body: { email, password },
    }),
  /** `next`: where the e-mailed confirmation link lands, signed in (a path of this site). */
  signUp: (name: string, email: string, password: string, next?: string) =>
    api(apiPaths.auth.signUp, { body: { name, email, password, ...nextOf(next) } }),
  resendConfirmation: (email: string, next?: string) =>
    api(apiPaths.auth.sendVerificationEmail, { body: { email, ...nextOf(next) } }),
  /** Whether a reset link still sets a password, before asking for one (nothing is used up). */
  checkResetToken: (token: string) =>
    api<ResetTokenState>(apiPaths.auth.checkResetToken, { body: { token } }),
  signOut: () => api(apiPaths.auth.signOut, { body: {} }),
  requestPasswordReset: (email: string) => api(apiPaths.auth.requestPasswordReset, { body: { email } }),
  resetPassword: (token: string, newPassword: string) =>
    api(apiPaths.auth.resetPassword, { body: { token, newPassword } }),
};

/** This browser's session (its token tells which of the sessions below is this one). */
export const sessionQuery = () =>
  queryOptions({ queryKey: [apiPaths.auth.session], queryFn: authApi.session });

/** Every open session of the account. */
export const sessionsQuery = () =>
  queryOptions({
    queryKey: [apiPaths.auth.sessions],
    queryFn: () => api<SessionInfo[]>(apiPaths.auth.sessions),
  });

/** Changing the password can end the other sessions, so the list is read again. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => api(apiPaths.auth.changePassword, { body: input }),
    onSuccess: () => refreshPaths(queryClient, [apiPaths.auth.sessions]),
  });
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api(apiPaths.auth.revokeSession, { body: { token } }),
    onSuccess: () => refreshPaths(queryClient, [apiPaths.auth.sessions]),
  });
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api(apiPaths.auth.revokeOtherSessions, { body: {} }),
    onSuccess: () => refreshPaths(queryClient, [apiPaths.auth.sessions]),
  });
}
