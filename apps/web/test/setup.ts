import { afterAll, afterEach, vi } from 'vitest';
// eslint-disable-next-line testing-library/no-manual-cleanup -- Vitest runs without globals: Testing Library cannot register its own
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
// The DOM matchers (toBeVisible, toHaveTextContent, …) on every test's expect, with their types.
import '@testing-library/jest-dom/vitest';
import { closeSocket } from '../src/shared/socket/socketClient';
import { sockets } from './fakeSocket';

// findBy… and waitFor wait up to 5 s, not Testing Library's 1 s: on CI's loaded 2 cores a page's
// lazy chunk (the admin sections) once took longer than that to load. A passing test waits no longer.
configure({ asyncUtilTimeout: 5_000 });

/**
 * What outlives a render goes after every test, so no test sees the one before it: the page, the
 * toasts (sonner keeps them outside React), fake timers, the one socket, the session cookie and
 * storage. The fake `fetch` goes too (`unstubGlobals` in vite.config.ts).
 */
afterEach(() => {
  cleanup();
  // A test that moved time hands the next one the real clock (sonner dismisses on an animation frame).
  vi.useRealTimers();
  toast.dismiss();
  closeSocket();
  sockets.length = 0;
  // The build's own tests run in Node, without a document.
  if (typeof document === 'undefined') return;
  for (const cookie of document.cookie.split('; ')) {
    const name = cookie.split('=')[0];
    if (name) document.cookie = `${name}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
  }
  localStorage.clear();
  sessionStorage.clear();
  // What the shell writes into the head (useSiteHead.ts): with files sharing a worker's document,
  // the next file must not find this one's favicon or title.
  document.head.querySelectorAll('link[rel~="icon"]').forEach((link) => link.remove());
  document.title = '';
  // A dialog's scroll lock marks the body (react-remove-scroll) and lifts it a frame after closing;
  // a test that ends with one open must not hand the next file a locked, unclickable body.
  document.body.removeAttribute('data-scroll-locked');
  document.body.removeAttribute('style');
  document.body.replaceChildren();
});

/**
 * A toast that closes itself is taken out of the toaster 200 ms later (sonner's TIME_BEFORE_UNMOUNT);
 * if the file's environment is gone by then, React's state update throws "window is not defined" as
 * an unhandled error (seen once in voiceCallModal.test.tsx). A file that showed any toast lets that
 * last timer run before its window goes.
 */
afterAll(async () => {
  if (toast.getHistory().length > 0) await new Promise((resolve) => setTimeout(resolve, 250));
});

// jsdom has no matchMedia; the toaster asks it for the colour scheme. (The build's own tests run
// in Node, without a window.)
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
