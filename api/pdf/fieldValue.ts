import { answersOf, readAnswer, withN, type AnswerSource } from './answerPaths.ts';
import { formatValue } from './formatValue.ts';
import type { FormField } from './types.ts';

/** The printed value of a mapping field for repeat number n: several answers joined, one formatted. */
export function fieldValue(field: FormField, source: AnswerSource, n: number | undefined): string {
  const answers = answersOf(field).map((a) => readAnswer(source, withN(a, n)));
  if (answers.length > 1)
    return answers
      .map((v) => formatValue(v, 'text', undefined, source.locale))
      .filter(Boolean)
      .join(field.separator ?? ' ');
  return formatValue(answers[0], field.format, field.options, source.locale);
}
