import { readdirSync } from 'node:fs';
import path from 'node:path';
import { expect, it } from 'vitest';

/**
 * One name per feature (issue #29; the table in docs/architecture.md#where-a-feature-lives): a
 * contracts folder is named after its server module, and a web feature after its contracts folder,
 * so a newcomer who finds a feature in one package finds it under the same name in the others.
 * The folders that belong to one package only are named here, with why.
 */
const root = path.resolve(import.meta.dirname, '../..');
const foldersOf = (dir: string) =>
  readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

const contracts = foldersOf('packages/contracts/src');
const modules = foldersOf('apps/server/src/modules');
const features = foldersOf('apps/web/src/features');

/** Shared by every contract (the envelope, money, the route helpers; the socket events of every module). */
const CONTRACTS_ONLY = ['common', 'realtime'];
/** The administrators' console spans every module; home composes a signed-in person's first page. */
const WEB_ONLY = ['admin', 'home'];

it('names each contracts folder after a server module', () => {
  expect(contracts.filter((name) => !CONTRACTS_ONLY.includes(name) && !modules.includes(name))).toEqual([]);
});

it('names each web feature after a contracts folder and a server module', () => {
  const alone = features.filter((name) => !WEB_ONLY.includes(name));
  expect(alone.filter((name) => !contracts.includes(name) || !modules.includes(name))).toEqual([]);
});
