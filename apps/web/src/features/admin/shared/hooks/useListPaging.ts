import { PAGE_SIZE } from '../api/adminApi';
import { usePageParam } from './useSearchParam';

/** The page in the address (`?page=`) and the request's `limit` / `skip` for it. */
export function useListPaging(pageSize = PAGE_SIZE) {
  const [page, setPage] = usePageParam();
  return { page, setPage, pageSize, args: { limit: pageSize, skip: (page - 1) * pageSize } };
}

export type ListPaging = ReturnType<typeof useListPaging>;
