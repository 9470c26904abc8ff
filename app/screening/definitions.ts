/**
 * The engine and the flow machine in the browser, from the same steps/ the server loads. flow.json comes with the
 * wizard; each step's definition and its precompiled schema checks are loaded when the step is first needed
 * (scripts/stepModulesPlugin.ts), so opening one step does not download the other thirteen. In French, the French
 * flow and steps (built over their catalogues) are loaded instead, and kept apart: one engine per language.
 */
import { use } from 'react';
import { flow, loaders, type StepModule } from 'virtual:steps';
import { currentLanguage, isLanguage, type Language } from '../i18n/language.ts';
import { useI18n } from '../i18n/useT.ts';
import {
  assembleDefinitions,
  assembleStep,
  flowEntries,
  createEngine,
  type Engine,
  type FlowDefinition,
} from '../../engine/index.ts';
import type { SchemaChecks } from '../../engine/index.ts';

/** One language's wizard: its flow, its steps' loaders, the modules loaded, and its engine once made. */
interface LanguageWizard {
  flow: FlowDefinition;
  loaders: Record<string, () => Promise<StepModule>>;
  modules: Map<string, StepModule>;
  loading: Map<string, Promise<void>>;
  built?: { engine: Engine };
}

function wizardOf(definitions: Pick<LanguageWizard, 'flow' | 'loaders'>): LanguageWizard {
  return { ...definitions, modules: new Map(), loading: new Map() };
}

/** English ships with the wizard; another language's flow and steps are their own chunks, imported when it opens. */
const wizards = new Map<Language, LanguageWizard>([['en', wizardOf({ flow, loaders })]]);
const languageLoaders: Record<Exclude<Language, 'en'>, () => Promise<Pick<LanguageWizard, 'flow' | 'loaders'>>> = {
  fr: () => import('virtual:steps/fr'),
};
const wizardLoads = new Map<Language, Promise<LanguageWizard>>();

function loadWizard(language: Language): Promise<LanguageWizard> {
  const ready = wizards.get(language);
  if (ready) return Promise.resolve(ready);
  const pending = wizardLoads.get(language);
  if (pending) return pending;
  const loading: Promise<LanguageWizard> & { status?: 'fulfilled'; value?: LanguageWizard } = languageLoaders[
    language as Exclude<Language, 'en'>
  ]().then(
    (definitions) => {
      const wizard = wizardOf(definitions);
      wizards.set(language, wizard);
      // React's use() reads a settled promise's status and value, and draws on at once: without them, the first
      // draw that reads this promise suspends until a microtask later, and React draws the retry in slices.
      loading.status = 'fulfilled';
      loading.value = wizard;
      return wizard;
    },
    (error: unknown) => {
      wizardLoads.delete(language);
      throw error;
    },
  );
  wizardLoads.set(language, loading);
  return loading;
}

/** The wizard of the language shown, once its flow is here; English until then (loadSteps brings it). */
function currentWizard(): LanguageWizard {
  return wizards.get(currentLanguage()) ?? (wizards.get('en') as LanguageWizard);
}

/** Checks compiled at build time; a step's are there once the step is loaded. */
function precompiledChecks(modules: Map<string, StepModule>): SchemaChecks {
  return {
    record: (stepId) => {
      const checks = modules.get(stepId);
      if (!checks) throw new Error(`Step "${stepId}" is not loaded yet`);
      return checks.record;
    },
    condition: (stepId, key) => {
      const check = modules.get(stepId)?.conditions[key];
      if (!check) throw new Error(`Step "${stepId}" has no precompiled check for the condition ${key}`);
      return check;
    },
  };
}

function runtimeOf(wizard: LanguageWizard): { engine: Engine } {
  if (!wizard.built) {
    // The flow machine is not made here: it comes with xstate after the step's first paint (useFlowActor.ts).
    wizard.built = { engine: createEngine(assembleDefinitions(wizard.flow), precompiledChecks(wizard.modules)) };
  }
  return wizard.built;
}

/**
 * @returns - the engine of the language shown (its titles, labels and messages; the same rules
 *   in every language), created on first use and shared afterwards.
 */
export function screeningRuntime(): { engine: Engine } {
  return runtimeOf(currentWizard());
}

function loadStepOf(wizard: LanguageWizard, stepId: string): Promise<void> {
  let pending = wizard.loading.get(stepId);
  if (pending) return pending;
  const entry = flowEntries(wizard.flow).find((s) => s.id === stepId);
  const load = wizard.loaders[stepId];
  if (!entry || !load) return Promise.reject(new Error(`Unknown step "${stepId}"`));
  pending = load().then(
    (mod) => {
      wizard.modules.set(stepId, mod);
      runtimeOf(wizard).engine.addSteps([assembleStep(entry, mod, {}, mod.documents)]);
    },
    (error: unknown) => {
      // A failed download may be retried.
      wizard.loading.delete(stepId);
      throw error;
    },
  );
  wizard.loading.set(stepId, pending);
  return pending;
}

/**
 * Loads steps' definitions and checks (once each).
 * @param stepIds - steps or forms of flow.json
 */
export async function loadSteps(stepIds: string[]): Promise<void> {
  const wizard = await loadWizard(currentLanguage());
  await Promise.all(stepIds.map((id) => loadStepOf(wizard, id)));
}

/** @returns - true when every one of the steps is loaded. */
function stepsLoaded(stepIds: string[]): boolean {
  const wizard = wizards.get(currentLanguage());
  return wizard !== undefined && stepIds.every((id) => runtimeOf(wizard).engine.hasStep(id));
}

const waits = new Map<string, Promise<Error | null>>();
const keyOf = (stepIds: string[]): string => `${currentLanguage()}:${stepIds.join(',')}`;

/**
 * What a component waits on before drawing with these steps.
 * @returns - null once they are loaded; else the download, which settles to null or to the error that stopped it
 *   (call retrySteps before drawing again to try once more). The same promise for the same steps until it succeeds.
 */
export function stepsWait(stepIds: string[]): Promise<Error | null> | null {
  if (stepsLoaded(stepIds)) return null;
  const key = keyOf(stepIds);
  let wait = waits.get(key);
  if (!wait) {
    wait = loadSteps(stepIds).then(
      () => {
        waits.delete(key);
        return null;
      },
      (error: unknown) => (error instanceof Error ? error : new Error(String(error))),
    );
    waits.set(key, wait);
  }
  return wait;
}

/**
 * The language the wizard is drawn in: the one shown, once its flow is here (suspending until then, React `use`).
 * A component calling it draws again on a switch, and screeningRuntime then answers that language's engine.
 */
export function useWizardLanguage(): Language {
  const locale = useI18n().locale;
  const language = isLanguage(locale) ? locale : 'en';
  // Once a language was loaded lazily, its (settled) promise is read on every draw: React asks use() to be called
  // in the same places each time.
  const pending = wizardLoads.get(language);
  if (pending) use(pending);
  else if (!wizards.has(language)) use(loadWizard(language));
  return language;
}

/** Forgets a failed download so that the next useSteps tries again. */
export function retrySteps(stepIds: string[]): void {
  waits.delete(keyOf(stepIds));
}
