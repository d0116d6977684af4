import './AdminList.css';

export type FilterOption<T extends string> = { value: T; label: string };

type FilterTabsProps<T extends string> = { label: string; options: readonly FilterOption<T>[]; value: T; onChange: (value: T) => void };

/** A row of toggle buttons that filters the list below (pressed = the filter in use). */
export function FilterTabs<T extends string>({ label, options, value, onChange }: FilterTabsProps<T>) {
  return (
    <div className="admin-filters" role="group" aria-label={label}>
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          className="admin-filters__tab"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
