import type { AnchorHTMLAttributes, Ref } from 'react';
import { Link as WouterLink } from 'wouter';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A link the app follows itself (a blocker may hold it); a modified click, another button or another target
 * (`_blank`) is left to the browser.
 */
export function Link({ to, target, ...props }: LinkProps) {
  if (target && target !== '_self') return <a href={to} target={target} {...props} />;
  return <WouterLink to={to} {...props} />;
}
