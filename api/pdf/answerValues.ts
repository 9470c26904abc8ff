import type { JsonObject } from './types.ts';

/** Small readers of loosely typed answers: each gives null (or {}) for anything of the wrong kind. */
export const isObject = (v: unknown): v is JsonObject => v !== null && typeof v === 'object' && !Array.isArray(v);
export const obj = (v: unknown): JsonObject => (isObject(v) ? v : {});
export const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v : typeof v === 'number' ? String(v) : null;
export const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
export const id = (v: unknown): string | number | null => (typeof v === 'string' || typeof v === 'number' ? v : null);
