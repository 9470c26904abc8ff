/**
 * flow.json's `words`: a boolean answer with no labels of its own (ui:widget yesNo) reads in the language shown, in
 * the engine (review, names, PDFs) and in the renderer's choices; a definition without `words` keeps the English.
 */
import { readDefinitionFiles } from '../../api/definitions/readDefinitionFiles.ts';
import {
  ajvSchemaChecks,
  createEngine,
  loadDefinitions,
  localizeDefinitions,
  type FlowDefinition,
} from '../../engine/index.ts';
import { choicesOf } from '../../renderer/options.ts';
import stepsFr from '../../steps/i18n/fr.json';
import flow from '../../steps/flow.json';

const files = readDefinitionFiles('steps');
const english = createEngine(loadDefinitions(files), ajvSchemaChecks());
const french = createEngine(loadDefinitions(localizeDefinitions(files, 'fr')), ajvSchemaChecks());
const YES_FR = stepsFr['flow.json#/words/yes'].fr;
const NO_FR = stepsFr['flow.json#/words/no'].fr;

describe("flow.json's words", () => {
  it("label a yes/no answer in the definitions' English, and in French once localized", () => {
    expect(english.labelOf('basic', 'speaks_english_french', true)).toBe(flow.words.yes);
    expect(english.labelOf('basic', 'speaks_english_french', false)).toBe(flow.words.no);
    expect(YES_FR).not.toBe(flow.words.yes);
    expect(french.labelOf('basic', 'speaks_english_french', true)).toBe(YES_FR);
    expect(french.labelOf('basic', 'speaks_english_french', false)).toBe(NO_FR);
  });

  it("are the renderer's choices for a boolean without ui:enumNames", () => {
    const words = (french.definitions.flow as FlowDefinition).words;
    expect(choicesOf({ type: 'boolean' }, {}, words).map((c) => c.label)).toEqual([YES_FR, NO_FR]);
    expect(choicesOf({ type: 'boolean' }, {}).map((c) => c.label)).toEqual([flow.words.yes, flow.words.no]);
  });
});
