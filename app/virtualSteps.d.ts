/** The modules scripts/stepModulesPlugin.ts builds from steps/. */
declare module 'virtual:steps' {
  type FlowDefinition = import('../engine/index.ts').FlowDefinition;
  type SchemaCheck = import('../engine/index.ts').SchemaCheck;

  /** One step folder with its precompiled JSON Schema checks. */
  export interface StepModule {
    schema: Record<string, unknown>;
    ui: Record<string, unknown>;
    rules: Record<string, unknown>;
    /** The step's documents that are built per value, each with its `scope` alone (no mapping). */
    documents: Record<string, import('../engine/index.ts').DocumentMapping>;
    /** The check of the step's record. */
    record: SchemaCheck;
    /** A check per `if` condition of the schema, by conditionKey. */
    conditions: Record<string, SchemaCheck>;
  }

  export const flow: FlowDefinition;
  /** Loads one step or form, by id. */
  export const loaders: Record<string, () => Promise<StepModule>>;
}

/** The loaders of `virtual:steps` alone (no flow.json), for the app's entry. */
declare module 'virtual:step-loaders' {
  export const loaders: Record<string, () => Promise<unknown>>;
}

/** The French flow and the loaders of the French steps (each over its catalogue, steps/<id>/i18n/fr.json). */
declare module 'virtual:steps/fr' {
  export const flow: import('../engine/index.ts').FlowDefinition;
  export const loaders: Record<string, () => Promise<import('virtual:steps').StepModule>>;
}
