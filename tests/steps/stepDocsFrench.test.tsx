// @vitest-environment jsdom
import { renderToStaticMarkup } from 'react-dom/server';
import { ENGLISH_LOGIC_WORDS } from '../../engine/index.ts';
import { definitions } from '../../.storybook/steps/definitions.ts';
import { DOCS_TEXT_IDS, docsTemplate } from '../../.storybook/steps/docsTexts.ts';
import { StepDocsBody } from '../../.storybook/steps/StepDocsBody.tsx';

/**
 * Issue 28: a step's docs page in Storybook, with the toolbar set to French, reads French: the step's texts from the
 * French definitions and the page's own words from docsTexts.ts. Only notes for product staff (a schema's
 * description, the examples' titles) stay English, and they are marked `lang="en-CA"`.
 */
const steps = [...definitions.order, ...(definitions.flow.forms ?? []).map((f) => f.id)];

/** The page drawn in French, but what is marked English. */
function frenchPage(stepId: string): HTMLElement {
  const host = document.createElement('div');
  host.innerHTML = renderToStaticMarkup(<StepDocsBody stepId={stepId} language="fr" />);
  for (const english of host.querySelectorAll('[lang="en-CA"]')) english.remove();
  return host;
}

/** A part as a whole word or words, so "and" is not found in "demande". */
const asWords = (part: string): RegExp =>
  new RegExp(`(^|[^\\p{L}])${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}])`, 'u');

/** The English words of the page's framing that French writes otherwise: each text's parts between placeholders. */
// (Parts the French holds too are no English: file names, "contexte" holding "context".)
const englishOnly = DOCS_TEXT_IDS.flatMap((id) =>
  docsTemplate('en', id)
    .split(/\{\w+\}/)
    .map((part) => part.replace(/^[\s,.:;—(]+|[\s,.:;—)]+$/g, ''))
    .filter((part) => /[a-z]{3}/i.test(part) && !docsTemplate('fr', id).includes(part)),
);
const englishLogic = Object.values(ENGLISH_LOGIC_WORDS)
  .flatMap((words) => words.split(/\{\w+\}/))
  .map((part) => part.trim())
  .filter((part) => /[a-z]{2}/.test(part) && part !== 'mod')
  .map((part) => ` ${part} `);

describe("a step's docs page in French", () => {
  it('has English framing to look for', () => {
    expect(englishOnly).toContain('Rules in plain words');
    expect(englishLogic).toContain(' is one of ');
  });

  it.each(steps)('%s: no English text of the page or of the rules in words', (stepId) => {
    const page = frenchPage(stepId);
    const text = page.textContent ?? '';
    expect(text.length).toBeGreaterThan(100);
    // A single word may be French too ("Options" in a label): it is looked for where the page's own words stand.
    const framing = [...page.querySelectorAll('h2, th, strong, td:last-child')].map((el) => el.textContent?.trim());
    for (const part of englishOnly) {
      if (/\s/.test(part)) expect(text, part).not.toMatch(asWords(part));
      else expect(framing, part).not.toContain(part);
    }
    for (const part of englishLogic) expect(text, part).not.toContain(part);
  });

  it.each(steps)("%s: the step's title and labels are the French definitions'", (stepId) => {
    const host = frenchPage(stepId);
    const english = document.createElement('div');
    english.innerHTML = renderToStaticMarkup(<StepDocsBody stepId={stepId} language="en" />);
    expect(host.querySelector('h1')?.textContent).not.toBe(english.querySelector('h1')?.textContent);
    const labels = (root: HTMLElement): string[] =>
      [...root.querySelectorAll('tbody tr')].map((row) => row.querySelector('td')?.textContent ?? '');
    const changed = labels(host).filter((label, i) => label !== labels(english)[i]);
    if (labels(english).length) expect(changed.length).toBeGreaterThan(0);
  });
});
