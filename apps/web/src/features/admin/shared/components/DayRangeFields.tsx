import { Button, TextField } from '../../../../shared/ui';

type DayRange = { from: string; to: string };

/** A range whose "To" comes before its "From" would only answer nothing; the field says why instead. */
export const isBackwards = ({ from, to }: DayRange): boolean => from !== '' && to !== '' && to < from;

type DayRangeFieldsProps = {
  /** The list's filters (useListFilters) holding `from` and `to` as YYYY-MM-DD. */
  filters: { values: DayRange; set: (name: 'from' | 'to', value: string) => void };
  className: string;
};

/** "From" and "To" days of an admin list's filters, each bounding the other's calendar. */
export function DayRangeFields({ filters, className }: DayRangeFieldsProps) {
  const { from, to } = filters.values;
  return (
    <>
      <TextField
        className={className}
        label="From"
        type="date"
        value={from}
        max={to || undefined}
        onChange={(event) => filters.set('from', event.target.value)}
      />
      <TextField
        className={className}
        label="To"
        type="date"
        value={to}
        min={from || undefined}
        error={isBackwards(filters.values) ? 'Pick a day on or after “From”.' : undefined}
        onChange={(event) => filters.set('to', event.target.value)}
      />
    </>
  );
}

/** "Clear filters", shown only while some filter is set. */
export function ClearFiltersButton({ filters, className }: { filters: { filtered: boolean; clear: () => void }; className: string }) {
  if (!filters.filtered) return null;
  return (
    <Button className={className} variant="ghost" onClick={() => filters.clear()}>
      Clear filters
    </Button>
  );
}
