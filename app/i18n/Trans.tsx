import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { useT } from './useT.ts';

interface Props {
  id: string;
  values?: Record<string, unknown>;
  /** The elements the message's `<0>…</0>` (or `<0/>`) tags stand for: a link inside a sentence. */
  components?: Record<string, ReactElement>;
}

/**
 * A text holding elements (a link in the middle of a sentence), so a translation may move them: the message says
 * `Read the <0>Terms of Service</0>.` and `components` gives `{0: <Link to="/terms" />}`. Like useT(), it follows the
 * app's I18nProvider and reads the app's instance outside one (a component test).
 *
 * Lingui's own Trans does the same with its `formatElements`, but ships in a chunk of its own with what our messages
 * never use (render props, a default component, elements as values): this is that tag-to-element step alone, with
 * the same tags, numbered (docs/decisions/i18n-english-bytes.md).
 */
export function Trans({ id, values, components = {} }: Props) {
  const t = useT();
  return <>{withElements(t(id, values), components)}</>;
}

/** `<0>text</0>` or `<0/>`, as the app's messages write their elements. */
const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/;

/**
 * The message with each tag replaced by its element (its children the tag's text, itself formatted, or the element's
 * own for `<0/>`); a tag without an element keeps its text only.
 */
function withElements(text: string, components: Record<string, ReactElement>): ReactNode {
  // split() with the pattern's three groups: [text, paired tag, its children, unpaired tag, text, ...]
  const parts = text.split(TAG);
  const nodes: ReactNode[] = [parts[0]];
  for (let i = 1; i < parts.length; i += 4) {
    const children = parts[i + 1] === undefined ? [] : [withElements(parts[i + 1], components)];
    const element = components[parts[i] ?? parts[i + 2]];
    nodes.push(element ? cloneElement(element, { key: i }, ...children) : children, parts[i + 3]);
  }
  return nodes;
}
