import type { ReactNode } from 'react';
import { Link } from '../router/Link.tsx';

export interface LockNoticeProps {
  /** What cannot change, in the page's words. */
  title: string;
  /** Why: the server's message, in the page's language. */
  message: string;
  /** The application whose page frees it (where each insurer can be withdrawn). */
  applicationId: number;
  linkLabel: string;
  /** What the page offers instead, under the message. */
  children?: ReactNode;
  testId?: string;
}

/**
 * Says, before anyone types, that something cannot change because an insurer holds the application (the server
 * decides: the app never judges the lock), with a link to the application's page. A status, read once on arrival.
 */
export function LockNotice({ title, message, applicationId, linkLabel, children, testId }: LockNoticeProps) {
  return (
    <div className="alert alert-info lock-notice" role="status" data-testid={testId}>
      <div className="lock-notice-body">
        <p className="alert-title">{title}</p>
        <p>{message}</p>
        {children}
        <p>
          <Link to={`/applications/${applicationId}`}>{linkLabel}</Link>
        </p>
      </div>
    </div>
  );
}
