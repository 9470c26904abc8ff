import { createContext, useContext, useSyncExternalStore } from 'react';
import type { FormStore } from './formStore.ts';

/** The StepForm's store; fields read their status from it. */
export const FormStoreContext = createContext<FormStore | null>(null);

/** What a FieldTemplate tells the widget inside it: its record path and how to describe it to assistive technology. */
export interface FieldInfo {
  /** Dotted path relative to the step record (`insured_1.first_name`). */
  path: string;
  /** Ids for aria-describedby (help, description, error), space separated; undefined when none. */
  describedBy?: string;
  /** True while an error is shown for the field. */
  invalid: boolean;
  /** True when the definitions require the field (a `required` rule, or the JSON Schema's `required`). */
  required?: boolean;
  /** True while a readonly rule of the engine holds for the field: it shows but may not be edited. */
  readonly?: boolean;
}

export const FieldInfoContext = createContext<FieldInfo>({ path: '', invalid: false });

/** A ui:sections section around a field: lets a lone container field skip a title the section already shows. */
export interface SectionInfo {
  title?: string;
  /** How many fields the section draws. */
  size: number;
}

export const SectionContext = createContext<SectionInfo | null>(null);

/** The limits and labels of the array whose items are being drawn (ArrayFieldItemTemplate reads them). */
export interface ArrayInfo {
  itemTitle?: string;
  removeLabel: string;
  minItems: number;
  total: number;
  title: string;
  /** The heading level of each item's title (3 or 4). */
  itemLevel?: number;
  /** Told before a row's Remove goes through, so the list can put the focus on a row that stays. */
  removing?: (index: number) => void;
}

export const ArrayContext = createContext<ArrayInfo | null>(null);

/** @returns - the enclosing StepForm's store. */
export function useFormStore(): FormStore {
  const store = useContext(FormStoreContext);
  if (!store) throw new Error('renderer widgets and templates must be drawn inside StepForm');
  return store;
}

const noStore = { subscribe: () => () => {}, get: () => undefined };

/**
 * Subscribes to one value of the store; the component re-renders only when that value changes.
 * @param select - reads the value; must return a primitive (or a stable reference)
 */
export function useStoreValue<T>(select: (store: FormStore) => T): T {
  const store = useContext(FormStoreContext);
  return useSyncExternalStore(store ? store.subscribe : noStore.subscribe, () =>
    store ? select(store) : (noStore.get() as T),
  );
}

/** @returns - the dotted record path of a field from rjsf's FieldPathId path. */
export function pathKey(path: ReadonlyArray<string | number>): string {
  return path.join('.');
}
