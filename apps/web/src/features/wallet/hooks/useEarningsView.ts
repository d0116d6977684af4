import { useSearchParams } from 'react-router';
import type { EarningPeriod } from '@cc/contracts';
import type { EarningSource } from '../api/walletApi';
import type { SegmentedOption } from '../components/Segmented';
import { isEarningPeriod } from '../lib/earningsPeriods';

export type SourceFilter = EarningSource | 'all';

export const SOURCE_FILTERS: readonly SegmentedOption<SourceFilter>[] = [
  { value: 'all', label: 'All' },
  { value: 'message', label: 'Messages' },
  { value: 'tip', label: 'Tips' },
  { value: 'item', label: 'Items' },
  { value: 'call', label: 'Calls' },
];

const isSourceFilter = (value: string): value is SourceFilter => SOURCE_FILTERS.some((option) => option.value === value);

/** The chart's period and the table's source live in the address, like the page, so a reload keeps them. */
export function useEarningsView() {
  const [params, setParams] = useSearchParams();
  const rawPeriod = params.get('period') ?? 'day';
  const rawSource = params.get('source') ?? 'all';
  const period: EarningPeriod = isEarningPeriod(rawPeriod) ? rawPeriod : 'day';
  const source: SourceFilter = isSourceFilter(rawSource) ? rawSource : 'all';
  const set = (name: 'period' | 'source', value: string, fallback: string, resetPage: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === fallback) next.delete(name);
        else next.set(name, value);
        if (resetPage) next.delete('page');
        return next;
      },
      { replace: true },
    );
  return {
    period,
    source,
    setPeriod: (next: EarningPeriod) => set('period', next, 'day', false),
    // A narrower list starts again at its first page.
    setSource: (next: SourceFilter) => set('source', next, 'all', true),
  };
}
