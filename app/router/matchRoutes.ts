import { matchRoute } from './matchRoute.ts';
import type { RouteMatch, RouteObject } from './types.ts';

/**
 * The routes a path draws, outermost first: its layout (if any) and its page. The first route in table order
 * wins, "*" matching any path, so it goes last.
 * @returns - the matches, empty when no route takes the path
 */
export function matchRoutes(routes: RouteObject[], pathname: string): RouteMatch[] {
  for (const route of routes) {
    if (route.children) {
      const inner = matchRoutes(route.children, pathname);
      if (inner.length) return [{ route, params: inner[inner.length - 1].params }, ...inner];
      continue;
    }
    const params = route.path === '*' ? {} : route.path === undefined ? null : matchRoute(route.path, pathname);
    if (params) return [{ route, params }];
  }
  return [];
}
