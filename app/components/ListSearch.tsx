import { useEffect, useRef, useState } from 'react';
import { SearchIcon } from './icons.tsx';

/** How long typing pauses before the server is asked. */
export const SEARCH_PAUSE_MS = 300;

/**
 * A list's search box: what is typed is sent after a pause (one request per pause, not per key), and a spinner
 * shows while the answer is on its way. The keystroke itself only redraws this box.
 */
export function ListSearch({
  value,
  onSearch,
  busy,
  label,
  id,
}: {
  /** The search the list shows now (from the URL). */
  value: string;
  onSearch(text: string): void;
  /** The list is loading. */
  busy: boolean;
  /** The box's placeholder and accessible name. */
  label: string;
  id?: string;
}) {
  const [text, setText] = useState(value);
  const sent = useRef(value);
  // Back, Forward or a link change the search: the box shows it.
  useEffect(() => {
    if (value !== sent.current) {
      sent.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (text.trim() === sent.current.trim()) return;
    const timer = setTimeout(() => {
      sent.current = text;
      onSearch(text);
    }, SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, onSearch]);
  const waiting = busy || text.trim() !== sent.current.trim();
  return (
    <div className="search">
      <SearchIcon />
      <input
        id={id}
        type="search"
        className="input"
        placeholder={label}
        aria-label={label}
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            sent.current = text;
            onSearch(text);
          }
        }}
      />
      {waiting ? <span className="spinner search-spinner" aria-hidden="true" /> : null}
    </div>
  );
}
