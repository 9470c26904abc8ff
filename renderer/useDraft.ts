import { useCallback, useContext, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { FieldInfoContext, FormStoreContext } from './contexts.ts';

/** How long typing must pause before the typed text is committed to the form. */
export const IDLE_COMMIT_MS = 250;

export interface DraftOptions<V> {
  /** The committed value, from the form. */
  value: V;
  /** Commits a value to the form (rjsf's widget onChange). */
  commit: (value: unknown) => void;
  /** The text an input shows for a committed value. */
  toText: (value: V) => string;
  /** The value a typed text commits. */
  fromText: (text: string) => unknown;
  /** Rewrites the text as it is typed (upper-casing a postal code); default: unchanged. */
  normalize?: (text: string) => string;
}

export interface Draft {
  text: string;
  /** Call with each typed text: only this input re-renders. */
  onText: (text: string) => void;
  /** Commits now (blur, Enter). */
  flush: () => void;
  /** True while the input has focus (lets money show the raw amount while editing). */
  focused: boolean;
  setFocused: (focused: boolean) => void;
}

/**
 * Keeps what is typed in local state and commits it to the form on blur, on Enter, or after a short pause, so a
 * keystroke re-renders only the input (no engine pass, no form re-render). The input still shows a committed value
 * that changes from outside (an effect, a reset); its own commit echoing back is not mistaken for one. While text is
 * pending it is registered with the store, so Next, Save or leaving the page can take it without waiting for a blur.
 */
export function useDraft<V>({ value, commit, toText, fromText, normalize }: DraftOptions<V>): Draft {
  const store = useContext(FormStoreContext);
  const { path } = useContext(FieldInfoContext);
  const [text, setText] = useState(() => toText(value));
  const [focused, setFocused] = useState(false);
  const sent = useRef<unknown>(value);
  const textRef = useRef(text);
  const dirty = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pathRef = useRef(path);
  pathRef.current = path;
  const fns = useRef({ commit, fromText });
  fns.current = { commit, fromText };

  // A committed value that changed from outside replaces the text; the echo of our own commit does not.
  useLayoutEffect(() => {
    if (Object.is(value, sent.current)) return;
    sent.current = value;
    dirty.current = false;
    clearTimeout(timer.current);
    store?.clearDraft(pathRef.current);
    const next = toText(value);
    textRef.current = next;
    setText(next);
    // toText is a pure formatter; only a new value matters here.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value]);

  const flush = useCallback(() => {
    clearTimeout(timer.current);
    if (!dirty.current) return;
    dirty.current = false;
    store?.clearDraft(pathRef.current);
    const next = fns.current.fromText(textRef.current);
    if (Object.is(next, sent.current)) return;
    sent.current = next;
    fns.current.commit(next);
  }, [store]);

  const onText = useCallback(
    (raw: string) => {
      const t = normalize ? normalize(raw) : raw;
      textRef.current = t;
      setText(t);
      dirty.current = true;
      if (store) {
        const taken = (): void => {
          clearTimeout(timer.current);
          dirty.current = false;
          sent.current = fns.current.fromText(textRef.current);
        };
        store.setDraft({ path: pathRef.current, value: fns.current.fromText(t), taken });
      }
      clearTimeout(timer.current);
      timer.current = setTimeout(flush, IDLE_COMMIT_MS);
    },
    [flush, normalize, store],
  );

  // A field that goes away (hidden, another page) drops what was typed but not committed.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (dirty.current) store?.clearDraft(pathRef.current);
    },
    [store],
  );

  return { text, onText, flush, focused, setFocused };
}
