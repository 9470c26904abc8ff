import { Link, type LinkProps } from './Link.tsx';
import { useLocation } from './useLocation.ts';

/** Whether the path is the link's or below it, without regard to case (as react-router's NavLink told). */
function isActive(to: string, pathname: string): boolean {
  const path = pathname.toLowerCase().replace(/\/+$/, '');
  const target = to.toLowerCase().replace(/\/+$/, '');
  return path === target || path.startsWith(`${target}/`);
}

/** A link that knows whether the page drawn is its own or one below it: `className` may ask. */
export function NavLink({
  className,
  ...props
}: Omit<LinkProps, 'className'> & { className?: string | ((state: { isActive: boolean }) => string) }) {
  const { pathname } = useLocation();
  const active = isActive(props.to, pathname);
  return (
    <Link
      {...props}
      className={typeof className === 'function' ? className({ isActive: active }) : className}
      aria-current={active ? 'page' : undefined}
    />
  );
}
