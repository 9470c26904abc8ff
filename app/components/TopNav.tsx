import { NavLink } from '../router/NavLink.tsx';
import { Brand } from './Brand.tsx';
import { UserMenu } from './UserMenu.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/common';

const LINKS = [
  { to: '/dashboard', label: 'common.nav.home' },
  { to: '/applications', label: 'common.nav.applications' },
  { to: '/reports', label: 'common.nav.support' },
];

/** The navigation bar of signed-in pages. */
export function TopNav() {
  const t = useT();
  return (
    <header className="topnav">
      <div className="topnav-inner">
        <Brand />
        <nav aria-label={t('common.nav.main')}>
          <ul className="topnav-links">
            {LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={({ isActive }) => `topnav-link${isActive ? ' active' : ''}`}>
                  {t(link.label)}
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
