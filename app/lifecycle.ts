import definition from '../steps/lifecycle.json';
import type { LifecycleDefinition } from '../engine/index.ts';

/** steps/lifecycle.json: the statuses (least advanced first), their labels and badges, as the server enforces them. */
export const lifecycle = definition as unknown as LifecycleDefinition;

/** Every status, least advanced first, with its label: the Applications page's filter. */
export const STATUS_CHOICES = Object.entries(lifecycle.statuses).map(([value, s]) => ({ value, label: s.label }));
