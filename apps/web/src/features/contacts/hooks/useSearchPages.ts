import { useState } from 'react';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue';

/**
 * A search box over a paged list: what is typed, the settled query (`q`, after a pause) and the
 * page, which belongs to one search — a new search starts on page 1 again.
 */
export function useSearchPages() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [paging, setPaging] = useState({ q, page: 1 });
  const page = paging.q === q ? paging.page : 1;
  return { search, setSearch, q, page, setPage: (next: number) => setPaging({ q, page: next }) };
}
