import type { Plugin } from 'vite';

/**
 * Libraries and folders of the signed-in pages' wizard: the engine, the renderer, rjsf (with the stand-ins of
 * scripts/rjsfBasePlugin.ts) and the flow machine.
 */
const WIZARD =
  /[\\/](engine|renderer|app[\\/]screening)[\\/]|[\\/]app[\\/]screening\.ts$|node_modules[\\/](@rjsf|@x0k|xstate|@xstate|json-logic-js|fast-deep-equal|fast-json-stable-stringify|ajv|ajv-formats|use-sync-external-store|use-isomorphic-layout-effect|react-is|jsonpointer)[\\/]|^\0virtual:(steps|ajv-formats)$|^\0insure:rjsf-unreachable\//;
/**
 * The flow machine and xstate: loaded after a step's first paint (app/screening/useFlowActor.ts), in their own chunk
 * with app/screening/startFlow.ts. The wizard's closure reaches them through engine/index.ts, which re-exports the
 * machine's builder, so they are kept out of it by name; and a group of their own, which the bundler would otherwise
 * merge into the step page's chunk (loaded before the first paint).
 */
const FLOW =
  /[\\/]engine[\\/]buildFlowMachine\.ts$|[\\/]app[\\/]screening[\\/]startFlow\.ts$|node_modules[\\/](xstate|@xstate)[\\/]/;
/** The app's shared components and helpers, with what they import (a formatting helper of the renderer)... */
const SHARED = /[\\/]app[\\/](components[\\/]|format\.ts|api[\\/])/;
/** ...unless they need the engine or the wizard's state (the profile's history panel): those go with their page. */
const ENGINE = /[\\/](engine|app[\\/]screening)[\\/]/;
/** The app's i18n runtime and texts: every page uses them, so they never join the shared chunk (the login page would load it). */
const I18N = /[\\/]app[\\/]i18n[\\/]|node_modules[\\/]@lingui[\\/]|^\0virtual:messages\//;

/**
 * What every page runs besides the entry, in one file: React (the entry's React DOM and the pages share it), Lingui's
 * runtime with the app's language, useT and Trans, and Vite's preload helper (the entry's lazy imports and the French
 * chunks share it). Left to itself the bundler made three files of them (5.2, 0.7 and 0.3 KB brotli), each a request
 * and about 0.45 KB of headers on a phone's network.
 */
const RUNTIME =
  /node_modules[\\/](react|@lingui[\\/](core|react))[\\/]|[\\/]app[\\/]i18n[\\/](language|languageChoice|useT)\.ts$|[\\/]app[\\/]i18n[\\/]Trans\.tsx$|vite[\\/]preload-helper/;

/**
 * Fewer, larger chunks for the signed-in pages. Each file over the wire costs about 0.9 KB of headers and a request
 * (six at a time per host over HTTP/1.1), and the automatic split made a dozen files of 1-3 KB for a step. Two groups:
 * the wizard (engine, renderer, rjsf, xstate, ajv's runtime) and the app's components that three pages or more use
 * (what only two share, the applications table, stays with them: the dashboard and a step do not pay for it),
 * with what they import (so the dashboard never loads the wizard for a helper). What the entry loads statically (the login page's code)
 * stays in the entry, and each step's definition stays its own file (virtual:steps/<id>, loaded when needed).
 * @returns - the plugin (it sorts the modules once the graph is known) and the groups for `output.codeSplitting`
 */
export function chunkGroups(): {
  plugin: Plugin;
  groups: {
    name: string;
    test: (id: string) => boolean;
    priority: number;
    includeDependenciesRecursively: false;
    minShareCount: number;
  }[];
} {
  const initial = new Set<string>();
  const shared = new Set<string>();
  const wizard = new Set<string>();
  const plugin: Plugin = {
    name: 'insure:chunk-groups',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const closure = (into: Set<string>, id: string, keep: (id: string) => boolean): void => {
        if (into.has(id) || !keep(id)) return;
        into.add(id);
        for (const next of info(id)?.importedIds ?? []) closure(into, next, keep);
      };
      const ids = [...this.getModuleIds()];
      for (const id of ids) if (info(id)?.isEntry) closure(initial, id, () => true);
      const outside = (id: string) => !initial.has(id);
      const usesWizard = (id: string): boolean => {
        const seen = new Set<string>();
        closure(seen, id, outside);
        return [...seen].some((x) => ENGINE.test(x));
      };
      for (const id of ids)
        if (SHARED.test(id) && !WIZARD.test(id) && !usesWizard(id))
          closure(shared, id, (x) => outside(x) && !I18N.test(x));
      // The wizard is what the pages import statically from it, with its static imports; a module of it imported
      // only dynamically (the review page) keeps its own chunk.
      const inWizard = (id: string) => WIZARD.test(id) && !FLOW.test(id) && outside(id) && !shared.has(id);
      for (const id of ids) {
        if (inWizard(id)) continue;
        for (const next of info(id)?.importedIds ?? []) closure(wizard, next, inWizard);
      }
      // The English texts one module names (scripts/messagesPlugin.ts, `?from=<module>`) go where that module goes; an
      // area loaded whole (the life cycle's statuses) joins the shared chunk when a shared component draws it, instead
      // of a 0.2 KB file of its own.
      for (const id of ids) {
        const whole = /^\0virtual:messages\/en\/[\w-]+$/.test(id);
        if (whole && (info(id)?.importers ?? []).some((x) => shared.has(x))) shared.add(id);
        const from = /^\0virtual:messages\/en\/[\w-]+\?from=(.+)$/.exec(id)?.[1];
        if (from === undefined) continue;
        const importer = decodeURIComponent(from);
        if (shared.has(importer)) shared.add(id);
        if (wizard.has(importer)) wizard.add(id);
      }
    },
  };
  const group = (name: string, test: (id: string) => boolean, priority: number) => ({
    name,
    test,
    priority,
    includeDependenciesRecursively: false as const,
    // Shared by two pages was the rule until the list formats stopped pulling in the engine (renderer/numberFormats.ts):
    // the applications table then joined the shared chunk, 1.5 KB more on the dashboard and a step.
    minShareCount: name === 'shared' ? 3 : 1,
  });
  return {
    plugin,
    groups: [
      group('flow', (id) => FLOW.test(id), 4),
      group('runtime', (id) => RUNTIME.test(id), 3),
      group('shared', (id) => shared.has(id), 2),
      group('wizard', (id) => wizard.has(id), 1),
    ],
  };
}
