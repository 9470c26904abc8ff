import { applyLogic } from './effects.ts';
import { isLogic } from './mapDocument.ts';

const MAX_DEPTH = 64;

/** What a name in a mapping is bound to: a node and the scope it is read in; undefined when it is not a plain node. */
export type BoundNode<S> = (name: string, scope: S) => { node: unknown; scope: S } | undefined;

/**
 * The value of a mapping node that depends on no answer: a literal, or JSON-Logic over names bound to such nodes
 * (`{"var": {"cat": ["owner.", {"var": "$prefix"}, "first_name"]}}` with `$prefix` bound to `""`). Static readers
 * of a mapping (its sources, its schema) use it to resolve computed paths.
 * @param node - the node
 * @param scope - the reader's scope
 * @param bound - how the reader finds what a whole name (`$prefix`, never `$person.x`) is bound to
 * @returns `{ value }`, or undefined when the node depends on an answer
 * @example constantOf({ cat: ['IP', 1] }, scope, bound) // { value: 'IP1' }
 */
export function constantOf<S>(node: unknown, scope: S, bound: BoundNode<S>, depth = 0): { value: unknown } | undefined {
  if (depth > MAX_DEPTH) return undefined;
  if (node === null || typeof node !== 'object') return { value: node };
  if (!isLogic(node)) return undefined;
  const data: Record<string, unknown> = {};
  let known = true;
  const visit = (n: unknown): void => {
    if (!known || n === null || typeof n !== 'object') return;
    if (Array.isArray(n)) return n.forEach(visit);
    const [op, arg] = Object.entries(n)[0] ?? [];
    if (op !== 'var') return (Array.isArray(arg) ? arg : [arg]).forEach(visit);
    const name = Array.isArray(arg) ? arg[0] : arg;
    const binding = typeof name === 'string' ? bound(name, scope) : undefined;
    const value = binding ? constantOf(binding.node, binding.scope, bound, depth + 1) : undefined;
    if (!value || typeof name !== 'string') known = false;
    else data[name] = value.value;
  };
  visit(node);
  return known ? { value: applyLogic(node, data) } : undefined;
}
