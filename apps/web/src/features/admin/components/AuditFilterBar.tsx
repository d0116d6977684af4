import { Button, Select, TextField } from '../../../shared/ui';
import type { AuditFilters } from '../api/adminApi';
import { ACTION_FAMILIES } from './auditEntry';
import { SearchField } from './SearchField';
import './AuditLog.css';

type AuditFilterBarProps = {
  filters: AuditFilters;
  /** One filter changed; the page puts it in the address and goes back to page 1. */
  onChange: (name: keyof AuditFilters, value: string) => void;
  onClear: () => void;
  /** Counts the page's "Clear filters" presses, so the search box empties too. */
  clears: number;
};

/**
 * Search, action family and a range of days. The search follows once typing pauses; the others at
 * once. "Clear filters" appears only when one is set.
 */
export function AuditFilterBar({ filters, onChange, onClear, clears }: AuditFilterBarProps) {
  const filtered = Object.values(filters).some(Boolean);
  const backwards = filters.from !== '' && filters.to !== '' && filters.to < filters.from;

  return (
    <div className="audit-filters" role="search" aria-label="Filter the audit log">
      <div className="audit-filters__search">
        <SearchField
          clears={clears}
          label="Search"
          placeholder="E-mail, action or target id"
          initial={filters.q}
          maxLength={120}
          onSearch={(q) => {
            if (q !== filters.q) onChange('q', q);
          }}
        />
      </div>
      <Select
        className="audit-filters__action"
        label="Action"
        options={ACTION_FAMILIES}
        value={filters.action}
        onChange={(event) => onChange('action', event.target.value)}
      />
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
