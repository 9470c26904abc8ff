import { useEffect } from 'react';
import { useMatches } from 'react-router';

/** The product's name, last in every document title. */
export const PRODUCT = 'Insure Wizard';

/** "Clients | Insure Wizard". */
export function titleWithProduct(title: string): string {
  return `${title} | ${PRODUCT}`;
}

/**
 * Sets the document title from the matched route's `handle.title` (App.tsx), so each screen has its own (WCAG 2.4.2).
 * Routes without one (the wizard) set their own title.
 */
export function useRouteTitle(): void {
  const matches = useMatches();
  const handle = matches[matches.length - 1]?.handle as { title?: string } | undefined;
  const title = handle?.title;
  useEffect(() => {
    if (title) document.title = titleWithProduct(title);
  }, [title]);
}
