import type { ErrorListProps } from '@rjsf/utils';

/** rjsf's own error list, drawn as our alert block (the StepForm normally shows ErrorSummary instead). */
export function ErrorList({ errors }: ErrorListProps) {
  if (!errors.length) return null;
  return (
    <div className="alert alert-error error-summary" role="alert">
      <div>
        <p className="alert-title">Please correct the following:</p>
        <ul>
          {errors.map((e, i) => (
            <li key={i}>{e.message ?? e.stack}</li>
          ))}
        </ul>
      </div>
    </div>
  );
}
