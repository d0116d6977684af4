import { Select } from '../../../../shared/ui';
import type { AuditFilters } from '../api/adminAuditApi';
import { ACTION_FAMILIES, isActionFamily } from './auditEntry';
import { FilterSearch } from '../../shared/components/FilterSearch';
import { ClearFiltersButton, DayRangeFields } from '../../shared/components/DayRangeFields';
import { dayFilter, textFilter, type ListFilter, type ListFilters } from '../../shared/hooks/useListFilters';
import './AuditLog.css';

/** The audit log's filters in the address: an unknown action family reads as none. */
export const AUDIT_FILTERS = {
  q: textFilter,
  action: { fallback: '', parse: (raw: string) => (isActionFamily(raw) ? raw : '') },
  from: dayFilter,
  to: dayFilter,
} satisfies Record<keyof AuditFilters, ListFilter>;

type AuditFilterBarProps = { filters: ListFilters<typeof AUDIT_FILTERS> };

/**
 * Search, action family and a range of days. The search follows once typing pauses; the others at
 * once. "Clear filters" appears only when one is set.
 */
export function AuditFilterBar({ filters }: AuditFilterBarProps) {
  const { action } = filters.values;

  return (
    <div className="audit-filters" role="search" aria-label="Filter the audit log">
      <div className="audit-filters__search">
        <FilterSearch filters={filters} name="q" label="Search" placeholder="E-mail, action or target id" maxLength={120} />
      </div>
      <Select
        className="audit-filters__action"
        label="Action"
        options={ACTION_FAMILIES}
        value={action}
        onChange={(event) => filters.set('action', event.target.value)}
      />
      <DayRangeFields filters={filters} className="audit-filters__day" />
      <ClearFiltersButton filters={filters} className="audit-filters__clear" />
    </div>
  );
}
