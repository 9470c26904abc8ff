import type { FieldError, StepView } from '../engine/index.ts';

/** A text widget's typed value that is not committed to the form yet (see useDraft). */
export interface PendingDraft {
  /** Dotted path relative to the step record. */
  path: string;
  /** The value the draft would commit, already parsed. */
  value: unknown;
  /** Tells the widget its draft was taken, so a later blur does not commit it twice. */
  taken: () => void;
}

type Listener = () => void;

/** What fields read: replaced whole on each change, so a held store keeps showing the previous one. */
interface Snapshot {
  hidden: Set<string>;
  readonly: Set<string>;
  errors: Map<string, string[]>;
  texts: Record<string, string>;
  touched: Set<string>;
  showAll: boolean;
  /** The step record as the engine last saw it (a lookupSelect filters its rows by a sibling answer). */
  values: Record<string, unknown>;
}

function within(set: Set<string>, path: string): boolean {
  if (set.size === 0) return false;
  if (set.has(path)) return true;
  let i = path.lastIndexOf('.');
  while (i > 0) {
    if (set.has(path.slice(0, i))) return true;
    i = path.lastIndexOf('.', i - 1);
  }
  return false;
}

/**
 * What one StepForm knows besides the record: the engine's last view (hidden paths, errors, texts, read-only
 * fields), which fields were touched, whether every error is shown (after a refused Next/Save), server errors, and
 * the text widgets' uncommitted drafts. Fields subscribe to the one value they draw (useSyncExternalStore), so a
 * commit re-renders only the fields whose status changed.
 *
 * While a pointer is pressed the store is held: what fields show stays as it was until the press ends. A blur commit
 * that removes an error message would otherwise move the button under the pointer between its mousedown and its
 * click, and the click would be lost.
 */
export class FormStore {
  private next: Snapshot = {
    hidden: new Set(),
    readonly: new Set(),
    errors: new Map(),
    texts: {},
    touched: new Set(),
    showAll: false,
    values: {},
  };
  private cur: Snapshot = this.next;
  private serverErrors: FieldError[] = [];
  private engineErrors: FieldError[] = [];
  private listeners = new Set<Listener>();
  private drafts = new Map<string, PendingDraft>();
  private version = 0;
  private held = false;
  private pending = false;
  private required: ReadonlySet<string> = new Set();
  private engineReadonly: string[] = [];
  private pageReadonly: readonly string[] = [];
  private pageTitles: ReadonlySet<string> = new Set();

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /** Increases on every published change; the error summary subscribes to it. */
  getVersion = (): number => this.version;

  private emit(): void {
    if (this.held) {
      this.pending = true;
      return;
    }
    this.cur = { ...this.next };
    this.version++;
    for (const l of this.listeners) l();
  }

  /**
   * The step's required fields (engine.requiredFields: relative paths, `*` for array rows); set once per step.
   * @param paths - the patterns
   */
  setRequired(paths: string[]): void {
    this.required = new Set(paths);
  }

  /**
   * The titles the page's own heading may show (the step's title, its ui heading, its pages' titles).
   * @param titles - the titles
   */
  setPageTitles(titles: (string | undefined)[]): void {
    this.pageTitles = new Set(titles.filter((t): t is string => Boolean(t)));
  }

  /** True when a section's title is the page's heading too (the page's card is already a region of that name). */
  isPageTitle(title: string | undefined): boolean {
    return Boolean(title) && this.pageTitles.has(title as string);
  }

  /** True when the definitions require the field whenever it shows (`items.3.name` matches `items.*.name`). */
  isRequired(path: string): boolean {
    return (
      this.required.has(path) ||
      this.required.has(
        path
          .split('.')
          .map((part) => (/^\d+$/.test(part) ? '*' : part))
          .join('.'),
      )
    );
  }

  /** Keeps showing the current state until release() (a pointer is pressed). */
  hold(): void {
    this.held = true;
  }

  /** Publishes what changed while held. */
  release(): void {
    if (!this.held) return;
    this.held = false;
    if (this.pending) {
      this.pending = false;
      this.emit();
    }
  }

  /** Takes the engine's new view of the step. */
  setView(
    view: Pick<StepView, 'hidden' | 'errors' | 'texts'> & { readonly?: string[]; values?: Record<string, unknown> },
  ): void {
    if (view.values) this.next.values = view.values;
    this.next.hidden = new Set(view.hidden);
    this.engineReadonly = view.readonly ?? [];
    this.next.readonly = new Set([...this.engineReadonly, ...this.pageReadonly]);
    this.engineErrors = view.errors;
    this.next.texts = view.texts;
    this.rebuildErrors();
    this.emit();
  }

  /** Fields the page makes read-only besides the readonly rules' (StepForm's readOnlyFields). */
  setReadOnlyFields(paths: readonly string[]): void {
    if (paths.length === 0 && this.pageReadonly.length === 0) return;
    this.pageReadonly = paths;
    this.next.readonly = new Set([...this.engineReadonly, ...paths]);
    this.emit();
  }

  /** Errors the server returned for the last save (400); cleared by setServerErrors([]). */
  setServerErrors(errors: FieldError[]): void {
    if (errors.length === 0 && this.serverErrors.length === 0) return;
    this.serverErrors = errors;
    this.rebuildErrors();
    this.emit();
  }

  private rebuildErrors(): void {
    const map = new Map<string, string[]>();
    const add = (e: FieldError): void => {
      const list = map.get(e.field) ?? [];
      if (!list.includes(e.message)) list.push(e.message);
      map.set(e.field, list);
    };
    this.engineErrors.forEach(add);
    this.serverErrors.forEach(add);
    this.next.errors = map;
  }

  /** Shows every error, touched or not (after a refused Next or Save); false hides untouched ones again. */
  setShowAll(showAll: boolean): void {
    if (this.next.showAll === showAll) return;
    this.next.showAll = showAll;
    this.emit();
  }

  /** Forgets touched fields and shown errors (a new page). */
  resetInteraction(): void {
    this.next.touched = new Set();
    this.next.showAll = false;
    this.serverErrors = [];
    this.rebuildErrors();
    this.emit();
  }

  /** Marks a field as touched: its errors show from now on. */
  touch(path: string): void {
    if (this.next.touched.has(path)) return;
    this.next.touched = new Set(this.next.touched).add(path);
    if (this.next.errors.has(path)) this.emit();
  }

  /** True when the path or one of its parents is hidden by a visibility rule. */
  isHidden = (path: string): boolean => within(this.cur.hidden, path);

  /** True while a readonly rule holds for the path or one of its parents. */
  isReadonly = (path: string): boolean => within(this.cur.readonly, path);

  /** The message to show next to a field now, or undefined (not touched yet, or no error). */
  shownError = (path: string): string | undefined => {
    const list = this.cur.errors.get(path);
    if (!list || (!this.cur.showAll && !this.cur.touched.has(path))) return undefined;
    return list.join(' ');
  };

  /** A text that replaces a label or section title while its rule holds. */
  textOf = (target: string): string | undefined => this.cur.texts[target];

  /** The answer at a dotted path of the step record (`single_life_options.0.product_type`). */
  valueAt = (target: string): unknown => {
    let value: unknown = this.cur.values;
    for (const part of target.split('.'))
      value = value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[part] : undefined;
    return value;
  };

  /** Every current error (engine, then server) in definition order, for the alert block. */
  allErrors(): FieldError[] {
    const out: FieldError[] = [];
    for (const [field, messages] of this.cur.errors) for (const message of messages) out.push({ field, message });
    return out;
  }

  get showingAll(): boolean {
    return this.cur.showAll;
  }

  /** A widget has typed text not committed yet. */
  setDraft(draft: PendingDraft): void {
    this.drafts.set(draft.path, draft);
  }

  clearDraft(path: string): void {
    this.drafts.delete(path);
  }

  /** Hands over every uncommitted draft and forgets them (the widgets stop treating them as pending). */
  takeDrafts(): PendingDraft[] {
    const list = [...this.drafts.values()];
    this.drafts.clear();
    for (const d of list) d.taken();
    return list;
  }
}
