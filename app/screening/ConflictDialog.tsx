import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { useT } from '../i18n/useT.ts';
import 'virtual:messages/en/wizard';

export interface ConflictDialogProps {
  /** The server's text ("This step was changed in another window"). */
  message: string;
  busy?: boolean;
  /** Show what the other window saved, dropping this window's changes. */
  onLoadTheirs: () => void;
  /** Save this window's answers over the other window's. */
  onKeepMine: () => void;
  /** Close and decide later: nothing saved, nothing dropped. */
  onClose: () => void;
}

/** A save refused because another window saved the step first: the adviser chooses whose answers stay. */
export function ConflictDialog({ message, busy, onLoadTheirs, onKeepMine, onClose }: ConflictDialogProps) {
  const t = useT();
  return (
    <ConfirmDialog
      title={message}
      confirmLabel={t('wizard.conflict.keepMine')}
      cancelLabel={t('wizard.conflict.loadTheirs')}
      busy={busy}
      onConfirm={onKeepMine}
      onCancel={onLoadTheirs}
      onDismiss={onClose}
    >
      <p>{t('wizard.conflict.text')}</p>
    </ConfirmDialog>
  );
}
