import type { ReactNode } from "react";
import { Navigate, useLocation, useSearchParams } from "react-router";
import { type RouteAccess, safeNextPath } from "../../shared/routes";
import { useAuth } from "./auth";

/** Sends a signed-out visitor of a private route to /login?next=…, and a signed-in one away from /login. */
export function RouteGuard({ access, children }: { access: RouteAccess; children: ReactNode }) {
  const { state } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  if (access === "signed-in" && state.status !== "signed-in") {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (access === "signed-out" && state.status === "signed-in") {
    return <Navigate to={safeNextPath(params.get("next"))} replace />;
  }
  return <>{children}</>;
}
