/**
 * The build marks each step's module with V8's compile hint (scripts/stepModulesPlugin.ts), so its checks compile
 * while the file streams in rather than on the form's first draw; the other chunks are left as they are.
 */
import type { OutputBundle, OutputChunk } from 'rolldown';
import { describe, expect, it } from 'vitest';
import { compileHintsPlugin } from '../../scripts/compileHintsPlugin.ts';
import { stepModulesPlugin } from '../../scripts/stepModulesPlugin.ts';

function chunk(fileName: string, moduleIds: string[]): OutputChunk {
  return { type: 'chunk', fileName, moduleIds, code: 'import "./x.js";\nexport const a = 1;' } as OutputChunk;
}

describe('step modules: compile hints', () => {
  it('hints the chunks holding a step (English or French), not the flow, loaders, or a language root', () => {
    const bundle = {
      'owner.js': chunk('owner.js', ['\0virtual:steps/owner']),
      'owner-fr.js': chunk('owner-fr.js', ['\0virtual:steps/fr/owner', '\0virtual:ajv-formats']),
      'flow-fr.js': chunk('flow-fr.js', ['\0virtual:steps/fr']),
      'index.js': chunk('index.js', ['\0virtual:steps', '\0virtual:step-loaders', '/app/main.tsx']),
    } as unknown as OutputBundle;
    const plugin = stepModulesPlugin();
    const generate = plugin.generateBundle as (this: unknown, options: unknown, bundle: OutputBundle) => void;
    generate.call({}, {}, bundle);
    generate.call({}, {}, bundle);
    const code = (name: string) => (bundle[name] as OutputChunk).code;
    expect(code('owner.js')).toBe('//# allFunctionsCalledOnLoad\nimport "./x.js";\nexport const a = 1;');
    expect(code('owner-fr.js').split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
    expect(code('owner-fr.js').match(/allFunctionsCalledOnLoad/g)).toHaveLength(1);
    expect(code('flow-fr.js')).not.toContain('allFunctionsCalledOnLoad');
    expect(code('index.js')).not.toContain('allFunctionsCalledOnLoad');
  });
});

describe('compile hints of named chunks', () => {
  it('hints the entry and the wizard once, not the other chunks, assets aside', () => {
    const named = (fileName: string, name: string): OutputChunk => ({ ...chunk(fileName, ['/app/x.ts']), name });
    const bundle = {
      'index.js': named('index.js', 'index'),
      'wizard.js': named('wizard.js', 'wizard'),
      'DashboardPage.js': named('DashboardPage.js', 'DashboardPage'),
      'index.css': { type: 'asset', fileName: 'index.css', source: 'body{}' },
    } as unknown as OutputBundle;
    const hook = compileHintsPlugin(['index', 'wizard']).generateBundle as {
      handler: (this: unknown, options: unknown, bundle: OutputBundle) => void;
    };
    const generate = hook.handler;
    generate.call({}, {}, bundle);
    generate.call({}, {}, bundle);
    const code = (name: string) => (bundle[name] as OutputChunk).code;
    expect(code('index.js').startsWith('//# allFunctionsCalledOnLoad\nimport "./x.js";')).toBe(true);
    expect(code('wizard.js').match(/allFunctionsCalledOnLoad/g)).toHaveLength(1);
    expect(code('DashboardPage.js')).not.toContain('allFunctionsCalledOnLoad');
    expect((bundle['index.css'] as unknown as { source: string }).source).toBe('body{}');
  });
});
