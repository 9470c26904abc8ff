import type { LostAnswers } from '../../engine/index.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';

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
  return (
    <ConfirmDialog
      title="Remove these answers?"
      confirmLabel="Remove and save"
      cancelLabel="Keep them"
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="dialog-text">Saving this change removes answers already saved:</p>
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
  return (
    <ConfirmDialog
      title="Replace these answers?"
      confirmLabel="Replace them"
      cancelLabel="Keep them"
      danger
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="dialog-text">
        This change empties answers already given on this step, which cannot be kept together with it:
      </p>
      <ul className="loss-list">
        {titles.map((t) => (
          <li key={t}>{t}</li>
        ))}
      </ul>
    </ConfirmDialog>
  );
}
