import { describe, expect, it } from 'vitest';
import * as browser from './browser';
import * as full from './index';

/** What `routeRequest` reads of a route; the rest (access, schemas, documentation) is the server's. */
const callable = (route: { method: string; path: string; upload?: true }) => ({
  method: route.method,
  path: route.path,
  ...(route.upload ? { upload: true } : {}),
});

describe("the browser's contracts (package.json's browser condition)", () => {
  it('export every name the contracts export, and nothing else', () => {
    expect(Object.keys(browser).sort()).toEqual(Object.keys(full).sort());
  });

  it('give the very same schemas, constants and helpers, the route tables aside', () => {
    const others = Object.keys(full).filter((name) => !name.endsWith('Routes'));
    expect(others.length).toBeGreaterThan(200);
    for (const name of others) expect((browser as Record<string, unknown>)[name], name).toBe((full as Record<string, unknown>)[name]);
  });

  it("give every route the method, path and upload flag of the server's route table", () => {
    const tables = Object.keys(full).filter((name) => name.endsWith('Routes'));
    expect(tables.length).toBeGreaterThan(25);
    for (const name of tables) {
      const routes = (full as unknown as Record<string, Record<string, { method: string; path: string; upload?: true }>>)[name]!;
      const paths = (browser as unknown as Record<string, Record<string, object>>)[name]!;
      expect(Object.keys(paths), name).toEqual(Object.keys(routes));
      for (const [key, route] of Object.entries(routes)) expect(paths[key], `${name}.${key}`).toEqual(callable(route));
    }
  });
});
