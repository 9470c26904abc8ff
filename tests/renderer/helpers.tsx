import { render } from '@testing-library/react';
import { createRef } from 'react';
import { StepForm, type StepFormHandle, type StepFormProps } from '../../renderer/StepForm.tsx';
import type { ApplicationData, JsonObject, StepView } from '../../engine/index.ts';
import { engine } from '../support/engine.ts';

/** Renders a step with the real engine and records every committed change. */
export function renderStep(stepId: string, data: ApplicationData, props: Partial<StepFormProps> = {}) {
  const changes: { record: JsonObject; view: StepView }[] = [];
  const ref = createRef<StepFormHandle>();
  const utils = render(
    <StepForm
      ref={ref}
      engine={engine}
      stepId={stepId}
      data={data}
      onChange={(record, view) => changes.push({ record, view })}
      {...props}
    />,
  );
  return { ...utils, changes, ref };
}
