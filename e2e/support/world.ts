import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import type { Config } from '../../apps/server/src/config/config';
import { launchBrowser, signedInPerson } from './browser';
import { startServer, type RunningServer } from './server';

export type JourneyWorld = {
  server: RunningServer;
  browser: Browser;
  /** A person already signed in with `token`, in a context of their own (support/browser.ts). */
  signedIn: (token: string, viewport?: { width: number; height: number }) => ReturnType<typeof signedInPerson>;
};

/**
 * What every journey file stands on: one real server (its own database, support/server.ts) and one
 * Chromium, started together before the file's first journey and closed after its last. Each
 * journey opens its own browser contexts, so people never share cookies. Read `world.server` and
 * `world.browser` inside hooks and journeys: they exist once the file's set-up has run.
 */
export function journeyWorld(options: { browserFlags?: string[]; config?: Partial<Config> } = {}): JourneyWorld {
  const world = {
    signedIn: (token, viewport) => signedInPerson(world.browser, world.server.baseUrl, token, viewport),
  } as JourneyWorld;
  beforeAll(async () => {
    [world.server, world.browser] = await Promise.all([startServer(options.config), launchBrowser(options.browserFlags)]);
  });
  afterAll(async () => {
    await world.browser?.close();
    await world.server?.close();
  });
  return world;
}
