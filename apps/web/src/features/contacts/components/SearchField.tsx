import { TextField } from '../../../shared/ui';
import './SearchField.css';

type SearchFieldProps = { label: string; value: string; onChange: (value: string) => void; placeholder?: string };

/** A labelled search box; the page debounces what it sends to the server. */
export function SearchField({ label, value, onChange, placeholder }: SearchFieldProps) {
  return (
    <div className="people-search" role="search">
      <TextField
        label={label}
        type="search"
        value={value}
        placeholder={placeholder}
        autoComplete="off"
        spellCheck={false}
        maxLength={80}
        onChange={(event) => onChange(event.target.value)}
        inputClassName="people-search__input"
      />
    </div>
  );
}
