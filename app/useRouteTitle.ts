import { useEffect } from 'react';
import { useMatchedRoute } from './router/useMatchedRoute.ts';
import { useI18n } from './i18n/useT.ts';
import { i18n } from './i18n/language.ts';
import 'virtual:messages/en/shell';

/**
 * "Clients | Insure Wizard", in the language shown.
 * @param title - the page's title, already in that language
 */
export function titleWithProduct(title: string): string {
  return i18n._('title.withProduct', { title });
}

/**
 * Sets the document title from the matched route's `title`, an id of app/i18n/en/shell.json (App.tsx), so each
 * screen has its own (WCAG 2.4.2), in the language shown (again on a switch). Routes without one (the wizard) set
 * their own title.
 */
export function useRouteTitle(): void {
  const id = useMatchedRoute()?.title;
  const active = useI18n();
  const title = id ? titleWithProduct(active._(id)) : undefined;
  useEffect(() => {
    if (title) document.title = title;
  }, [title]);
}
