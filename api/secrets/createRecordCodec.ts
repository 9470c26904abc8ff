import { mapSecrets, secretPaths, type SecretField } from '../../engine/index.ts';
import type { Definitions, JsonObject } from '../../engine/index.ts';
import { isSealed, type SecretBox } from './createSecretBox.ts';

/** What the step-record store does to a record on its way to and from the database. */
export interface RecordCodec {
  /** The record as stored: its secret answers sealed. */
  seal(clientId: number, stepId: string, record: JsonObject): JsonObject;
  /** The record as the rest of the server sees it: its secret answers whole (plain ones from before are kept). */
  open(clientId: number, stepId: string, record: JsonObject): JsonObject;
  /** True when a stored record still holds a secret answer in plain text (stored before sealing existed). */
  hasPlain(stepId: string, record: JsonObject): boolean;
  /** The steps that have secret fields. */
  steps: string[];
}

/**
 * Seals the fields the definitions mark `x-secret` (engine.secretPaths), each bound to its client, step and path,
 * so a sealed value copied into another row does not open.
 * @param definitions - the loaded definitions
 * @param box - the key's sealing
 */
export function createRecordCodec(definitions: Definitions, box: SecretBox): RecordCodec {
  const fields: Record<string, SecretField[]> = secretPaths(definitions);
  const context = (clientId: number, stepId: string, path: string): string => `${clientId}/${stepId}/${path}`;
  return {
    seal(clientId, stepId, record) {
      const own = fields[stepId];
      return own
        ? mapSecrets(record, own, (value, _f, path) =>
            isSealed(value) ? value : box.seal(value, context(clientId, stepId, path)),
          )
        : record;
    },
    open(clientId, stepId, record) {
      const own = fields[stepId];
      return own
        ? mapSecrets(record, own, (value, _f, path) =>
            isSealed(value) ? box.open(value, context(clientId, stepId, path)) : value,
          )
        : record;
    },
    hasPlain(stepId, record) {
      let plain = false;
      mapSecrets(record, fields[stepId] ?? [], (value) => {
        if (!isSealed(value)) plain = true;
        return value;
      });
      return plain;
    },
    steps: Object.keys(fields),
  };
}

/** The codec of a store without secrets (tests that write records directly, tools). */
export const PLAIN_CODEC: RecordCodec = {
  seal: (_c, _s, r) => r,
  open: (_c, _s, r) => r,
  hasPlain: () => false,
  steps: [],
};
