import { lazy, Suspense, useEffect, useState } from 'react';
import './Toaster.css';

const Toaster = lazy(() => import('sonner').then((sonner) => ({ default: sonner.Toaster })));

/** Phones: the width at which sonner lays toasts across the whole screen. */
const PHONE_QUERY = '(max-width: 600px)';

function useOnPhone() {
  const [onPhone, setOnPhone] = useState(() => window.matchMedia(PHONE_QUERY).matches);
  useEffect(() => {
    const query = window.matchMedia(PHONE_QUERY);
    const change = () => setOnPhone(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return onPhone;
}

/**
 * The toast area, at the bottom right (the spec's shell). One toast at a time: a new one takes the
 * place of the last rather than stacking over the page (a call's toasts share an id and replace each
 * other; issue #28). It sits above the band where pages keep their bottom controls (the chat's Send
 * button), and on a phone, where bottom right is the whole bottom edge (the composer, a dialog's
 * buttons), at the top. Its code (sonner) is fetched once the first page is on
 * screen and the browser is idle, not before the login page is usable (issue #11): a toast raised
 * earlier is not lost, sonner hands the toasts still showing to a toast area that mounts late.
 */
export function Toasts() {
  const [wanted, setWanted] = useState(false);
  const onPhone = useOnPhone();
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
      <Toaster
        position={onPhone ? 'top-center' : 'bottom-right'}
        offset={{ bottom: 96, right: 24 }}
        mobileOffset={{ top: 72 }}
        visibleToasts={1}
        theme="system"
        richColors
        closeButton
      />
    </Suspense>
  );
}
