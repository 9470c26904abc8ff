import type { Json, Logic, RuleSet, RulesDefinition, RuleScope } from './types.ts';

export interface CompiledVisibility {
  targets: string[];
  showIf: Logic;
  source: string;
}
export interface CompiledValidation {
  field: string;
  when: Logic;
  message: string;
  params?: Record<string, Logic>;
  source: string;
  /** Written as `required: true`: the field must be answered whenever it shows (the form marks it required). */
  required?: true;
}
export interface CompiledComputed {
  field: string;
  value: Logic;
  when?: Logic;
  source: string;
}
export interface CompiledClear {
  fields: string[];
  when: Logic;
  source: string;
}
export interface CompiledEffect {
  on: string[];
  op: string;
  when?: Logic;
  params: Record<string, unknown>;
  source: string;
}
export interface CompiledText {
  target: string;
  when: Logic;
  text: string;
  source: string;
}
export interface CompiledReadonly {
  fields: string[];
  when: Logic;
  source: string;
}

/** A step's rules with groups expanded, `$scope`/`$params` resolved and `required` turned into logic. */
export interface CompiledRules {
  visibility: CompiledVisibility[];
  validation: CompiledValidation[];
  computed: CompiledComputed[];
  clear: CompiledClear[];
  effects: CompiledEffect[];
  texts: CompiledText[];
  readonly: CompiledReadonly[];
}

function isVar(node: unknown): node is { var: unknown } {
  return (
    node !== null && typeof node === 'object' && !Array.isArray(node) && Object.keys(node).length === 1 && 'var' in node
  );
}

/**
 * Rewrites `$scope` vars to absolute paths and replaces `$params` vars by their constants.
 * @param logic - a JSON-Logic expression
 * @param stepId - the step the rules belong to
 * @param scope - the group entry, or undefined outside groups
 */
export function resolveScope(logic: Logic, stepId: string, scope?: RuleScope): Logic {
  if (!scope) return logic;
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (node === null || typeof node !== 'object') return node;
    if (isVar(node)) {
      const arg = Array.isArray(node.var) ? node.var[0] : node.var;
      if (typeof arg === 'string') {
        if (arg === '$scope' || arg.startsWith('$scope.')) {
          const abs = `${stepId}.${scope.path}${arg.slice('$scope'.length)}`;
          return { var: Array.isArray(node.var) ? [abs, ...node.var.slice(1)] : abs };
        }
        if (arg.startsWith('$params.')) return (scope.params ?? {})[arg.slice('$params.'.length)] ?? null;
      }
    }
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(node)) out[k] = walk(v);
    return out;
  };
  return walk(logic);
}

function fillParams(text: string, params: Record<string, Json> | undefined): string {
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}

/** The var a `required` shorthand tests: the row field for `*` targets, else the absolute path. */
function requiredVar(stepId: string, field: string): Logic {
  const star = field.lastIndexOf('*');
  return { isBlank: [{ var: star >= 0 ? `$item${field.slice(star + 1)}` : `${stepId}.${field}` }] };
}

function compileSet(set: RuleSet, stepId: string, out: CompiledRules, base: string, scope?: RuleScope): void {
  const rel = (p: string): string => (scope ? `${scope.path}.${p}` : p);
  const logic = (l: Logic): Logic => resolveScope(l, stepId, scope);
  (set.visibility ?? []).forEach((r, i) =>
    out.visibility.push({ targets: r.fields.map(rel), showIf: logic(r.showIf), source: `${base}/visibility/${i}` }),
  );
  (set.validation ?? []).forEach((r, i) => {
    const field = rel(r.field);
    out.validation.push({
      field,
      when: r.required ? requiredVar(stepId, field) : logic(r.when),
      message: fillParams(r.message, scope?.params),
      params: r.params ? Object.fromEntries(Object.entries(r.params).map(([k, v]) => [k, logic(v)])) : undefined,
      source: `${base}/validation/${i}`,
      ...(r.required ? { required: true as const } : {}),
    });
  });
  (set.computed ?? []).forEach((r, i) =>
    out.computed.push({
      field: rel(r.field),
      value: logic(r.value),
      when: r.when === undefined ? undefined : logic(r.when),
      source: `${base}/computed/${i}`,
    }),
  );
  (set.clear ?? []).forEach((r, i) =>
    out.clear.push({ fields: r.fields.map(rel), when: logic(r.when), source: `${base}/clear/${i}` }),
  );
  (set.effects ?? []).forEach((r, i) => {
    const params = (r.params ?? {}) as Record<string, unknown>;
    const scoped: Record<string, unknown> = { ...params };
    if (scope) {
      for (const key of ['match', 'target'])
        if (typeof scoped[key] === 'string') scoped[key] = rel(scoped[key] as string);
      if (Array.isArray(scoped.fields) && r.op === 'exclusive') scoped.fields = (scoped.fields as string[]).map(rel);
      if (scoped.values && typeof scoped.values === 'object') {
        scoped.values = Object.fromEntries(
          Object.entries(scoped.values as Record<string, unknown>).map(([k, v]) => [rel(k), logic(v)]),
        );
      }
    }
    out.effects.push({
      on: (Array.isArray(r.on) ? r.on : [r.on]).map(rel),
      op: r.op,
      when: r.when === undefined ? undefined : logic(r.when),
      params: scoped,
      source: `${base}/effects/${i}`,
    });
  });
  (set.readonly ?? []).forEach((r, i) =>
    out.readonly.push({ fields: r.fields.map(rel), when: logic(r.when), source: `${base}/readonly/${i}` }),
  );
  (set.texts ?? []).forEach((r, i) =>
    out.texts.push({
      target: rel(r.target),
      when: logic(r.when),
      text: fillParams(r.text, scope?.params),
      source: `${base}/texts/${i}`,
    }),
  );
}

/**
 * Flattens a step's rules.json: expands groups, resolves scope vars and params, and turns `required` into logic.
 * @param rules - the parsed rules.json
 * @param stepId - the step's id (the first segment of its absolute vars)
 * @returns rules whose targets are concrete relative paths (with `*` for array rows)
 * @example compileRules({ validation: [{ field: 'city', required: true, message: 'City is required' }] }, 'owner')
 */
export function compileRules(rules: RulesDefinition, stepId: string): CompiledRules {
  const out: CompiledRules = {
    visibility: [],
    validation: [],
    computed: [],
    clear: [],
    effects: [],
    texts: [],
    readonly: [],
  };
  compileSet(rules, stepId, out, '');
  (rules.groups ?? []).forEach((group, g) => {
    group.each.forEach((scope) => compileSet(group, stepId, out, `/groups/${g}`, scope));
  });
  return out;
}
