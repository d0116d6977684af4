import { useCallback, useRef } from 'react';

/**
 * One client-made key per attempt (crypto.randomUUID()): reused while the same attempt is retried,
 * replaced once the server has given a definite answer.
 */
export function useIdempotencyKey() {
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
