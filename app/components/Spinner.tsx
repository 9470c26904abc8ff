import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/common';

/** A centred spinner with a visible label, announced politely. */
export function Loading({ label }: { label?: string }) {
  const t = useT();
  return (
    <div className="loading" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}
