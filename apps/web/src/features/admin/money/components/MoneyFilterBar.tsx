import { ADMIN_PAYMENTS_QUERY_MAX } from '@cc/contracts';
import type { FilterOption } from '../../shared/components/FilterTabs';
import { FilterSearch } from '../../shared/components/FilterSearch';
import { ClearFiltersButton, DayRangeFields } from '../../shared/components/DayRangeFields';
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
  return (
    <div className="audit-filters" role="search" aria-label={`Filter ${what}`}>
      <div className="audit-filters__search">
        <FilterSearch filters={filters} name="q" label={`Search ${what}`} placeholder={placeholder} maxLength={ADMIN_PAYMENTS_QUERY_MAX} />
      </div>
      <DayRangeFields filters={filters} className="audit-filters__day" />
      <ClearFiltersButton filters={filters} className="audit-filters__clear" />
    </div>
  );
}
