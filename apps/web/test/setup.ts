import { afterEach } from 'vitest';
// eslint-disable-next-line testing-library/no-manual-cleanup -- Vitest runs without globals: Testing Library cannot register its own
import { cleanup } from '@testing-library/react';
// The DOM matchers (toBeVisible, toHaveTextContent, …) on every test's expect, with their types.
import '@testing-library/jest-dom/vitest';

afterEach(() => cleanup());

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
