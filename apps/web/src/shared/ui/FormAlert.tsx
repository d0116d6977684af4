import { useEffect, useRef } from 'react';
import { Alert } from './Alert';

/**
 * A form-level error (one no single input owns). It scrolls itself into view when it appears, so
 * someone at the bottom of a long form sees why nothing happened.
 */
export function FormAlert({ message }: { message: string | null }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
  }, [message]);
  if (!message) return null;
  return (
    <div ref={ref}>
      <Alert tone="danger">{message}</Alert>
    </div>
  );
}
