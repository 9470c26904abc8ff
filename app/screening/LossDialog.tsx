import type { LostAnswers } from '../../engine/types.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';

/** Asks before a save that drops saved answers elsewhere (insured 2's sections when going back to one insured), naming them. */
export function LossDialog({ lost, onConfirm, onCancel }: { lost: LostAnswers[]; onConfirm: () => void; onCancel: () => void }) {
  return (
    <ConfirmDialog title="Remove these answers?" confirmLabel="Remove and save" cancelLabel="Keep them" danger onConfirm={onConfirm} onCancel={onCancel}>
      <p className="dialog-text">This change removes answers already saved in other steps:</p>
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
