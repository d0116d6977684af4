import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { bundleServer } from '../../scripts/bundle-server';

const HOUR_MS = 60 * 60 * 1000;
let built: Promise<string> | undefined;

/**
 * The server as `npm start` runs it (`node dist/main.mjs`), bundled from the sources as they are
 * now, once per test process and into a folder of its own (under dist/, where the server finds its
 * migrations from), so test files running at once never start a bundle another is still writing.
 * Test workers are often stopped rather than left to exit, so each new folder also sweeps away
 * those over an hour old.
 */
export function serverBundleForTests(): Promise<string> {
  built ??= (async () => {
    const parent = path.join(import.meta.dirname, '../../dist/tests');
    mkdirSync(parent, { recursive: true });
    for (const name of readdirSync(parent)) {
      const old = path.join(parent, name);
      // Another worker may sweep the same folder at the same moment.
      const modifiedMs = statSync(old, { throwIfNoEntry: false })?.mtimeMs ?? Date.now();
      if (Date.now() - modifiedMs > HOUR_MS) rmSync(old, { recursive: true, force: true });
    }
    const dir = mkdtempSync(path.join(parent, 'bundle-'));
    process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
    return bundleServer(path.join(dir, 'main.mjs'));
  })();
  return built;
}
