import {
  lintTranslations,
  localizeDefinitions,
  localizeStep,
  missingTranslations,
  translatableTexts,
  type DefinitionFiles,
  type StepDefinition,
} from '../../engine/index.ts';

// A small step folder, as readDefinitionFiles keys it: texts of every kind and what is no text (codes, widgets, paths).
const english = (): DefinitionFiles => ({
  'flow.json': {
    steps: [{ id: 'a', title: 'About you' }],
    titles: { wizard: ['{product} · {client}', 'For {client}'] },
  },
  'a/schema.json': {
    title: 'About',
    description: 'A note for product staff',
    properties: { name: { type: 'string', maxLength: 5, errorMessage: { maxLength: 'At most {limit} letters' } } },
  },
  'a/ui.json': {
    'ui:options': { heading: 'Who you are', progressLabel: 'Page {n} of {total}' },
    'ui:order': ['name'],
    name: { 'ui:title': 'Name', 'ui:widget': 'text', 'ui:enumNames': { m: 'male' } },
  },
  'a/rules.json': { validation: [{ field: 'name', required: true, message: 'Please give {who} a name' }] },
  'a/examples/one.json': { title: 'An example for Storybook', data: {} },
});

const entry = (en: string, fr: string) => ({ en, fr });
const french = (): Record<string, unknown> => ({
  $schema: '../../_meta/i18n.schema.json',
  'schema.json#/title': entry('About', 'À propos'),
  'schema.json#/properties/name/errorMessage/maxLength': entry('At most {limit} letters', 'Au plus {limit} lettres'),
  'ui.json#/ui:options/heading': entry('Who you are', 'Qui vous êtes'),
  'ui.json#/ui:options/progressLabel': entry('Page {n} of {total}', 'Page {n} de {total}'),
  'ui.json#/name/ui:title': entry('Name', 'Nom'),
  'ui.json#/name/ui:enumNames/m': entry('male', 'masculin'),
  'rules.json#/validation/0/message': entry('Please give {who} a name', 'Veuillez donner un nom à {who}'),
});
const bilingual = (): DefinitionFiles => ({
  ...english(),
  'a/i18n/fr.json': french(),
  'i18n/fr.json': {
    'flow.json#/steps/a/title': entry('About you', 'À propos de vous'),
    'flow.json#/titles/wizard/1': entry('For {client}', 'Pour {client}'),
  },
});

describe('translatableTexts', () => {
  it('lists the texts people read, keyed <file>#<json-pointer> in their catalogue, and no code, path or staff note', () => {
    const texts = translatableTexts(english());
    expect(texts.map((t) => `${t.catalogue} ${t.key}`).sort()).toEqual(
      [
        'a/i18n/fr.json rules.json#/validation/0/message',
        'a/i18n/fr.json schema.json#/properties/name/errorMessage/maxLength',
        'a/i18n/fr.json schema.json#/title',
        'a/i18n/fr.json ui.json#/name/ui:enumNames/m',
        'a/i18n/fr.json ui.json#/name/ui:title',
        'a/i18n/fr.json ui.json#/ui:options/heading',
        'a/i18n/fr.json ui.json#/ui:options/progressLabel',
        'i18n/fr.json flow.json#/steps/a/title',
        'i18n/fr.json flow.json#/titles/wizard/1',
      ].sort(),
    );
  });

  it('names an insurer catalogue for the forms and for the catalogues flow.json reads', () => {
    const texts = translatableTexts({
      'bmo/form.json': {
        sections: [{ title: 'Part B - Owner', fields: [{ label: 'Surname', answer: 'owner.last_name' }] }],
      },
      '../forms/bmo/catalogue.json': {
        products: [{ product_label: 'BMO Term', plans: [{ id: 't', name: 'Term 10' }] }],
      },
    });
    expect(texts.map((t) => `${t.catalogue} ${t.key}`)).toEqual([
      'bmo/i18n/fr.json form.json#/sections/0/title',
      'bmo/i18n/fr.json form.json#/sections/0/fields/0/label',
      '../forms/bmo/i18n/fr.json catalogue.json#/products/0/product_label',
      '../forms/bmo/i18n/fr.json catalogue.json#/products/0/plans/t/name',
    ]);
  });
  it("lists what a document prints as it is: a constant cell and an if's outcomes, not its conditions", () => {
    const texts = translatableTexts({
      'a/documents/summary.json': {
        cards: [
          { label: 'Type', value: 'Life Insurance' },
          { label: 'Owner', value: { if: [{ '==': [{ var: 'x' }, 'Yes Sir'] }, { var: 'x' }, 'Not specified'] } },
        ],
      },
    });
    expect(texts.map((t) => `${t.key}`)).toEqual([
      'documents/summary.json#/cards/0/label',
      'documents/summary.json#/cards/0/value',
      'documents/summary.json#/cards/1/label',
      'documents/summary.json#/cards/1/value/if/2',
    ]);
  });

  it("lists a lifecycle's status and event labels and guard messages, not its facts' notes", () => {
    const texts = translatableTexts({
      'lifecycle.json': {
        facts: { signed: 'A note for product staff' },
        guards: { ready: { rule: { var: 'signed' }, message: 'Sign first.' } },
        events: { SUBMIT: { label: 'Submit', sentBy: 'adviser' } },
        statuses: { DRAFT: { label: 'Draft', badge: { colour: 'yellow' } } },
      },
    });
    expect(texts.map((t) => `${t.catalogue} ${t.key}`)).toEqual([
      'i18n/fr.json lifecycle.json#/guards/ready/message',
      'i18n/fr.json lifecycle.json#/events/SUBMIT/label',
      'i18n/fr.json lifecycle.json#/statuses/DRAFT/label',
    ]);
  });
});

describe('lintTranslations', () => {
  it('finds nothing when every text has its French', () => {
    expect(lintTranslations(bilingual())).toEqual([]);
  });

  it('reports a missing translation at the text', () => {
    const files = bilingual();
    delete (files['a/i18n/fr.json'] as Record<string, unknown>)['ui.json#/name/ui:title'];
    expect(lintTranslations(files)).toEqual([
      { file: 'a/ui.json', path: '/name/ui:title', message: 'no fr translation of "Name" in a/i18n/fr.json' },
    ]);
  });

  it('reports an extra translation, of a text that no longer exists, at the catalogue entry', () => {
    const files = bilingual();
    (files['a/i18n/fr.json'] as Record<string, unknown>)['ui.json#/gone/ui:title'] = entry('Gone', 'Parti');
    expect(lintTranslations(files)).toEqual([
      {
        file: 'a/i18n/fr.json',
        path: '/ui.json#~1gone~1ui:title',
        message: 'translates no text: "ui.json" has no text at /gone/ui:title',
      },
    ]);
  });

  it('reports a stale translation: the English changed since the French was written', () => {
    const files = bilingual();
    (files['a/ui.json'] as { name: Record<string, string> }).name['ui:title'] = 'Full name';
    expect(lintTranslations(files)).toEqual([
      {
        file: 'a/ui.json',
        path: '/name/ui:title',
        message: 'stale fr translation in a/i18n/fr.json: written from "Name", the English is now "Full name"',
      },
    ]);
  });

  it('reports placeholders that differ from the English, whatever their kind', () => {
    const files = bilingual();
    const fr = files['a/i18n/fr.json'] as Record<string, { en: string; fr: string }>;
    fr['rules.json#/validation/0/message'].fr = 'Veuillez donner un nom à {qui}';
    fr['ui.json#/ui:options/progressLabel'].fr = 'Page {n}';
    expect(lintTranslations(files).map((p) => `${p.path}: ${p.message}`)).toEqual([
      "/ui:options/progressLabel: the fr translation's placeholders [{n}] differ from the English's [{n}, {total}]",
      "/validation/0/message: the fr translation's placeholders [{qui}] differ from the English's [{who}]",
    ]);
  });

  it('reports an empty translation', () => {
    const files = bilingual();
    (files['i18n/fr.json'] as Record<string, { fr: string }>)['flow.json#/steps/a/title'].fr = ' ';
    expect(lintTranslations(files)).toEqual([
      { file: 'flow.json', path: '/steps/a/title', message: 'empty fr translation in i18n/fr.json' },
    ]);
  });

  it('lists the missing and stale entries as a stub to fill in', () => {
    const files = bilingual();
    (files['a/ui.json'] as { name: Record<string, string> }).name['ui:title'] = 'Full name';
    delete (files['i18n/fr.json'] as Record<string, unknown>)['flow.json#/titles/wizard/1'];
    expect(missingTranslations(files)).toEqual({
      'a/i18n/fr.json': { 'ui.json#/name/ui:title': { en: 'Full name', fr: '' } },
      'i18n/fr.json': { 'flow.json#/titles/wizard/1': { en: 'For {client}', fr: '' } },
    });
  });
});

describe('localizeDefinitions and localizeStep', () => {
  it("returns the very same files for 'en', no copy", () => {
    const files = bilingual();
    expect(localizeDefinitions(files, 'en')).toBe(files);
  });

  it('puts the French in place and leaves the English files untouched', () => {
    const files = bilingual();
    const fr = localizeDefinitions(files, 'fr');
    expect((fr['a/ui.json'] as { name: Record<string, unknown> }).name['ui:title']).toBe('Nom');
    expect((fr['a/ui.json'] as { name: Record<string, unknown> }).name['ui:enumNames']).toEqual({ m: 'masculin' });
    expect((fr['flow.json'] as { steps: { title: string }[] }).steps[0].title).toBe('À propos de vous');
    expect((files['a/ui.json'] as { name: Record<string, unknown> }).name['ui:title']).toBe('Name');
    expect(fr['a/examples/one.json']).toBe(files['a/examples/one.json']);
  });

  it('addresses rows with ids by id, so a step inserted before moves no translation', () => {
    const files = bilingual();
    const flow = files['flow.json'] as { steps: { id: string; title: string }[] };
    flow.steps.unshift({ id: 'intro', title: 'Welcome' });
    expect(lintTranslations(files)).toEqual([
      { file: 'flow.json', path: '/steps/intro/title', message: 'no fr translation of "Welcome" in i18n/fr.json' },
    ]);
    const fr = localizeDefinitions(files, 'fr')['flow.json'] as { steps: { title: string }[] };
    expect(fr.steps.map((s) => s.title)).toEqual(['Welcome', 'À propos de vous']);
  });

  it('keeps the English of a text whose translation is stale', () => {
    const files = bilingual();
    (files['a/ui.json'] as { name: Record<string, string> }).name['ui:title'] = 'Full name';
    const fr = localizeDefinitions(files, 'fr');
    expect((fr['a/ui.json'] as { name: Record<string, unknown> }).name['ui:title']).toBe('Full name');
  });

  it('localizes one loaded step from its catalogue', () => {
    const files = english();
    const step = {
      id: 'a',
      flow: { id: 'a', title: 'About you' },
      schema: files['a/schema.json'],
      ui: files['a/ui.json'],
      rules: files['a/rules.json'],
      examples: {},
    } as unknown as StepDefinition;
    expect(localizeStep(step, french(), 'en')).toBe(step);
    const fr = localizeStep(step, french(), 'fr');
    expect(fr.rules.validation?.[0].message).toBe('Veuillez donner un nom à {who}');
    expect(fr.schema.title).toBe('À propos');
    expect(step.schema.title).toBe('About');
  });
});
