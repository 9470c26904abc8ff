import type { Selectable } from 'kysely';
import type { ClientsTable } from '../db/tables.ts';
import type { JsonObject } from '../types.ts';
import type { ClientView } from './clientSchemas.ts';

/** A profile's JSON text as an object ({} when it is not one). */
export function parseObject(text: string): JsonObject {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as JsonObject) : {};
  } catch {
    return {};
  }
}

/** A client row as the API answers it: its columns, its profile's fields and its brokers. */
export function toClientView(row: Selectable<ClientsTable>, brokers: string[]): ClientView {
  return {
    ...parseObject(row.profile),
    id: row.id,
    first_name: row.first_name,
    last_name: row.last_name,
    email: row.email,
    phone_primary: row.phone_primary,
    phone: row.phone_primary,
    date_of_birth: row.date_of_birth,
    gender_sex_at_birth: row.gender_sex_at_birth,
    brokers,
    created_at: row.created_at,
    updated_at: row.updated_at,
    version: row.version,
  };
}
