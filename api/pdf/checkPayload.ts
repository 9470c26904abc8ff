import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { documentSchema, finalStepOf } from '../../engine/index.ts';
import type { Engine } from '../../engine/index.ts';
import { PayloadError } from './generationErrors.ts';
import type { GenerationPayload } from './types.ts';

/** One compiled check per engine: the schema follows the definitions, which do not change under a running server. */
const compiled = new WeakMap<Engine, ValidateFunction<GenerationPayload>>();

function validatorOf(engine: Engine): ValidateFunction<GenerationPayload> {
  let validate = compiled.get(engine);
  if (!validate) {
    const { definitions } = engine;
    const schemas = Object.fromEntries(definitions.order.map((id) => [id, definitions.steps[id].schema]));
    const mapping = definitions.steps[finalStepOf(definitions.flow)].documents?.payload ?? { document: {} };
    validate = new Ajv({ allErrors: true, strict: false, validateFormats: false }).compile<GenerationPayload>(
      documentSchema(mapping, schemas),
    );
    compiled.set(engine, validate);
  }
  return validate;
}

/**
 * Checks a mapped payload against the schema worked out from the payload mapping (the one its type,
 * api/pdf/payload.gen.ts, is generated from): the check is what makes the value a GenerationPayload, without a cast.
 * @param engine - the engine over steps/
 * @param value - the payload document as the engine mapped it
 * @throws PayloadError `payloadSchema` naming the first path that differs (a 400: see
 * docs/decisions/pdf-payload-schema-check.md)
 */
export function checkPayload(engine: Engine, value: unknown): GenerationPayload {
  const validate = validatorOf(engine);
  if (validate(value)) return value;
  const errors = validate.errors ?? [];
  const first = errors[0];
  const where = first?.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'payload';
  throw new PayloadError(
    'payloadSchema',
    `The generation payload does not match its mapping's schema at ${where}: ${first?.message ?? 'invalid'}`,
    where,
  );
}
