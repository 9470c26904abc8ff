import { useCallback, useId, useRef, useState } from 'react';
import { Link } from '../router/Link.tsx';
import { DotsIcon } from './icons.tsx';
import { onMenuKeyDown } from './menuKeys.ts';
import { useOutsideClick } from './useOutsideClick.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/common';

export interface RowMenuProps {
  /** Names the row for screen readers: "Actions for {label}". */
  label: string;
  editTo: string;
  /** Without it there is no Delete (a client shared with the user as a broker is not theirs to delete). */
  onDelete?: () => void;
}

/** A row's "more" menu with Edit (a link) and, when given onDelete, Delete. */
export function RowMenu({ label, editTo, onDelete }: RowMenuProps) {
  const t = useT();
  const name = t('common.rowMenu.actionsFor', { label });
  const [open, setOpen] = useState(false);
  const anchor = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  const close = useCallback((reason: 'outside' | 'escape') => {
    setOpen(false);
    if (reason === 'escape') button.current?.focus();
  }, []);
  useOutsideClick(anchor, open, close);

  const toggle = () => {
    const next = !open;
    setOpen(next);
    if (next)
      requestAnimationFrame(() =>
        document.getElementById(menuId)?.querySelector<HTMLElement>('[role="menuitem"]')?.focus(),
      );
  };

  return (
    <div className="menu-anchor" ref={anchor}>
      <button
        ref={button}
        type="button"
        className="btn btn-ghost btn-icon"
        aria-label={name}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
      >
        <DotsIcon />
      </button>
      {open && (
        <div id={menuId} className="menu" role="menu" aria-label={name} onKeyDown={onMenuKeyDown}>
          <Link role="menuitem" className="menu-item" to={editTo}>
            {t('common.rowMenu.edit')}
          </Link>
          {onDelete && (
            <button
              type="button"
              role="menuitem"
              className="menu-item menu-item-danger"
              onClick={() => {
                setOpen(false);
                onDelete();
              }}
            >
              {t('common.rowMenu.delete')}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
