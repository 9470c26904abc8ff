import definition from '../steps/lifecycle.json';
import type { LifecycleDefinition } from '../engine/index.ts';

/** steps/lifecycle.json: the statuses (least advanced first), their labels and badges, as the server enforces them. */
export const lifecycle = definition as unknown as LifecycleDefinition;

/** Every status, least advanced first: the Applications page's filter. */
export const STATUSES = Object.keys(lifecycle.statuses);

/**
 * A status's label as an app message id: the labels of steps/lifecycle.json in the language shown (scripts/
 * messagesPlugin.ts makes them messages; `import 'virtual:messages/en/lifecycle'` where they are drawn).
 */
export const statusLabelId = (status: string) => `lifecycle.status.${status}`;
