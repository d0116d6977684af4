import { readFileSync } from 'node:fs';
import semver from 'semver';
import { expect, it } from 'vitest';

/**
 * `npm ci` on the oldest Node the README promises must print no EBADENGINE warning: every installed
 * package's `engines.node` has to accept the lowest version of each range in our own `engines.node`.
 * (cookie@2 and content-disposition@3 want Node 22; see docs/architecture.md#dependencies.)
 */
const root = JSON.parse(readFileSync('package.json', 'utf8')) as { engines: { node: string } };
const lock = JSON.parse(readFileSync('package-lock.json', 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[]; os?: string[]; cpu?: string[] }>;
};

const lowestSupported = root.engines.node.split('||').map((range) => semver.minVersion(range.trim())!.version);

it('promises Node 20 and 22 in package.json', () => {
  expect(lowestSupported).toEqual(['20.19.0', '22.13.0']);
});

it('installs nothing that refuses the lowest promised Node versions', () => {
  const refusals: string[] = [];
  for (const [path, entry] of Object.entries(lock.packages)) {
    const wanted = !Array.isArray(entry.engines) ? entry.engines?.node : undefined;
    // Builds for another platform (sharp's win32 binary, wasm fallbacks) are never installed here.
    const otherPlatform = (entry.os && !entry.os.includes(process.platform)) || (entry.cpu && !entry.cpu.includes(process.arch));
    if (!path || !wanted || otherPlatform) continue;
    for (const node of lowestSupported) {
      if (!semver.satisfies(node, wanted)) refusals.push(`${path}@${entry.version} wants node ${wanted}, not ${node}`);
    }
  }
  expect(refusals).toEqual([]);
});
