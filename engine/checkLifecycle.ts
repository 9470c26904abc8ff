import type { LifecycleDefinition } from './types.ts';

/** The spec's five statuses keep their names and badge colours; the life cycle may add others. */
const SPEC_COLOURS: { [status: string]: string } = {
  DRAFT: 'yellow',
  SUBMITTED: 'blue',
  IN_REVIEW: 'purple',
  ISSUED: 'green',
  DECLINED: 'red',
};

/** WCAG's relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (i: number): number => {
    const c = parseInt(hex.slice(1 + 2 * i, 3 + 2 * i), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
}

/**
 * WCAG's contrast ratio of two #rrggbb colours (1 to 21).
 * @param a - one colour
 * @param b - the other
 * @returns the ratio, lighter over darker
 */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Every `var` a JSON-Logic rule reads (the first segment of its path). */
function varsOf(logic: unknown, out: Set<string> = new Set()): Set<string> {
  if (Array.isArray(logic)) for (const item of logic) varsOf(item, out);
  else if (logic && typeof logic === 'object')
    for (const [op, arg] of Object.entries(logic)) {
      const path = op === 'var' ? (Array.isArray(arg) ? arg[0] : arg) : undefined;
      if (typeof path === 'string') out.add(path.split('.')[0]);
      else varsOf(arg, out);
    }
  return out;
}

/**
 * What the meta-schema cannot say of steps/lifecycle.json: the initial status, every event, target and guard exist,
 * guards read declared facts only, every status is reachable, final statuses accept nothing and others something,
 * the spec's five statuses keep their colours, and every badge's text is AA on its background (4.5:1).
 * @param lifecycle - the definition, already valid against steps/_meta/lifecycle.schema.json
 * @returns the problems, each with its JSON pointer in lifecycle.json (empty when all is well)
 */
export function checkLifecycle(lifecycle: LifecycleDefinition): { path: string; message: string }[] {
  const problems: { path: string; message: string }[] = [];
  const report = (path: string, message: string): void => void problems.push({ path, message });
  const { statuses, events, guards, facts } = lifecycle;
  if (!statuses[lifecycle.initial]) report('/initial', `initial status "${lifecycle.initial}" is not in statuses`);
  for (const [name, status] of Object.entries(statuses)) {
    const at = `/statuses/${name}`;
    const on = Object.entries(status.on ?? {});
    if (status.final && on.length) report(`${at}/on`, `final status "${name}" cannot accept events`);
    // The overall status would flip back if a prevailing status could still move on.
    if (status.prevails && !status.final) report(`${at}/prevails`, `prevailing status "${name}" must be final`);
    if (!status.final && !on.length) report(at, `status "${name}" accepts no event: mark it final or add one`);
    for (const [event, t] of on) {
      if (!events[event]) report(`${at}/on/${event}`, `event "${event}" is not declared in events`);
      if (!statuses[t.target]) report(`${at}/on/${event}/target`, `target "${t.target}" is not a status`);
      if (t.guard !== undefined && !guards[t.guard])
        report(`${at}/on/${event}/guard`, `guard "${t.guard}" is not declared in guards`);
    }
    const ratio = contrastRatio(status.badge.background, status.badge.text);
    if (ratio < 4.5) report(`${at}/badge`, `badge text contrast is ${ratio.toFixed(2)}:1, under the 4.5:1 of WCAG AA`);
    const spec = SPEC_COLOURS[name];
    if (spec && status.badge.colour !== spec)
      report(`${at}/badge/colour`, `the spec gives "${name}" the colour ${spec}, not ${status.badge.colour}`);
  }
  for (const [name, colour] of Object.entries(SPEC_COLOURS))
    if (!statuses[name]) report('/statuses', `the spec's status "${name}" (${colour}) is missing`);
  for (const [name, guard] of Object.entries(guards))
    for (const fact of varsOf(guard.rule))
      if (!(fact in facts)) report(`/guards/${name}/rule`, `fact "${fact}" is not declared in facts`);
  const reached = new Set<string>();
  const walk = (name: string): void => {
    if (reached.has(name) || !statuses[name]) return;
    reached.add(name);
    for (const t of Object.values(statuses[name].on ?? {})) walk(t.target);
  };
  walk(lifecycle.initial);
  for (const name of Object.keys(statuses))
    if (!reached.has(name))
      report(`/statuses/${name}`, `status "${name}" cannot be reached from "${lifecycle.initial}"`);
  const used = new Set(Object.values(statuses).flatMap((s) => Object.keys(s.on ?? {})));
  for (const name of Object.keys(events))
    if (!used.has(name)) report(`/events/${name}`, `event "${name}" is accepted by no status`);
  return problems;
}
