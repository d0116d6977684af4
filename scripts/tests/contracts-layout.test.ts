import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * The browser's contracts (packages/contracts/src/browser.ts, docs/architecture.md#contracts) give
 * each route table as its `*.paths.ts`. Those files import nothing, so a page that calls a route
 * never loads a schema, and zod with it.
 */
const src = path.resolve(import.meta.dirname, '../../packages/contracts/src');
const pathsFiles = readdirSync(src, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.paths.ts'));

it('keeps the route tables free of imports', () => {
  expect(pathsFiles.length).toBeGreaterThan(25);
  for (const file of pathsFiles) expect(readFileSync(path.join(src, file), 'utf8'), file).not.toMatch(/^import /m);
});
