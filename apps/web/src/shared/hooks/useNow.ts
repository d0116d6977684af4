import { useEffect, useState } from 'react';

/** The current time, refreshed every `every` ms, so relative times ("5 min ago") move on their own. */
export function useNow(every = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), every);
    return () => clearInterval(timer);
  }, [every]);
  return now;
}
