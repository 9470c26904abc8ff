import { useCallback, useId, useRef, useState } from 'react';
import { useNavigate } from '../router/useNavigate.ts';
import { logout } from '../api/client.ts';
import { clearSession, getUsername, isAdminSession } from '../session.ts';
import { ChevronDownIcon, DevicesIcon, LockIcon, LogoutIcon, ShieldIcon, UsersIcon } from './icons.tsx';
import { onMenuKeyDown } from './menuKeys.ts';
import { useOutsideClick } from './useOutsideClick.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/common';

/**
 * The user dropdown: the stored username (default "User"), the adviser profile, Change password, Where you're signed
 * in, Administration (for an administrator), and Logout. Closes on
 * a click outside it.
 */
export function UserMenu() {
  const t = useT();
  const username = getUsername() || t('common.userMenu.defaultName');
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useNavigate();

  const close = useCallback((reason: 'outside' | 'escape') => {
    setOpen(false);
    if (reason === 'escape') button.current?.focus();
  }, []);
  useOutsideClick(anchor, open, close);

  // Opening (click, Enter, Space or ArrowDown) moves focus to the first item, as the row menu does; Escape
  // brings it back to the button.
  const toggle = (next: boolean) => {
    setOpen(next);
    if (next)
      requestAnimationFrame(() =>
        document.getElementById(menuId)?.querySelector<HTMLElement>('[role="menuitem"]')?.focus(),
      );
  };

  const onLogout = async () => {
    setOpen(false);
    await logout();
    clearSession();
    navigate('/', { replace: true });
  };

  // The account's pages, in the menu's order; Administration only for an administrator.
  const pages = [
    { to: '/account/profile', icon: <UsersIcon />, label: t('common.userMenu.profile') },
    { to: '/account/password', icon: <LockIcon />, label: t('common.userMenu.password') },
    { to: '/account/sessions', icon: <DevicesIcon />, label: t('common.userMenu.sessions') },
    ...(isAdminSession() ? [{ to: '/admin', icon: <ShieldIcon />, label: t('common.userMenu.admin') }] : []),
  ];
  return (
    <div className="menu-anchor" ref={anchor}>
      <button
        ref={button}
        type="button"
        className="user-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => toggle(!open)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            toggle(true);
          }
        }}
      >
        <span className="avatar" aria-hidden="true">
          {username.charAt(0)}
        </span>
        <span className="user-name">{username}</span>
        <ChevronDownIcon className="caret" />
      </button>
      {open && (
        <div id={menuId} className="menu" role="menu" aria-label={t('common.userMenu.label')} onKeyDown={onMenuKeyDown}>
          {pages.map(({ to, icon, label }) => (
            <button
              key={to}
              type="button"
              role="menuitem"
              className="menu-item"
              onClick={() => {
                toggle(false);
                navigate(to);
              }}
            >
              {icon}
              {label}
            </button>
          ))}
          <button type="button" role="menuitem" className="menu-item" onClick={onLogout}>
            <LogoutIcon />
            {t('common.userMenu.logout')}
          </button>
        </div>
      )}
    </div>
  );
}
