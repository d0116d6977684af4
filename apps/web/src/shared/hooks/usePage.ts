import { useSearchParams } from 'react-router';

/** The 1-based page in `?page=`, so a reload or a shared link shows the same page. */
export function usePage(): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const parsed = Number.parseInt(params.get('page') ?? '1', 10);
  const page = Number.isFinite(parsed) && parsed > 0 ? parsed : 1;
  const setPage = (next: number) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next <= 1) updated.delete('page');
        else updated.set('page', String(next));
        return updated;
      },
      { replace: true },
    );
  return [page, setPage];
}
