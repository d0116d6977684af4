import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';
import { ENGINE_TESTS, FAN_OUT_JOURNEYS, WALL_CLOCK_JOURNEYS } from '../test-selection';

const root = path.resolve(import.meta.dirname, '../..');
const serverTests = readdirSync(path.join(root, 'apps/server/src'), { recursive: true })
  .map((file) => `apps/server/src/${String(file)}`)
  .filter((file) => file.endsWith('.test.ts') && !/\/(cluster|faults|operations)\//.test(file));

it('names only files that exist, so a renamed test is not dropped from CI without a word', () => {
  const missing = [...ENGINE_TESTS, ...WALL_CLOCK_JOURNEYS, ...FAN_OUT_JOURNEYS].filter((file) => !existsSync(path.join(root, file)));
  expect(missing).toEqual([]);
});

it('lists every server test that runs only on PostgreSQL or Redis, which would otherwise run nowhere', () => {
  const onlyThere = serverTests.filter((file) => /\.runIf\(/.test(readFileSync(path.join(root, file), 'utf8')));
  expect(onlyThere.length).toBeGreaterThan(0);
  expect(onlyThere.filter((file) => !ENGINE_TESTS.includes(file))).toEqual([]);
});
