/** The router's shapes, shared by the facade's files (app/router/). */
import type { ReactElement } from 'react';

/** Where the app is: the URL's parts, the state given with the navigation, and a key per history entry. */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  state: unknown;
  /** "default" for the entry the app was opened on (no navigation of the app's own before it). */
  key: string;
}

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Goes to a path, or back (-1) and forward through the history. */
export type Navigate = (to: string | number, options?: NavigateOptions) => void;

/** Says whether leaving `currentLocation` for `nextLocation` must wait for the user's answer. */
export type BlockerFunction = (args: { currentLocation: Location; nextLocation: Location }) => boolean;

/** A held navigation: "blocked" until proceed() carries it out or reset() drops it. */
export interface Blocker {
  state: 'unblocked' | 'blocked' | 'proceeding';
  proceed: () => void;
  reset: () => void;
}

/**
 * A route of the table: a page at `path` ("*" for any path), or a layout (no path) whose `children` draw in its
 * <Outlet />. `title` is the id of the document title (app/i18n/en/shell.json), read by useRouteTitle.
 */
export interface RouteObject {
  path?: string;
  element: ReactElement;
  title?: string;
  children?: RouteObject[];
}

/** A route the location matched, with the path's parameters (decoded). */
export interface RouteMatch {
  route: RouteObject;
  params: Record<string, string>;
}
