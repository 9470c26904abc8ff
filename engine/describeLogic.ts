import type { Logic } from './types.ts';

const INFIX: Record<string, string> = {
  '==': 'is',
  '===': 'is',
  '!=': 'is not',
  '!==': 'is not',
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
 * @example describeLogic({ '==': [{ var: 'owner.owner_type' }, 'entity'] }) // 'owner.owner_type is "entity"'
 */
export function describeLogic(logic: Logic): string {
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
        return wrap(args.map((a) => d(a)).join(' and '));
      case 'or':
        return wrap(args.map((a) => d(a)).join(' or '));
      case '!':
        return `not ${d(args[0])}`;
      case '!!':
        return `${d(args[0])} is set`;
      case 'in':
        return `${d(args[0])} is one of ${d(args[1])}`;
      case 'if': {
        const parts: string[] = [];
        for (let i = 0; i + 1 < args.length; i += 2)
          parts.push(`if ${d(args[i], false)} then ${d(args[i + 1], false)}`);
        if (args.length % 2 === 1) parts.push(`otherwise ${d(args[args.length - 1], false)}`);
        return wrap(parts.join(', '));
      }
      case 'isBlank':
        return `${d(args[0])} is blank`;
      case 'isNumber':
        return `${d(args[0])} is a number`;
      case 'isDate':
        return `${d(args[0])} is a date`;
      case 'age':
        return `age from ${d(args[0])}`;
      case 'today':
        return 'today';
      case 'sum':
        return `sum of ${String(args[1] ?? '')} over ${d(args[0])}`;
      case 'count':
        return `number of ${d(args[0])}`;
      default:
        if (op in INFIX && args.length === 2) return wrap(`${d(args[0])} ${INFIX[op]} ${d(args[1])}`);
        return `${op}(${args.map((a) => d(a, false)).join(', ')})`;
    }
  };
  return d(logic, false);
}
