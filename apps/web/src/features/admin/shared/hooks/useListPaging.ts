import { PAGE_SIZE } from '../api/adminApi';
import { usePage } from '../../../../shared/hooks/usePage';

/** The page in the address (`?page=`) and the request's `limit` / `skip` for it. */
export function useListPaging(pageSize = PAGE_SIZE) {
  const [page, setPage] = usePage();
  return { page, setPage, pageSize, args: { limit: pageSize, skip: (page - 1) * pageSize } };
}

export type ListPaging = ReturnType<typeof useListPaging>;
