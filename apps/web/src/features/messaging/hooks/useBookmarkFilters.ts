import { useSearchParams } from 'react-router';
import type { MessageType } from '@cc/contracts';

export const BOOKMARK_FILTERS: { value: MessageType | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'text', label: 'Text' },
  { value: 'photo', label: 'Photos' },
  { value: 'video', label: 'Videos' },
  { value: 'file', label: 'Files' },
];

const isType = (value: string | null): value is MessageType =>
  BOOKMARK_FILTERS.some((filter) => filter.value !== '' && filter.value === value);

/** Search text, type and page live in the address, so a reload or a shared link shows the same list. */
export function useBookmarkFilters() {
  const [params, setParams] = useSearchParams();
  const parsedPage = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(parsedPage) && parsedPage > 0 ? parsedPage : 1;
  const typeParam = params.get('type');
  const type: MessageType | '' = isType(typeParam) ? typeParam : '';
  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value) next.set(key, value);
          else next.delete(key);
        }
        return next;
      },
      { replace: true },
    );
  return { page, type, q: params.get('q') ?? '', update };
}
