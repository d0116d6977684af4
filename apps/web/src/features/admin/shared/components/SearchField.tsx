import { useEffect, useRef, useState } from 'react';
import { TextField } from '../../../../shared/ui';
import { useDebouncedValue } from '../../../../shared/hooks/useDebouncedValue';

type SearchFieldProps = {
  label: string;
  placeholder: string;
  /** The search in the address when the page opens. */
  initial: string;
  onSearch: (q: string) => void;
  /** Counts the page's "Clear" presses: each one empties the box. */
  clears?: number;
  maxLength?: number;
};

/**
 * A search box that keeps what is typed; the list follows once typing pauses. A "Clear" elsewhere on
 * the page empties it through `clears`: remounting it with the address's search would not do, as
 * the address changes a moment after the click and the new box would start from the old search.
 */
export function SearchField({ label, placeholder, initial, onSearch, clears = 0, maxLength = 80 }: SearchFieldProps) {
  const [text, setText] = useState(initial);
  const [cleared, setCleared] = useState(clears);
  if (clears !== cleared) {
    setCleared(clears);
    setText('');
  }
  const settled = useDebouncedValue(text.trim(), 300);
  // Only a settled change of the text searches; a new parent callback alone must not.
  const latest = useRef(onSearch);
  useEffect(() => {
    latest.current = onSearch;
  });
  useEffect(() => latest.current(settled), [settled]);
  return (
    <TextField
      label={label}
      type="search"
      placeholder={placeholder}
      autoComplete="off"
      value={text}
      maxLength={maxLength}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
