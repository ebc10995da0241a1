import { BrowserRouter, type RouteObject, useRoutes } from "react-router";
import { type RouteDef, routes } from "../../shared/routes";
import { RouteGuard } from "./guard";
import { Layout } from "./layout";
import { LazyScreen, type ScreenLoader } from "./lazy-screen";
import { screenLoaders } from "./screens";

/** A route as React Router sees it: exact paths alone, prefixes with everything below them. */
function routeObject(route: Omit<RouteDef, "screen">, loader: ScreenLoader): RouteObject {
  return {
    path: route.match === "prefix" && route.path !== "/" ? `${route.path}/*` : route.path,
    caseSensitive: true,
    element: (
      <RouteGuard access={route.access}>
        <LazyScreen loader={loader} />
      </RouteGuard>
    ),
  };
}

/** A seed route as React Router sees it. */
export function toRouteObject(route: RouteDef & { screen: NonNullable<RouteDef["screen"]> }): RouteObject {
  return routeObject(route, screenLoaders[route.screen]);
}

/** "Página não encontrada" is a screen like the others: its own chunk. */
const notFoundLoader = () => import("../screens/NotFound/not-found-screen").then((m) => m.NotFoundScreen);

export function buildRoutes(): RouteObject[] {
  const built = routes.flatMap((r) => (r.screen ? [toRouteObject({ ...r, screen: r.screen })] : []));
  return [
    {
      element: <Layout />,
      children: [...built, { path: "*", element: <LazyScreen loader={notFoundLoader} /> }],
    },
  ];
}

const appRoutes = buildRoutes();

function AppRoutes() {
  return useRoutes(appRoutes);
}

/**
 * The app's routes in React Router's declarative mode: no screen uses loaders, actions or
 * fetchers, and the data router that createBrowserRouter brings weighs about a third of the
 * library on every first paint (issue 18).
 */
export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
