import { lifecycle, statusLabelId } from '../lifecycle.ts';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/common';
import 'virtual:messages/en/lifecycle';

/**
 * An application's status as a badge, in the label and colours steps/lifecycle.json gives it (AA checked by
 * steps:check); a status the definition does not know shows as written, in the neutral badge.
 */
export function StatusBadge({ status }: { status: string | null | undefined }) {
  const t = useT();
  const known = status ? lifecycle.statuses[status] : undefined;
  if (!status || !known)
    return <span className="badge">{status ? status.replace(/_/g, ' ') : t('common.unknownStatus')}</span>;
  return (
    <span className="badge" style={{ background: known.badge.background, color: known.badge.text }}>
      {t(statusLabelId(status))}
    </span>
  );
}
