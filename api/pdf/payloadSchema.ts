import { documentSchema, finalStepOf } from '../../engine/index.ts';
import type { ServerEngine } from '../definitions/createServerEngine.ts';
import { toSchemaObject } from '../openapi/toSchemaObject.ts';
import type { JsonObject } from '../types.ts';

/** Where the payload's schema sits in the API document (and in the generated types). */
export const PAYLOAD_SCHEMA_REF = '#/components/schemas/GenerationPayload';

/**
 * The generation payload's JSON Schema, worked out by the engine from the final step's payload mapping
 * (steps/<final>/documents/payload.json) and the step schemas it reads: the one source of the payload's OpenAPI
 * component, of its TypeScript type (api/pdf/payload.gen.ts) and of its check at generation.
 */
export function payloadSchema(engine: ServerEngine): JsonObject {
  const final = engine.definitions.steps[finalStepOf(engine.definitions.flow)];
  return toSchemaObject(
    documentSchema(final?.documents?.payload ?? { document: {} }, engine.schemas),
    PAYLOAD_SCHEMA_REF,
  );
}
