/**
 * How every step's stories come from steps/ with no story file per step (Node side, used by main.ts).
 *
 * - `stepIndexer` is a Storybook indexer (main.ts `experimental_indexers`). The `stories` globs hand it
 *   `steps/<id>/schema.json` (giving the step's Empty, All errors shown and Fill one, clear another stories, and
 *   its docs page) and each `steps/<id>/examples/<name>.json` (one story each). Every entry points at the
 *   virtual module `virtual:step-stories/<id>`.
 * - `stepStoriesPlugin` is a Vite plugin that writes that virtual module: a CSF file whose exports call
 *   stepStories.tsx. It also writes the body of allStepStories.tsx, the one real file that holds every step's
 *   stories for the story tests (@storybook/addon-vitest runs real files only; main.ts lists it under Vitest).
 *
 * Storybook's dev server re-indexes when a file matching the globs appears, and the plugin reloads the virtual
 * modules when anything under steps/ changes, so a new step or example shows up without a restart.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Indexer, IndexInput } from 'storybook/internal/types';
import type { Plugin, ViteDevServer } from 'vite';
import { exampleExportName, FIXED_STORIES, stepStoryTitle, VIRTUAL_PREFIX, type FlowLike } from './catalog.ts';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const stepsDir = join(projectRoot, 'steps');
/** The browser module the generated CSF calls, relative to the Vite root (the project root). */
const storiesModule = '/.storybook/steps/stepStories.tsx';
/** The file whose body the plugin writes with every step's stories, for the test runner. */
export const testEntry = join(projectRoot, '.storybook', 'steps', 'allStepStories.tsx');

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

function readFlow(): FlowLike {
  return readJson<FlowLike>(join(stepsDir, 'flow.json'));
}

/** Every step and form flow.json lists, in flow order, whose folder exists. */
function listedSteps(flow: FlowLike): string[] {
  return [...flow.steps, ...(flow.forms ?? [])]
    .map((s) => s.id)
    .filter((id) => existsSync(join(stepsDir, id, 'schema.json')));
}

/** The example names of a step (file names without .json), sorted as the engine sorts them. */
function exampleNames(stepId: string): string[] {
  const dir = join(stepsDir, stepId, 'examples');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => f.replace(/\.json$/, ''));
}

function exampleTitle(stepId: string, name: string): string {
  try {
    const title = readJson<{ title?: unknown }>(join(stepsDir, stepId, 'examples', `${name}.json`)).title;
    return typeof title === 'string' && title.trim() ? title : name;
  } catch {
    return name;
  }
}

const STEP_FILE = /[\\/]steps[\\/]([^\\/]+)[\\/](?:schema\.json|examples[\\/]([^\\/]+)\.json)$/;

/** Indexes steps/<id>/schema.json and steps/<id>/examples/*.json into step stories (and allStepStories.tsx into none). */
export const stepIndexer: Indexer = {
  test: new RegExp(`${STEP_FILE.source}|[\\\\/]allStepStories\\.tsx$`),
  createIndex: async (fileName) => {
    const match = STEP_FILE.exec(fileName);
    if (!match) return []; // allStepStories.tsx, the tests' module: its body only exists once the plugin writes it
    const [, stepId, example] = match;
    const title = stepStoryTitle(readFlow(), stepId);
    if (!title) return []; // a folder flow.json does not list: `npm run steps:check` reports it
    const common = { type: 'story' as const, importPath: `${VIRTUAL_PREFIX}${stepId}`, title };
    if (example !== undefined) {
      return [
        {
          ...common,
          exportName: exampleExportName(example),
          name: exampleTitle(stepId, example),
          tags: ['step', 'example'],
        },
      ];
    }
    return FIXED_STORIES.map((s): IndexInput => ({
      ...common,
      exportName: s.exportName,
      name: s.name,
      tags: ['step', 'autodocs'],
    }));
  },
};

function stepExports(stepId: string, exportPrefix = ''): string[] {
  const id = JSON.stringify(stepId);
  return [
    ...FIXED_STORIES.map(
      (s) => `export const ${exportPrefix}${s.exportName} = stepStory(${id}, ${JSON.stringify(s.exportName)});`,
    ),
    ...exampleNames(stepId).map(
      (name) =>
        `export const ${exportPrefix}${exampleExportName(name)} = stepStory(${id}, { example: ${JSON.stringify(name)} });`,
    ),
  ];
}

/** The CSF module of one step's stories, as the sidebar loads it. */
export function stepModule(stepId: string): string {
  return [
    `import { stepMeta, stepStory } from ${JSON.stringify(storiesModule)};`,
    `export default stepMeta(${JSON.stringify(stepId)});`,
    ...stepExports(stepId),
  ].join('\n');
}

/**
 * Every step's stories in one CSF module, for the test runner. The meta and names are literals because
 * @storybook/addon-vitest reads them statically to name the tests.
 */
export function allStepsModule(): string {
  const flow = readFlow();
  const lines = [
    `import { stepStory } from ${JSON.stringify(storiesModule)};`,
    `export default { title: 'Steps (tests)', tags: ['step'] };`,
  ];
  for (const stepId of listedSteps(flow)) {
    const prefix = `${stepId.replace(/[^A-Za-z0-9]/g, '_')}__`;
    const names = new Map([
      ...FIXED_STORIES.map((s) => [s.exportName, s.name] as const),
      ...exampleNames(stepId).map((n) => [exampleExportName(n), `Example: ${exampleTitle(stepId, n)}`] as const),
    ]);
    for (const line of stepExports(stepId, prefix)) {
      // `export const x = stepStory(...)` becomes `export const x = { ...stepStory(...), name: "<step>: <story>" }`
      const [, exportName, call] = /^export const (\S+) = (.*);$/.exec(line)!;
      const name = `${stepId}: ${names.get(exportName.slice(prefix.length))}`;
      lines.push(`export const ${exportName} = { ...${call}, name: ${JSON.stringify(name)} };`);
    }
  }
  return lines.join('\n');
}

/** Serves `virtual:step-stories/<id>`, writes the test entry's body, and reloads both when steps/ changes. */
export function stepStoriesPlugin(): Plugin {
  const resolved = `\0${VIRTUAL_PREFIX}`;
  return {
    name: 'insure:step-stories',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(VIRTUAL_PREFIX) ? `\0${id}` : undefined;
    },
    load(id) {
      if (!id.startsWith(resolved)) return undefined;
      return stepModule(id.slice(resolved.length));
    },
    transform(_code, id) {
      if (resolve(id.split('?')[0]) !== testEntry) return undefined;
      for (const stepId of listedSteps(readFlow())) {
        for (const name of exampleNames(stepId)) this.addWatchFile(join(stepsDir, stepId, 'examples', `${name}.json`));
      }
      return { code: allStepsModule(), map: null };
    },
    configureServer(server: ViteDevServer) {
      server.watcher.add(stepsDir);
      const onChange = (file: string): void => {
        if (!file.startsWith(stepsDir + sep)) return;
        const graph = server.environments?.client?.moduleGraph ?? server.moduleGraph;
        let touched = false;
        for (const id of [...(graph.idToModuleMap?.keys() ?? [])]) {
          if (id.startsWith(resolved) || id === testEntry) {
            const mod = graph.getModuleById(id);
            if (mod) {
              graph.invalidateModule(mod);
              touched = true;
            }
          }
        }
        if (touched && (basename(dirname(file)) === 'examples' || basename(file) === 'flow.json'))
          server.ws.send({ type: 'full-reload' });
      };
      server.watcher.on('add', onChange);
      server.watcher.on('unlink', onChange);
      server.watcher.on('change', onChange);
    },
  };
}
