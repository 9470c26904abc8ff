import type { ReactNode } from 'react';
import { Link } from '../router/Link.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/legal';

/** Shared frame of the terms and privacy pages. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  const t = useT();
  return (
    <div className="page page-narrow">
      <article className="card">
        <div className="card-body">
          <h1 className="page-title">{title}</h1>
          <p className="muted text-sm" style={{ marginTop: 'var(--space-1)' }}>
            {t('legal.updated', { date: updated })}
          </p>
          <div className="prose" style={{ marginTop: 'var(--space-4)' }}>
            {children}
          </div>
        </div>
        <div className="card-footer" style={{ justifyContent: 'flex-start' }}>
          <Link to="/signup">{t('legal.backToSignup')}</Link>
        </div>
      </article>
    </div>
  );
}
