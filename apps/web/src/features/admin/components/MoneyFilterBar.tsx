import { ADMIN_PAYMENTS_QUERY_MAX } from '@cc/contracts';
import { Button, TextField } from '../../../shared/ui';
import { SearchField } from './SearchField';
import './AuditLog.css';

export type MoneyTextFilters = { q: string; from: string; to: string };

type MoneyFilterBarProps = {
  what: string;
  placeholder: string;
  filters: MoneyTextFilters;
  /** Something besides these is set (a status): "Clear filters" shows then too. */
  otherFilter: boolean;
  onChange: (name: keyof MoneyTextFilters, value: string) => void;
  onClear: () => void;
  /** Counts the page's "Clear filters" presses, so the search box empties too. */
  clears: number;
};

/** Search and a range of days for Admin › Payments and Invoices, laid out like the audit log's bar. */
export function MoneyFilterBar({ what, placeholder, filters, otherFilter, onChange, onClear, clears }: MoneyFilterBarProps) {
  const filtered = otherFilter || Object.values(filters).some(Boolean);
  const backwards = filters.from !== '' && filters.to !== '' && filters.to < filters.from;
  return (
    <div className="audit-filters" role="search" aria-label={`Filter ${what}`}>
      <div className="audit-filters__search">
        <SearchField
          clears={clears}
          label={`Search ${what}`}
          placeholder={placeholder}
          initial={filters.q}
          maxLength={ADMIN_PAYMENTS_QUERY_MAX}
          onSearch={(q) => {
            if (q !== filters.q) onChange('q', q);
          }}
        />
      </div>
      <TextField
        className="audit-filters__day"
        label="From"
        type="date"
        value={filters.from}
        max={filters.to || undefined}
        onChange={(event) => onChange('from', event.target.value)}
      />
      <TextField
        className="audit-filters__day"
        label="To"
        type="date"
        value={filters.to}
        min={filters.from || undefined}
        error={backwards ? 'Pick a day on or after “From”.' : undefined}
        onChange={(event) => onChange('to', event.target.value)}
      />
      {filtered ? (
        <Button className="audit-filters__clear" variant="ghost" onClick={onClear}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}

/** A day from the address, or nothing: a mistyped link must not turn the whole page into a 422. */
export const dayParam = (value: string) => (/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : '');
