export type * from './types.ts';
export { loadDefinitions, DefinitionError, formatProblem } from './loadDefinitions.ts';
export { createEngine, type Engine } from './createEngine.ts';
export { ajvSchemaChecks } from './ajvSchemaChecks.ts';
export { createAjv } from './createAjv.ts';
export { assembleDefinitions, assembleStep, flowEntries } from './assembleDefinitions.ts';
export { conditionSchemas } from './conditionSchemas.ts';
export { buildFlowMachine, positionOf, type FlowMachine, type FlowInput } from './buildFlowMachine.ts';
export { lintDefinitions } from './lintDefinitions.ts';
export { getPath, setPath, splitPath, changedPaths } from './paths.ts';
export { isBlank } from './operations.ts';
export { applyLogic } from './effects.ts';
export { describeLogic, ENGLISH_LOGIC_WORDS, type LogicWords } from './describeLogic.ts';
export { flowDiagram, ENGLISH_FLOW_DIAGRAM_WORDS, type FlowDiagramWords } from './flowDiagram.ts';
export { mapDocument, DocumentCheckError } from './mapDocument.ts';
export { labelOf, fieldAt, titleCase, optionLabels, resolveRef, ENGLISH_WORDS } from './labelOf.ts';
export { secretFields, secretPaths, mapSecrets, maskValue, maskSecrets, type SecretField } from './secretFields.ts';
export { documentSources } from './documentSources.ts';
export { answerFields, answerLines } from './answerFields.ts';
export { finalStepOf } from './finalStepOf.ts';
export { documentSchema } from './documentSchema.ts';
export { textProblem, textProblems, TEXT_MESSAGES } from './textRule.ts';
export { closestName } from './closestName.ts';
export { schemaAt } from './schemaAt.ts';
export { compileRules, type CompiledRules } from './compileRules.ts';
export { isListFromFiles } from './listFiles.ts';
export { scopeData, valuesInScope } from './scopeData.ts';
export { translatableTexts } from './translatableTexts.ts';
export { lintTranslations, missingTranslations, catalogueEntries, type TranslationEntry } from './lintTranslations.ts';
export { localizeDefinitions, localizeStep } from './localizeDefinitions.ts';
export { signingPlan, type PlannedSigner } from './signingPlan.ts';
export {
  buildLifecycleMachine,
  type LifecycleMachine,
  type LifecycleFacts,
  type AllowedEvent,
} from './buildLifecycleMachine.ts';
export { contrastRatio } from './checkLifecycle.ts';
