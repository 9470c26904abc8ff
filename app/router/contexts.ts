/** The router's React contexts (app/router/Router.tsx provides them, the hooks read them). */
import { createContext, type ReactNode } from 'react';
import type { AppHistory } from './createHistory.ts';
import type { Location, RouteMatch } from './types.ts';

export const HistoryContext = createContext<AppHistory | null>(null);
/** The location drawn, which trails the history's while a navigation's page loads (a transition). */
export const LocationContext = createContext<Location | null>(null);
export const MatchesContext = createContext<RouteMatch[]>([]);
export const OutletContext = createContext<ReactNode>(null);
