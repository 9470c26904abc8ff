export type * from './types.ts';
export {
  loadDefinitions,
  checkDefinitions,
  DefinitionError,
  formatProblem,
  stripSchemaKey,
} from './loadDefinitions.ts';
export { createEngine, type Engine } from './createEngine.ts';
export { ajvSchemaChecks } from './ajvSchemaChecks.ts';
export { createAjv, SCHEMA_FORMATS } from './createAjv.ts';
export { assembleDefinitions, assembleStep, flowEntries, type StepParts } from './assembleDefinitions.ts';
export { conditionKey } from './conditionKey.ts';
export { conditionSchemas } from './conditionSchemas.ts';
export {
  buildFlowMachine,
  positionOf,
  type FlowContext,
  type FlowEvent,
  type FlowInput,
  type FlowMachine,
} from './buildFlowMachine.ts';
export { lintDefinitions } from './lintDefinitions.ts';
export { getPath, setPath, splitPath, changedPaths } from './paths.ts';
export { customOperations, isBlank } from './operations.ts';
export { effects, applyLogic } from './effects.ts';
export { describeLogic } from './describeLogic.ts';
export { flowDiagram } from './flowDiagram.ts';
export { mapDocument, DocumentCheckError, isLogic, documentDirectives, type DocumentMapping } from './mapDocument.ts';
export { labelOf, fieldAt, titleCase, enumNamesOf, optionLabels, resolveRef } from './labelOf.ts';
export {
  secretFields,
  secretPaths,
  secretShowLast,
  mapSecrets,
  maskValue,
  maskSecrets,
  type SecretField,
} from './secretFields.ts';
export { documentSources } from './documentSources.ts';
export { answerFields, answerLines, type AnswerField, type AnswerLine } from './answerFields.ts';
export { finalStepOf } from './finalStepOf.ts';
export { documentSchema } from './documentSchema.ts';
export { constantOf } from './constantOf.ts';
export { textProblems, TEXT_MESSAGES } from './textRule.ts';
export { closestName } from './closestName.ts';
export { schemaAt } from './schemaAt.ts';
export { compileRules, type CompiledRules } from './compileRules.ts';
