/** A route as src/app/routes.tsx declares it: its paths key, access and element's name. */
export type DeclaredRoute = { key: string; access: string; element: string };

/** A route of the app: its path, access and the source file of its lazy page (none: in the entry). */
export type RouteEntry = { path: string; access: string; page: string | undefined };

export function parseRouteTable(source: string): {
  lazyPages: Map<string, string>;
  routes: DeclaredRoute[];
};

export function readRouteTable(root: string): Promise<RouteEntry[]>;
