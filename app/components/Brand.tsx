import { Link } from 'react-router';

/** The product name and mark, linking home. */
export function Brand({ to = '/dashboard' }: { to?: string }) {
  return (
    <Link to={to} className="brand" aria-label="Insure Wizard">
      <span className="brand-mark" aria-hidden="true">
        IW
      </span>
      <span className="brand-text">Insure Wizard</span>
    </Link>
  );
}

export const TAGLINE = 'Insure Faster, Smarter, Easier.';
