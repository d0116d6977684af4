import { useCallback, useRef } from 'react';

/**
 * One client-made idempotency key per paid attempt (a purchase, a tip, an adjustment)
 * (docs/product.md#idempotency): kept while the same attempt is retried after a lost answer,
 * replaced once the server has answered, so a double click or a retry never charges twice.
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
