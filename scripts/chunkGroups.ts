import type { Plugin } from 'vite';

/**
 * Libraries and folders of the signed-in pages' wizard: the engine, the renderer, rjsf (with the stand-ins of
 * scripts/rjsfBasePlugin.ts) and the flow machine.
 */
const WIZARD =
  /[\\/](engine|renderer|app[\\/]screening)[\\/]|[\\/]app[\\/]screening\.ts$|node_modules[\\/](@rjsf|@x0k|xstate|@xstate|json-logic-js|fast-deep-equal|fast-json-stable-stringify|ajv|ajv-formats|use-sync-external-store|use-isomorphic-layout-effect|react-is|jsonpointer)[\\/]|^\0virtual:(steps|ajv-formats)$|^\0insure:rjsf-unreachable\//;
/**
 * The flow machine and xstate: loaded after a step's first paint (app/screening/useFlowActor.ts imports
 * app/screening/startFlow.ts), in a chunk of their own. The wizard's closure reaches them through engine/index.ts,
 * which re-exports the machine's builder, so they are kept out of it by name; and a group of their own, which the
 * bundler would otherwise merge into the step page's chunk (loaded before the first paint). startFlow.ts stays out of
 * the group, the dynamic import's own 0.2 KB file (Vite preloads the group's beside it): a group that holds a module
 * imported dynamically hands it over as a namespace object built by rolldown's runtime helpers, and the group, which
 * imports nothing from the entry, would then keep those helpers in a file of their own that every page loads
 * (rolldown-runtime, 0.4 KB and a request); without it they are in the entry.
 */
const FLOW = /[\\/]engine[\\/]buildFlowMachine\.ts$|node_modules[\\/](xstate|@xstate)[\\/]/;
/**
 * rjsf's merge of `allOf` with @x0k/json-schema-merge: only a step whose schema says `allOf` imports it
 * (renderer/allOfMerge.ts, from the step's module; scripts/rjsfBasePlugin.ts), so it is kept out of the wizard, in a
 * chunk of its own that such a step loads beside its definition.
 */
const ALL_OF_MERGE =
  /[\\/]renderer[\\/]allOfMerge\.ts$|node_modules[\\/]@x0k[\\/]|node_modules[\\/]@rjsf[\\/]utils[\\/]lib[\\/]schema[\\/]shallowAllOfMerge\.js$/;
/** The app's shared components and helpers, with what they import (a formatting helper of the renderer)... */
const SHARED = /[\\/]app[\\/](components[\\/]|format\.ts|api[\\/])/;
/** ...unless they need the engine or the wizard's state (the profile's history panel): those go with their page. */
const ENGINE = /[\\/](engine|app[\\/]screening)[\\/]/;
/** The app's i18n runtime and texts: every page uses them, so they never join the shared chunk (the login page would load it). */
const I18N = /[\\/]app[\\/]i18n[\\/]|node_modules[\\/]@lingui[\\/]|^\0virtual:messages\//;

/**
 * The page of a screening step (/client/:id/screening/:step). What it loads before the step is drawn is issue 32's
 * budget: the page joins the wizard's file, and the shared modules it imports statically, itself or through the
 * wizard (the dialogs, the date formats, the adviser's profile), are a chunk of their own.
 */
const STEP_PAGE = /[\\/]app[\\/]pages[\\/]ScreeningPage\.tsx$/;

/**
 * What every page runs besides the entry's own code: React (the entry's React DOM and the pages share it), the router
 * (app/router/ whole, as the pages' hooks would make files of 0.2 KB; wouter, its regexparam, and React's own
 * useSyncExternalStore in place of its shim: vite.config.ts), Lingui's runtime with the app's language, useT and
 * Trans, and Vite's preload helper (the entry's lazy imports and the French chunks share it). Left to itself the bundler made three files of them (5.2, 0.7 and 0.3 KB brotli), each a request
 * and about 0.45 KB of headers on a phone's network. They join the entry, whose file every page loads first.
 */
const RUNTIME =
  /node_modules[\\/](react|wouter|regexparam|@lingui[\\/](core|react))[\\/]|wouter-use-sync-external-store|[\\/]app[\\/]router[\\/]|[\\/]app[\\/]i18n[\\/](language|languageChoice|useT)\.ts$|[\\/]app[\\/]i18n[\\/]Trans\.tsx$|vite[\\/]preload-helper/;

/**
 * Fewer, larger chunks for the signed-in pages. Each file over the wire costs about 0.45 KB of headers and a request
 * (six at a time per host over HTTP/1.1), and the automatic split made a dozen files of 1-3 KB for a step. The groups:
 * - `index`: the entry, what it loads statically (the login page's code) and what every page runs (RUNTIME), in one
 *   file. Left to itself the bundler kept React apart from the entry (the lazy pages import it too), and rolldown's
 *   runtime helpers in a third file, as no chunk held them that every other imported.
 * - `wizard`: the engine, the renderer, rjsf, json-logic, ajv's runtime, the screening's app code, as the pages import
 *   them statically, the step's page, and the shared components that only the wizard and pages loading it use (the
 *   lock notice).
 * - `shared`: the app's components and helpers (with what they import) that a step's page imports statically, itself
 *   or through the wizard, and pages without the wizard use too (so the dashboard never loads the wizard for a
 *   helper); `common`: the others that three pages or more use (the lists' search, sorting and statuses, the
 *   documents, the password fields), which a step never loads. What only two share (the applications table, the
 *   lists' paging) stays with them.
 * - `flow`: xstate and the flow machine, after a step's first paint.
 * - `all-of-merge`: rjsf's merge of `allOf`, with the steps that say it (ALL_OF_MERGE).
 * Each step's definition stays its own file (virtual:steps/<id>, loaded when needed).
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
  const drawn = new Set<string>();
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
      const inWizard = (id: string) =>
        WIZARD.test(id) && !FLOW.test(id) && !ALL_OF_MERGE.test(id) && outside(id) && !shared.has(id);
      for (const id of ids) {
        if (inWizard(id)) continue;
        for (const next of info(id)?.importedIds ?? []) closure(wizard, next, inWizard);
      }
      // A shared component the wizard draws, that only pages loading the wizard import besides, goes with the
      // wizard: those pages load it anyway, and a step one file less (the lock notice, 0.2 KB). One only those pages
      // use (the applications table) stays theirs: a step would load it.
      const loadsWizard = (id: string) => wizard.has(id) || (info(id)?.importedIds ?? []).some((x) => wizard.has(x));
      for (const id of [...shared]) {
        const importers = info(id)?.importers ?? [];
        const only = importers.every(loadsWizard) && !info(id)?.dynamicImporters.length;
        if (only && importers.some((x) => wizard.has(x))) {
          shared.delete(id);
          wizard.add(id);
        }
      }
      // The step's page goes with the wizard, which it draws: a step one file less (0.5 KB brotli with its headers),
      // the other pages that load the wizard 0.8 KB more (the client's profile, the applications).
      for (const id of ids) if (STEP_PAGE.test(id)) wizard.add(id);
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
      const stepPage = new Set<string>();
      for (const id of ids) if (STEP_PAGE.test(id)) closure(stepPage, id, outside);
      for (const id of stepPage) if (shared.has(id)) drawn.add(id);
    },
  };
  const group = (name: string, test: (id: string) => boolean, priority: number, minShareCount = 1) => ({
    name,
    test,
    priority,
    includeDependenciesRecursively: false as const,
    minShareCount,
  });
  return {
    plugin,
    groups: [
      group('flow', (id) => FLOW.test(id), 4),
      group('all-of-merge', (id) => ALL_OF_MERGE.test(id), 4),
      group('index', (id) => initial.has(id) || RUNTIME.test(id), 3),
      group('shared', (id) => drawn.has(id), 2),
      // Three pages or more: with two, the applications table (the client's profile and the applications) would
      // join it, 1.1 KB more on the dashboard.
      group('common', (id) => shared.has(id) && !drawn.has(id), 2, 3),
      group('wizard', (id) => wizard.has(id), 1),
    ],
  };
}
