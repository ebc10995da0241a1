import { createBrowserRouter, type RouteObject } from "react-router";
import { type RouteDef, routes } from "../../shared/routes";
import { NotFoundScreen } from "../screens/NotFound/not-found-screen";
import { RouteGuard } from "./guard";
import { Layout } from "./layout";
import { LazyScreen } from "./lazy-screen";
import { screenLoaders } from "./screens";

/** A seed route as React Router sees it: exact paths alone, prefixes with everything below them. */
export function toRouteObject(route: RouteDef & { screen: NonNullable<RouteDef["screen"]> }): RouteObject {
  return {
    path: route.match === "prefix" && route.path !== "/" ? `${route.path}/*` : route.path,
    caseSensitive: true,
    element: (
      <RouteGuard access={route.access}>
        <LazyScreen loader={screenLoaders[route.screen]} />
      </RouteGuard>
    ),
  };
}

export function buildRoutes(): RouteObject[] {
  const built = routes.flatMap((r) => (r.screen ? [toRouteObject({ ...r, screen: r.screen })] : []));
  return [{ element: <Layout />, children: [...built, { path: "*", element: <NotFoundScreen /> }] }];
}

export function createAppRouter() {
  return createBrowserRouter(buildRoutes());
}
