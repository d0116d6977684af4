import { useNavigation } from 'react-router';
import { Spinner } from '../../shared/ui';
import './RouteLoader.css';

/** The full-screen loader of the first load, before any page can show. */
export function FullScreenLoader() {
  return (
    <div className="route-loader" role="status" aria-live="polite">
      <Spinner size={32} />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}

/**
 * A full-screen loader during a route change. It is in the page at once (so assistive
 * technology and tests see it) but fades in after a moment, so quick changes do not flash.
 */
export function RouteLoader() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div className="route-loader route-loader--delayed" role="status" aria-live="polite" data-testid="route-loader">
      <Spinner size={32} />
      <span className="visually-hidden">Loading page…</span>
    </div>
  );
}
