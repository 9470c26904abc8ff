import type { Logic } from './types.ts';

/**
 * The words describeLogic reads JSON-Logic with, so a page in another language can say the same rules in its own.
 * `{a}` and `{b}` stand for the operation's first and second argument, already described.
 */
export interface LogicWords {
  is: string;
  isNot: string;
  and: string;
  or: string;
  mod: string;
  not: string;
  isSet: string;
  isOneOf: string;
  ifThen: string;
  otherwise: string;
  isBlank: string;
  isNumber: string;
  isDate: string;
  age: string;
  today: string;
  sum: string;
  count: string;
}

/** describeLogic's words by default: the English product staff read. */
export const ENGLISH_LOGIC_WORDS: LogicWords = {
  is: 'is',
  isNot: 'is not',
  and: 'and',
  or: 'or',
  mod: 'mod',
  not: 'not {a}',
  isSet: '{a} is set',
  isOneOf: '{a} is one of {b}',
  ifThen: 'if {a} then {b}',
  otherwise: 'otherwise {a}',
  isBlank: '{a} is blank',
  isNumber: '{a} is a number',
  isDate: '{a} is a date',
  age: 'age from {a}',
  today: 'today',
  sum: 'sum of {b} over {a}',
  count: 'number of {a}',
};

const INFIX: Record<string, string | keyof LogicWords> = {
  '==': 'is',
  '===': 'is',
  '!=': 'isNot',
  '!==': 'isNot',
  '>': '>',
  '>=': '≥',
  '<': '<',
  '<=': '≤',
  '+': '+',
  '-': '−',
  '*': '×',
  '/': '÷',
  '%': 'mod',
};

function value(v: unknown): string {
  if (typeof v === 'string') return `"${v}"`;
  return JSON.stringify(v);
}

/**
 * JSON-Logic in plain words, for product staff and designers ("owner.owner_type is \"entity\" and …").
 * Unknown operations fall back to `op(args)`.
 * @param logic - a JSON-Logic expression
 * @param words - the words to read it with; English by default
 * @example describeLogic({ '==': [{ var: 'owner.owner_type' }, 'entity'] }) // 'owner.owner_type is "entity"'
 */
export function describeLogic(logic: Logic, words: LogicWords = ENGLISH_LOGIC_WORDS): string {
  const say = (template: string, a = '', b = ''): string => template.replace('{a}', a).replace('{b}', b);
  const d = (l: Logic, nested = true): string => {
    if (Array.isArray(l)) return `[${l.map((x) => d(x)).join(', ')}]`;
    if (l === null || typeof l !== 'object' || Object.keys(l).length !== 1) return value(l);
    const [op, raw] = Object.entries(l as Record<string, unknown>)[0];
    const args = Array.isArray(raw) ? raw : [raw];
    const wrap = (s: string): string => (nested ? `(${s})` : s);
    switch (op) {
      case 'var':
        return String(args[0]);
      case 'and':
        return wrap(args.map((a) => d(a)).join(` ${words.and} `));
      case 'or':
        return wrap(args.map((a) => d(a)).join(` ${words.or} `));
      case '!':
        return say(words.not, d(args[0]));
      case '!!':
        return say(words.isSet, d(args[0]));
      case 'in':
        return say(words.isOneOf, d(args[0]), d(args[1]));
      case 'if': {
        const parts: string[] = [];
        for (let i = 0; i + 1 < args.length; i += 2)
          parts.push(say(words.ifThen, d(args[i], false), d(args[i + 1], false)));
        if (args.length % 2 === 1) parts.push(say(words.otherwise, d(args[args.length - 1], false)));
        return wrap(parts.join(', '));
      }
      case 'isBlank':
        return say(words.isBlank, d(args[0]));
      case 'isNumber':
        return say(words.isNumber, d(args[0]));
      case 'isDate':
        return say(words.isDate, d(args[0]));
      case 'age':
        return say(words.age, d(args[0]));
      case 'today':
        return words.today;
      case 'sum':
        return say(words.sum, d(args[0]), String(args[1] ?? ''));
      case 'count':
        return say(words.count, d(args[0]));
      default:
        if (op in INFIX && args.length === 2) {
          const infix = INFIX[op];
          const word = infix in words ? words[infix as keyof LogicWords] : infix;
          return wrap(`${d(args[0])} ${word} ${d(args[1])}`);
        }
        return `${op}(${args.map((a) => d(a, false)).join(', ')})`;
    }
  };
  return d(logic, false);
}
