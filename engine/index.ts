export type * from './types.ts';
export { loadDefinitions, checkDefinitions, DefinitionError, formatProblem, stripSchemaKey } from './loadDefinitions.ts';
export { createEngine, type Engine } from './createEngine.ts';
export { buildFlowMachine, positionOf, type FlowContext, type FlowEvent, type FlowInput, type FlowMachine } from './buildFlowMachine.ts';
export { lintDefinitions } from './lintDefinitions.ts';
export { getPath, setPath } from './paths.ts';
export { customOperations } from './operations.ts';
export { effects } from './effects.ts';
