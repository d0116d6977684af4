import { lazy, Suspense, useEffect, useState } from 'react';
import './Toaster.css';

const Toaster = lazy(() => import('sonner').then((sonner) => ({ default: sonner.Toaster })));

/**
 * The toast area, at the bottom right. Its code (sonner) is fetched once the first page is on
 * screen and the browser is idle, not before the login page is usable (issue #11): a toast raised
 * earlier is not lost, sonner hands the toasts still showing to a toast area that mounts late.
 */
export function Toasts() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setWanted(true), 0);
      return () => window.clearTimeout(timer);
    }
    const idle = window.requestIdleCallback(() => setWanted(true), { timeout: 1000 });
    return () => window.cancelIdleCallback(idle);
  }, []);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster position="bottom-right" theme="system" richColors closeButton />
    </Suspense>
  );
}
