/** A route as src/app/routes.tsx declares it: its paths key, access, element's and frame's names. */
export type DeclaredRoute = { key: string; access: string; element: string; shell?: string };

/**
 * A route of the app: its path, access and the source files of its lazy page (none: in the entry) and
 * lazy frame (none: it has no frame).
 */
export type RouteEntry = {
  path: string;
  access: string;
  page: string | undefined;
  shell: string | undefined;
};

export function parseRouteTable(source: string): {
  lazyPages: Map<string, string>;
  lazyShells: Map<string, string>;
  routes: DeclaredRoute[];
};

export function readRouteTable(root: string): Promise<RouteEntry[]>;
