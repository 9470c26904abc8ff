import { Link } from '../router/Link.tsx';

/** The product name and mark, linking home. */
export function Brand({ to = '/dashboard' }: { to?: string }) {
  return (
    // Named by its text ("Insure Wizard"), which stays readable when a narrow screen hides it; the "IW" mark is
    // decoration, so the name and the visible text agree (label-content-name-mismatch).
    <Link to={to} className="brand">
      <span className="brand-mark" aria-hidden="true">
        IW
      </span>
      <span className="brand-text">Insure Wizard</span>
    </Link>
  );
}
