import type { ReactNode } from 'react';

/**
 * Stands in for markdown-to-jsx in the app bundle (aliased in vite.config.ts). Our definitions never enable
 * rjsf's markdown descriptions (`ui:enableMarkdownInDescription`), so the text is shown as it is, and the
 * parser's 86 kB stays out of the wizard's JavaScript.
 */
export function Markdown({ children }: { children?: ReactNode }) {
  return <>{children}</>;
}
