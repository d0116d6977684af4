import type { ListFilter, ListFilters } from '../hooks/useListFilters';
import { SearchField } from './SearchField';

type FilterSearchProps<Spec extends Record<string, ListFilter>> = {
  filters: ListFilters<Spec>;
  /** The text filter this box edits. */
  name: keyof Spec & string;
  label: string;
  placeholder: string;
  maxLength?: number;
};

/** A list's search box, kept in the address with its other filters. */
export function FilterSearch<Spec extends Record<string, ListFilter>>({ filters, name, ...field }: FilterSearchProps<Spec>) {
  const current = String(filters.values[name]);
  return (
    <SearchField
      {...field}
      clears={filters.clears}
      initial={current}
      // A new search starts from page 1; the same text (the box settling on load) keeps the page.
      onSearch={(next) => {
        if (next !== current) filters.set(name, next);
      }}
    />
  );
}
