/**
 * The words of a step's docs page (StepDocs.tsx) in both languages: headings, the fields table's columns, the flow's
 * and the rules' sentences, the stories' descriptions. The step's own texts (titles, labels, options, messages) come
 * from its definitions in the language shown; these are the page's framing around them. `{name}` is a placeholder;
 * French puts a no-break space before a colon and inside « », as the app's catalogues do.
 */
import { ENGLISH_FLOW_DIAGRAM_WORDS, type FlowDiagramWords, type LogicWords } from '../../engine/index.ts';
import type { Language } from '../../app/i18n/language.ts';

const NB = '\u00a0';

const TEXTS = {
  // The definition format's special variables, as the rules read them.
  scopeVar: { en: 'this group’s {name}', fr: `{name} de ce groupe` },
  paramsVar: { en: 'the group’s {name}', fr: `{name} du groupe` },
  itemVar: { en: 'this row’s {name}', fr: `{name} de cette ligne` },
  contextVar: { en: 'context: {name}', fr: `contexte${NB}: {name}` },

  definedIn: {
    en: 'Defined in {folder} (schema.json, ui.json, rules.json).',
    fr: 'Définie dans {folder} (schema.json, ui.json, rules.json).',
  },
  examplesOne: { en: '1 example: {list}.', fr: `1 exemple${NB}: {list}.` },
  examplesOther: { en: '{n} examples: {list}.', fr: `{n} exemples${NB}: {list}.` },
  examplesNone: { en: 'No example.', fr: 'Aucun exemple.' },
  emptyErrorsOne: {
    en: 'On an empty form the engine reports {n} error.',
    fr: 'Sur un formulaire vide, le moteur signale {n} erreur.',
  },
  emptyErrorsOther: {
    en: 'On an empty form the engine reports {n} errors.',
    fr: 'Sur un formulaire vide, le moteur signale {n} erreurs.',
  },
  staffNote: { en: '{note}', fr: `Note de l’équipe produit, en anglais${NB}: {note}` },
  // The wizard's buttons as the app's catalogues name them (wizard.review.edit, wizard.next).
  editButton: { en: 'Edit', fr: 'Modifier' },
  nextButton: { en: 'Next', fr: 'Suivant' },

  placeInFlow: { en: 'Place in the flow', fr: 'Place dans le parcours' },
  fields: { en: 'Fields', fr: 'Champs' },
  rules: { en: 'Rules in plain words', fr: 'Les règles en clair' },
  stories: { en: 'Stories', fr: 'Stories (l’étape à l’essai)' },

  notInOrder: {
    en: 'This form is checked by the same engine but is not part of the screening’s order.',
    fr: 'Ce formulaire est vérifié par le même moteur, mais ne fait pas partie de l’ordre des étapes de l’évaluation.',
  },
  stepOf: { en: 'Step {n} of {total}', fr: 'Étape {n} sur {total}' },
  afterStep: { en: ', after {title}', fr: `, après «${NB}{title}${NB}»` },
  firstStep: { en: ', the first step', fr: ', la première étape' },
  beforeStep: { en: ' and before {title}', fr: ` et avant «${NB}{title}${NB}»` },
  alwaysApplies: { en: 'It always applies.', fr: 'Elle s’applique toujours.' },
  appliesOnly: {
    en: 'It applies only while {condition}; otherwise the wizard skips it.',
    fr: `Elle ne s’applique que si {condition}${NB}; sinon, l’assistant la saute.`,
  },
  final: { en: ' Reaching it completes the screening.', fr: ' L’atteindre termine l’évaluation.' },
  review: {
    en: ' It is the review step: {edit} opens a step and comes back here.',
    fr: ` C’est l’étape de révision${NB}: {edit} ouvre une étape et revient ici.`,
  },
  pagesIntro: {
    en: 'Its pages, in order ({next} checks only the page’s fields):',
    fr: `Ses pages, dans l’ordre ({next} ne vérifie que les champs de la page)${NB}:`,
  },
  onlyWhile: { en: ' — only while {condition}', fr: ' — seulement si {condition}' },
  counted: { en: ' — counted in “Step n of N”', fr: ` — comptée dans «${NB}Étape n sur N${NB}»` },
  mermaid: {
    en: 'The same flow as a Mermaid diagram (paste it into any Mermaid viewer, or see docs/flow.md)',
    fr: `Le même parcours en diagramme Mermaid (à coller dans un visualiseur Mermaid${NB}; en anglais dans docs/flow.md)`,
  },

  noFields: { en: 'This step has no fields of its own.', fr: 'Cette étape n’a aucun champ propre.' },
  colLabel: { en: 'Label', fr: 'Libellé' },
  colField: { en: 'Field', fr: 'Champ' },
  colType: { en: 'Type / widget', fr: 'Type / composant' },
  colOptions: { en: 'Options', fr: 'Choix' },
  colDefault: { en: 'Default', fr: 'Par défaut' },
  colShownWhen: { en: 'Shown when', fr: 'Affiché si' },
  always: { en: 'always', fr: 'toujours' },
  conditionSeparator: { en: '; ', fr: `${NB}; ` },

  noRules: {
    en: 'This step has no rules: every field shows and nothing is required.',
    fr: `Cette étape n’a aucune règle${NB}: tous les champs s’affichent et rien n’est obligatoire.`,
  },
  forEach: { en: 'For each of {scopes}:', fr: `Pour chacun de {scopes}${NB}:` },
  error: { en: 'Error', fr: 'Erreur' },
  errorRule: {
    en: '{kind} on {field}: “{message}” — {when}{params}.',
    fr: `{kind} sur {field}${NB}: «${NB}{message}${NB}» — {when}{params}.`,
  },
  whileBlank: { en: 'while it is blank', fr: 'tant qu’il est vide' },
  whileCondition: { en: 'while {condition}', fr: 'tant que {condition}' },
  where: { en: ' (where {list})', fr: ' (où {list})' },
  paramIs: { en: '{name} is {value}', fr: '{name} vaut {value}' },
  computed: { en: 'Computed', fr: 'Calculé' },
  computedRule: { en: '{kind}: {field} = {value}{when}.', fr: `{kind}${NB}: {field} = {value}{when}.` },
  commaWhile: { en: ', while {condition}', fr: ', tant que {condition}' },
  cleared: { en: 'Cleared', fr: 'Vidés' },
  clearedRule: { en: '{kind}: {fields} while {condition}.', fr: `{kind}${NB}: {fields} tant que {condition}.` },
  effect: { en: 'Effect', fr: 'Effet' },
  effectRule: {
    en: '{kind} {op} when {fields} changes{and}{params}.',
    fr: '{kind} {op} quand {fields} change{and}{params}.',
  },
  andCondition: { en: ' and {condition}', fr: ' et {condition}' },
  text: { en: 'Text', fr: 'Texte' },
  textRule: {
    en: '{kind} of {field} becomes “{text}” while {condition}.',
    fr: `{kind} de {field}${NB}: «${NB}{text}${NB}» tant que {condition}.`,
  },
  readonly: { en: 'Read-only', fr: 'Lecture seule' },
  readonlyRule: { en: '{kind}: {fields} while {condition}.', fr: `{kind}${NB}: {fields} tant que {condition}.` },
  shown: { en: 'Shown', fr: 'Affichés' },
  shownRule: {
    en: '{kind}: {fields} only while {condition} (hidden answers are cleared).',
    fr: `{kind}${NB}: {fields} seulement si {condition} (les réponses masquées sont effacées).`,
  },

  // The stories' descriptions (storyDescription.ts).
  allErrorsShown: {
    en: 'The empty step with every error shown, as after a refused Next.',
    fr: 'L’étape vide avec toutes ses erreurs affichées, comme après un Suivant refusé.',
  },
  noPlan: {
    en: 'This step has no required field to fill or clear; Next on the "{example}" example shows no error.',
    fr: `Cette étape n’a aucun champ obligatoire à remplir ou à vider${NB}; Suivant sur l’exemple «${NB}{example}${NB}» n’affiche aucune erreur.`,
  },
  fillAndClearSame: {
    en: 'Starts from the "{example}" example without "{fill}"; fills it, presses Next (no message), clears it and presses Next again: "{message}".',
    fr: `Part de l’exemple «${NB}{example}${NB}» sans «${NB}{fill}${NB}»${NB}; le remplit, appuie sur Suivant (aucun message), le vide et appuie de nouveau sur Suivant${NB}: «${NB}{message}${NB}».`,
  },
  fillAndClearInData: {
    en: 'Starts from the "{example}" example without "{fill}" and "{clear}" (a choice that cannot be cleared); fills the first, presses Next and sees "{message}".',
    fr: `Part de l’exemple «${NB}{example}${NB}» sans «${NB}{fill}${NB}» ni «${NB}{clear}${NB}» (un choix qu’on ne peut pas vider)${NB}; remplit le premier, appuie sur Suivant et voit «${NB}{message}${NB}».`,
  },
  fillAndClearOther: {
    en: 'Starts from the "{example}" example without "{fill}"; fills it, clears "{clear}", presses Next and sees "{message}".',
    fr: `Part de l’exemple «${NB}{example}${NB}» sans «${NB}{fill}${NB}»${NB}; le remplit, vide «${NB}{clear}${NB}», appuie sur Suivant et voit «${NB}{message}${NB}».`,
  },
} satisfies Record<string, Record<Language, string>>;

export type DocsTextId = keyof typeof TEXTS;

/** Every text of the docs page, for the test that no English one is left on a French page. */
export const DOCS_TEXT_IDS = Object.keys(TEXTS) as DocsTextId[];

/** One of the docs page's texts in a language as written, its `{name}` placeholders unfilled. */
export function docsTemplate(language: Language, id: DocsTextId): string {
  return TEXTS[id][language];
}

/** One of the docs page's texts in a language, its `{name}` placeholders filled (an unknown one stays as written). */
export function docsText(language: Language, id: DocsTextId, values: Record<string, string | number> = {}): string {
  return TEXTS[id][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}

const FRENCH_LOGIC_WORDS: LogicWords = {
  is: 'est',
  isNot: 'n’est pas',
  and: 'et',
  or: 'ou',
  mod: 'modulo',
  not: 'non {a}',
  isSet: '{a} est renseigné',
  isOneOf: '{a} est l’un de {b}',
  ifThen: 'si {a} alors {b}',
  otherwise: 'sinon {a}',
  isBlank: '{a} est vide',
  isNumber: '{a} est un nombre',
  isDate: '{a} est une date',
  age: 'âge selon {a}',
  today: 'aujourd’hui',
  sum: 'somme de {b} sur {a}',
  count: 'nombre de {a}',
};

const DIAGRAM_WORDS: Record<Language, FlowDiagramWords> = {
  en: ENGLISH_FLOW_DIAGRAM_WORDS,
  fr: { logic: FRENCH_LOGIC_WORDS, skipIf: 'si {condition}', edit: 'MODIFIER (revient à la révision)' },
};

/** The flow diagram's words in a language, its conditions' words (`logic`) with them. */
export function diagramWordsIn(language: Language): FlowDiagramWords {
  return DIAGRAM_WORDS[language];
}
