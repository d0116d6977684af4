import { ADMIN_PAYMENTS_QUERY_MAX } from '@cc/contracts';
import { Button, TextField } from '../../../../shared/ui';
import type { FilterOption } from '../../shared/components/FilterTabs';
import { FilterSearch } from '../../shared/components/FilterSearch';
import { choiceFilter, dayFilter, textFilter, type ListFilter, type ListFilters } from '../../shared/hooks/useListFilters';
import '../../audit/components/AuditLog.css';

/** Payments' and invoices' filters: a status, a search and a range of days. */
export function moneyFilters<T extends string>(statuses: readonly FilterOption<T>[]) {
  return { status: choiceFilter(statuses, 'all' as T), q: textFilter, from: dayFilter, to: dayFilter };
}

type MoneySpec = { status: ListFilter; q: ListFilter; from: ListFilter; to: ListFilter };

type MoneyFilterBarProps = {
  what: string;
  placeholder: string;
  filters: ListFilters<MoneySpec>;
};

/** Search and a range of days for Admin › Payments and Invoices, laid out like the audit log's bar. */
export function MoneyFilterBar({ what, placeholder, filters }: MoneyFilterBarProps) {
  const { from, to } = filters.values;
  const backwards = from !== '' && to !== '' && to < from;
  return (
    <div className="audit-filters" role="search" aria-label={`Filter ${what}`}>
      <div className="audit-filters__search">
        <FilterSearch filters={filters} name="q" label={`Search ${what}`} placeholder={placeholder} maxLength={ADMIN_PAYMENTS_QUERY_MAX} />
      </div>
      <TextField
        className="audit-filters__day"
        label="From"
        type="date"
        value={from}
        max={to || undefined}
        onChange={(event) => filters.set('from', event.target.value)}
      />
      <TextField
        className="audit-filters__day"
        label="To"
        type="date"
        value={to}
        min={from || undefined}
        error={backwards ? 'Pick a day on or after “From”.' : undefined}
        onChange={(event) => filters.set('to', event.target.value)}
      />
      {filters.filtered ? (
        <Button className="audit-filters__clear" variant="ghost" onClick={() => filters.clear()}>
          Clear filters
        </Button>
      ) : null}
    </div>
  );
}
