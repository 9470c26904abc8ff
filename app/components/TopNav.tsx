import { NavLink } from 'react-router';
import { Brand } from './Brand.tsx';
import { UserMenu } from './UserMenu.tsx';

const LINKS = [
  { to: '/dashboard', label: 'Home' },
  { to: '/applications', label: 'Applications' },
  { to: '/reports', label: 'Support' },
];

/** The navigation bar of signed-in pages. */
export function TopNav() {
  return (
    <header className="topnav">
      <div className="topnav-inner">
        <Brand />
        <nav aria-label="Main">
          <ul className="topnav-links">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={({ isActive }) => `topnav-link${isActive ? ' active' : ''}`}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className="topnav-end">
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
