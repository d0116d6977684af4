import { useCallback, useRef } from 'react';

/**
 * One client-made key per attempt: kept while the same attempt is retried (a lost answer), replaced
 * once the server has answered, so a double click or a retry never pays twice.
 */
export function useAttemptKey() {
  const key = useRef<string | null>(null);
  const current = useCallback(() => {
    key.current ??= crypto.randomUUID();
    return key.current;
  }, []);
  const renew = useCallback(() => {
    key.current = null;
  }, []);
  return { current, renew };
}
