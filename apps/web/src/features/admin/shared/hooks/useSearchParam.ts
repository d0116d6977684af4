import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/**
 * One query-string parameter as state. Filters and the page live in the address so a reload, the
 * back button or a shared link shows the same list. Setting a value replaces the history entry.
 */
export function useSearchParam(name: string, fallback = ''): [string, (next: string, reset?: readonly string[]) => void] {
  const [params, setParams] = useSearchParams();
  const value = params.get(name) ?? fallback;
  const setValue = useCallback(
    (next: string, reset: readonly string[] = []) => {
      setParams(
        (current) => {
          const updated = new URLSearchParams(current);
          if (next === fallback || next === '') updated.delete(name);
          else updated.set(name, next);
          for (const other of reset) updated.delete(other);
          return updated;
        },
        { replace: true },
      );
    },
    [name, fallback, setParams],
  );
  return [value, setValue];
}
