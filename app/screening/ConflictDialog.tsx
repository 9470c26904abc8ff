import { ConfirmDialog } from '../components/ConfirmDialog.tsx';

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
  return (
    <ConfirmDialog
      title={message}
      confirmLabel="Keep mine"
      cancelLabel="Load theirs"
      busy={busy}
      onConfirm={onKeepMine}
      onCancel={onLoadTheirs}
      onDismiss={onClose}
    >
      <p>
        Someone saved this step in another window or tab after you opened it. Load theirs to see what they saved (your
        changes here are dropped), or keep mine to save your answers over theirs.
      </p>
    </ConfirmDialog>
  );
}
