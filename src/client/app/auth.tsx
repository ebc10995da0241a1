import { useQueryClient } from "@tanstack/react-query";
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { authApi } from "../features/auth/api/session";
import { logger } from "../lib/logger";

export interface AuthUser {
  id: string;
  name: string;
  email: string;
}

/** The seed's three states: unknown while loading (nothing rendered), then a user or none. */
export type AuthState =
  | { status: "unknown" }
  | { status: "signed-in"; user: AuthUser }
  | { status: "signed-out" };

type Listener = (state: AuthState) => void;

export interface AuthContextValue {
  state: AuthState;
  signIn(email: string, password: string): Promise<void>;
  /** Creates the account; it signs in through the link e-mailed to it (the answer is the same for any e-mail). */
  signUp(name: string, email: string, password: string, next?: string): Promise<void>;
  /** E-mails a new confirmation link to an account that has not confirmed yet (landing on `next`). */
  resendConfirmation(email: string, next?: string): Promise<void>;
  signOut(): Promise<void>;
  sendPasswordReset(email: string): Promise<void>;
  /** Re-reads the session from the server (after a change made elsewhere). */
  refresh(): Promise<void>;
  /** Calls `listener` on every later change of the state; returns the unsubscribe function. */
  subscribe(listener: Listener): () => void;
}

const AuthContext = createContext<AuthContextValue | null>(null);
const CHANNEL = "chave-auth";

function toUser(u: { id: string; name: string; email: string }): AuthUser {
  return { id: u.id, name: u.name, email: u.email };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<AuthState>({ status: "unknown" });
  const listeners = useRef(new Set<Listener>());
  const lastUserId = useRef<string | null>(null);
  const channel = useRef<BroadcastChannel | null>(null);
  const queryClient = useQueryClient();

  const apply = useCallback(
    (next: AuthState) => {
      const id = next.status === "signed-in" ? next.user.id : null;
      if (next.status === "signed-in" && id !== lastUserId.current) logger.info("new user", next.user.email);
      // The read cache lasts one session: another user (or none) starts from an empty one.
      if (id !== lastUserId.current) queryClient.clear();
      lastUserId.current = id;
      setState((prev) => {
        const same =
          prev.status === next.status &&
          (prev.status !== "signed-in" ||
            (next.status === "signed-in" &&
              prev.user.id === next.user.id &&
              prev.user.name === next.user.name));
        if (same) return prev;
        for (const l of listeners.current) l(next);
        return next;
      });
    },
    [queryClient],
  );

  const refresh = useCallback(async () => {
    try {
      const session = await authApi.session();
      apply(session?.user ? { status: "signed-in", user: toUser(session.user) } : { status: "signed-out" });
    } catch (err) {
      logger.error("could not read the session", err);
      // Without an answer we cannot tell; show the signed-out app rather than nothing forever.
      setState((prev) => (prev.status === "unknown" ? { status: "signed-out" } : prev));
    }
  }, [apply]);

  const announce = useCallback(() => channel.current?.postMessage("changed"), []);

  useEffect(() => {
    void refresh();
    if (typeof BroadcastChannel !== "undefined") {
      channel.current = new BroadcastChannel(CHANNEL);
      channel.current.onmessage = () => void refresh();
    }
    const onVisible = () => {
      if (document.visibilityState === "visible") void refresh();
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => {
      channel.current?.close();
      channel.current = null;
      document.removeEventListener("visibilitychange", onVisible);
    };
  }, [refresh]);

  const value = useMemo<AuthContextValue>(
    () => ({
      state,
      async signIn(email, password) {
        const res = await authApi.signIn(email, password);
        apply({ status: "signed-in", user: toUser(res.user) });
        announce();
      },
      async signUp(name, email, password, next) {
        await authApi.signUp(name, email, password, next);
      },
      async resendConfirmation(email, next) {
        await authApi.resendConfirmation(email, next);
      },
      async signOut() {
        await authApi.signOut();
        apply({ status: "signed-out" });
        announce();
      },
      async sendPasswordReset(email) {
        await authApi.requestPasswordReset(email);
      },
      refresh,
      subscribe(listener) {
        listeners.current.add(listener);
        return () => listeners.current.delete(listener);
      },
    }),
    [state, apply, announce, refresh],
  );

  // Nothing at all is rendered until the first answer, as the seed does.
  if (state.status === "unknown") return null;
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error("useAuth outside AuthProvider");
  return ctx;
}

/** Tell other tabs that the session changed (after a password change or a revoked session). */
export function announceAuthChange(): void {
  if (typeof BroadcastChannel === "undefined") return;
  const c = new BroadcastChannel(CHANNEL);
  c.postMessage("changed");
  c.close();
}
