import type { JsonObject } from './types.ts';

/** True for a JSON object (not null, not an array): loosely typed answers are read through it. */
export const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);
