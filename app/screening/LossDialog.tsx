import type { LostAnswers } from '../../engine/index.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

/** Asks before a save that drops saved answers elsewhere (insured 2's sections when going back to one insured), naming them. */
export function LossDialog({
  lost,
  onConfirm,
  onCancel,
}: {
  lost: LostAnswers[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      title={t('wizard.loss.title')}
      confirmLabel={t('wizard.loss.confirm')}
      cancelLabel={t('wizard.loss.keep')}
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="dialog-text">{t('wizard.loss.intro')}</p>
      <ul className="loss-list">
        {lost.map((l) => (
          <li key={l.step}>
            <strong>{l.title}</strong>: {l.titles.join(', ')}
          </li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}

/** Asks before a change on this step empties answers already given on it (a joint plan replacing the single-life plans). */
export function DiscardDialog({
  titles,
  onConfirm,
  onCancel,
}: {
  titles: string[];
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      title={t('wizard.discard.title')}
      confirmLabel={t('wizard.loss.replace')}
      cancelLabel={t('wizard.loss.keep')}
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="dialog-text">{t('wizard.discard.text')}</p>
      <ul className="loss-list">
        {titles.map((title) => (
          <li key={title}>{title}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
