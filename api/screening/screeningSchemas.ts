import { Type } from 'typebox';
import { Id, IdText, Nullable } from '../http/routeSchemas.ts';

/** Where a client's screening is (the document's Progress names the steps: api/openapi/namedSchemas.ts). */
export const Progress = Type.Object(
  {
    clientId: Id,
    currentStep: Type.String(),
    lastUpdated: Nullable(Type.String({ description: 'null when no progress was saved' })),
    isComplete: Type.Boolean(),
    stepData: Type.Record(Type.String(), Type.Unknown()),
  },
  { title: 'Progress' },
);

/**
 * Every saved step record of a client, keyed by step id, with $context and $versions: written as loaded (the
 * document's ApplicationData lists each step's schema).
 */
export const ApplicationData = Type.Object(
  {
    $locked: Type.Optional(
      Nullable(
        Type.Object(
          {
            message: Type.String({ description: "Why, in the request's language (what a save would be refused with)" }),
            applicationId: Id,
          },
          { title: 'ScreeningLock' },
        ),
      ),
    ),
  },
  { title: 'ApplicationData', additionalProperties: true },
);

/** The path of a step's calls: a client id and one of the flow's steps (another segment is a 404). */
export function stepParams(order: string[]) {
  return Type.Object({ clientId: IdText, stepId: Type.String({ enum: order }) });
}

const INVALID_STEP = 'Invalid step';

/**
 * A progress save's shape: the step is one of the flow's, stepData an object when given. What stepData holds (the
 * page, drafts within their steps' bounds) is the engine's check; the client id is read as the spec's calls read it.
 */
export function progressUpdate(order: string[]) {
  return Type.Object(
    {
      client_id: Type.Optional(Type.Unknown()),
      clientId: Type.Optional(Type.Unknown()),
      currentStep: Type.String({ enum: order, errorMessage: INVALID_STEP }),
      stepData: Type.Optional(
        Type.Record(Type.String(), Type.Unknown(), { errorMessage: { type: 'stepData must be an object' } }),
      ),
    },
    {
      additionalProperties: true,
      errorMessage: { type: 'The request body must be a JSON object', required: { currentStep: INVALID_STEP } },
    },
  );
}
