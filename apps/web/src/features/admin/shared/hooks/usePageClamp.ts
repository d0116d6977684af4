import { useEffect } from 'react';

/**
 * When the last rows of a later page go away (approved, deleted, a narrower search), step back to
 * the last page that still has rows instead of showing an empty page.
 */
export function usePageClamp(
  page: number,
  pageSize: number,
  total: number | undefined,
  rowsOnPage: number | undefined,
  setPage: (page: number) => void,
) {
  useEffect(() => {
    if (total === undefined || rowsOnPage === undefined || rowsOnPage > 0 || page <= 1) return;
    setPage(Math.max(1, Math.ceil(total / pageSize)));
  }, [page, pageSize, total, rowsOnPage, setPage]);
}
