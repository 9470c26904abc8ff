/**
 * The anchor of bench/ui.ts: a plain @rjsf/core Form with liveValidate (default theme, default widgets, no uiSchema),
 * controlled the usual way (formData in state, onChange sets it). bench/ui.ts writes anchor-data.json next to the
 * built page: the owner schema with the fields the app shows for the second-individual example, and that record.
 *
 * In the page: `window.__anchorMounts` holds mount-to-paint times (ms); `window.__anchorRemount()` unmounts the form,
 * mounts it again and resolves with that mount's time; `window.__anchorReady` resolves with the first mount's time.
 */
import { useLayoutEffect, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import Form from '@rjsf/core';
import type { IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';

interface AnchorData {
  schema: RJSFSchema;
  formData: Record<string, unknown>;
}

declare global {
  interface Window {
    __anchorMounts: number[];
    __anchorReady: Promise<number>;
    __anchorRemount: () => Promise<number>;
  }
}

/** Calls back after the next frame has been painted (rAF, then a task). */
function afterPaint(done: () => void): void {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done();
    channel.port2.postMessage(null);
  });
}

function AnchorForm({ data, onMounted }: { data: AnchorData; onMounted: () => void }) {
  const [formData, setFormData] = useState(data.formData);
  useLayoutEffect(onMounted, [onMounted]);
  return (
    <Form
      schema={data.schema}
      validator={validator}
      formData={formData}
      onChange={(e: IChangeEvent) => setFormData(e.formData as Record<string, unknown>)}
      liveValidate
      noHtml5Validate
    />
  );
}

const container = document.getElementById('root')!;
let root: Root | null = null;
window.__anchorMounts = [];

function mount(data: AnchorData): Promise<number> {
  return new Promise((resolve) => {
    root?.unmount();
    const t0 = performance.now();
    root = createRoot(container);
    let reported = false;
    const onMounted = () => {
      if (reported) return;
      reported = true;
      afterPaint(() => {
        const ms = performance.now() - t0;
        window.__anchorMounts.push(ms);
        resolve(ms);
      });
    };
    root.render(<AnchorForm data={data} onMounted={onMounted} />);
  });
}

window.__anchorReady = fetch('./anchor-data.json')
  .then((r) => r.json() as Promise<AnchorData>)
  .then((data) => {
    window.__anchorRemount = () => mount(data);
    return mount(data);
  });
