import { describe, expect, it } from 'vitest';
import { chunkGroups } from '../../scripts/chunkGroups.ts';

/**
 * A small app's module graph as the bundler describes it: each module with its static and dynamic imports. The
 * paths are those the groups know (app/pages, app/components, app/screening, engine, node_modules).
 */
const GRAPH: Record<string, { imports?: string[]; lazy?: string[]; entry?: boolean }> = {
  '/p/app/index.html': { entry: true, imports: ['/p/app/main.tsx'] },
  '/p/app/main.tsx': { imports: ['/p/node_modules/react/index.js', '/p/app/App.tsx'] },
  '/p/app/App.tsx': {
    imports: ['/p/node_modules/react/index.js'],
    lazy: [
      '/p/app/pages/ScreeningPage.tsx',
      '/p/app/pages/DashboardPage.tsx',
      '/p/app/pages/ClientProfilePage.tsx',
      '/p/app/pages/ApplicationsPage.tsx',
      '/p/app/pages/AccountProfilePage.tsx',
    ],
  },
  '/p/node_modules/react/index.js': {},
  '/p/app/i18n/useT.ts': {},
  '/p/app/pages/ScreeningPage.tsx': {
    imports: ['/p/app/api/profile.ts', '/p/app/screening/ScreeningWizard.tsx', '/p/app/i18n/useT.ts'],
  },
  '/p/app/screening/ScreeningWizard.tsx': {
    imports: ['/p/app/screening/StepPage.tsx', '/p/engine/index.ts'],
    lazy: ['/p/app/screening/startFlow.ts', '\0virtual:steps/plan-details'],
  },
  '/p/app/screening/StepPage.tsx': {
    imports: [
      '/p/app/components/ConfirmDialog.tsx',
      '/p/app/format.ts',
      '/p/app/screening/LockedNotice.tsx',
      '/p/node_modules/@rjsf/utils/lib/schema/retrieveSchema.js',
    ],
  },
  // rjsf's merge of `allOf`: rjsf imports the stand-in (scripts/rjsfBasePlugin.ts), the step saying `allOf` the real one.
  '/p/node_modules/@rjsf/utils/lib/schema/retrieveSchema.js': {
    imports: ['/p/renderer/rjsfBase/shallowAllOfMerge.ts'],
  },
  '/p/renderer/rjsfBase/shallowAllOfMerge.ts': {},
  '\0virtual:steps/plan-details': {
    imports: ['/p/renderer/allOfMerge.ts', '/p/node_modules/ajv/dist/runtime/ucs2length.js'],
  },
  '/p/node_modules/ajv/dist/runtime/ucs2length.js': {},
  '/p/renderer/allOfMerge.ts': {
    imports: [
      '/p/node_modules/@rjsf/utils/lib/schema/shallowAllOfMerge.js',
      '/p/renderer/rjsfBase/shallowAllOfMerge.ts',
    ],
  },
  '/p/node_modules/@rjsf/utils/lib/schema/shallowAllOfMerge.js': {
    imports: ['/p/node_modules/@x0k/json-schema-merge/dist/index.js'],
  },
  '/p/node_modules/@x0k/json-schema-merge/dist/index.js': {},
  '/p/app/screening/LockedNotice.tsx': { imports: ['/p/app/components/LockNotice.tsx'] },
  '/p/app/screening/StepsGate.tsx': { imports: ['/p/engine/index.ts'] },
  '/p/app/screening/startFlow.ts': { imports: ['/p/node_modules/xstate/index.js', '/p/engine/index.ts'] },
  '/p/engine/index.ts': { imports: ['/p/engine/buildFlowMachine.ts'] },
  '/p/engine/buildFlowMachine.ts': { imports: ['/p/node_modules/xstate/index.js'] },
  '/p/node_modules/xstate/index.js': {},
  '/p/app/components/ConfirmDialog.tsx': { imports: ['/p/app/i18n/useT.ts'] },
  '/p/app/format.ts': { imports: ['/p/renderer/numberFormats.ts'] },
  '/p/renderer/numberFormats.ts': {},
  '/p/app/components/LockNotice.tsx': {},
  '/p/app/components/ListSearch.tsx': {},
  '/p/app/components/ApplicationsTable.tsx': { imports: ['/p/app/format.ts'] },
  '/p/app/api/profile.ts': {},
  '/p/app/pages/DashboardPage.tsx': {
    imports: ['/p/app/components/ConfirmDialog.tsx', '/p/app/components/ListSearch.tsx', '/p/app/format.ts'],
  },
  '/p/app/pages/ClientProfilePage.tsx': {
    imports: [
      '/p/app/components/LockNotice.tsx',
      '/p/app/screening/StepsGate.tsx',
      '/p/app/components/ApplicationsTable.tsx',
    ],
  },
  '/p/app/pages/ApplicationsPage.tsx': {
    imports: [
      '/p/app/components/ApplicationsTable.tsx',
      '/p/app/components/ListSearch.tsx',
      '/p/app/screening/StepsGate.tsx',
    ],
  },
  '/p/app/pages/AccountProfilePage.tsx': { imports: ['/p/app/api/profile.ts', '/p/app/components/ListSearch.tsx'] },
};

/** The group each module of GRAPH goes to, by the highest priority whose test takes it, once the plugin saw the graph. */
function groupsOfGraph(): Record<string, string> {
  const { plugin, groups } = chunkGroups();
  const importers = (id: string) => Object.keys(GRAPH).filter((x) => GRAPH[x].imports?.includes(id));
  const dynamicImporters = (id: string) => Object.keys(GRAPH).filter((x) => GRAPH[x].lazy?.includes(id));
  const context = {
    getModuleIds: () => Object.keys(GRAPH)[Symbol.iterator](),
    getModuleInfo: (id: string) =>
      GRAPH[id] && {
        id,
        isEntry: GRAPH[id].entry ?? false,
        importedIds: GRAPH[id].imports ?? [],
        dynamicallyImportedIds: GRAPH[id].lazy ?? [],
        importers: importers(id),
        dynamicImporters: dynamicImporters(id),
      },
  };
  (plugin.buildEnd as (this: typeof context) => void).call(context);
  const byPriority = [...groups].sort((a, b) => b.priority - a.priority);
  return Object.fromEntries(
    Object.keys(GRAPH).map((id) => [id.replace('/p/', ''), byPriority.find((g) => g.test(id))?.name ?? '']),
  );
}

describe('chunkGroups', () => {
  const groups = groupsOfGraph();

  it('puts the entry, what it loads statically and what every page runs in one file', () => {
    expect(groups['app/main.tsx']).toBe('index');
    expect(groups['app/App.tsx']).toBe('index');
    expect(groups['node_modules/react/index.js']).toBe('index');
    expect(groups['app/i18n/useT.ts']).toBe('index');
  });

  it("gives a step's page only the shared components it draws with, the others to a file a step does not load", () => {
    // What the step's page imports statically, itself (the profile) or through the wizard (the dialog, the formats).
    expect(groups['app/components/ConfirmDialog.tsx']).toBe('shared');
    expect(groups['app/format.ts']).toBe('shared');
    expect(groups['renderer/numberFormats.ts']).toBe('shared');
    expect(groups['app/api/profile.ts']).toBe('shared');
    // The lists' search, which the dashboard and two more pages use.
    expect(groups['app/components/ListSearch.tsx']).toBe('common');
  });

  it('puts the step page and a component only pages loading the wizard import in the wizard', () => {
    expect(groups['app/pages/ScreeningPage.tsx']).toBe('wizard');
    expect(groups['app/screening/StepPage.tsx']).toBe('wizard');
    expect(groups['app/components/LockNotice.tsx']).toBe('wizard');
    // Only pages that load the wizard use the applications table, but the wizard does not: a step would load it
    // (the bundler then keeps it apart, as two pages only share it).
    expect(groups['app/components/ApplicationsTable.tsx']).toBe('common');
  });

  it('keeps the flow machine out of the wizard, and the module the wizard imports dynamically out of its group', () => {
    expect(groups['node_modules/xstate/index.js']).toBe('flow');
    expect(groups['engine/buildFlowMachine.ts']).toBe('flow');
    expect(groups['app/screening/startFlow.ts']).toBe('');
  });

  it("keeps rjsf's merge of allOf out of the wizard, for the steps that import it; its stand-in stays", () => {
    expect(groups['renderer/allOfMerge.ts']).toBe('all-of-merge');
    expect(groups['node_modules/@rjsf/utils/lib/schema/shallowAllOfMerge.js']).toBe('all-of-merge');
    expect(groups['node_modules/@x0k/json-schema-merge/dist/index.js']).toBe('all-of-merge');
    expect(groups['renderer/rjsfBase/shallowAllOfMerge.ts']).toBe('wizard');
    // What a step's module imports besides (ajv's runtime) still goes with the wizard.
    expect(groups['node_modules/ajv/dist/runtime/ucs2length.js']).toBe('wizard');
    expect(groups['\0virtual:steps/plan-details']).toBe('');
  });
});
