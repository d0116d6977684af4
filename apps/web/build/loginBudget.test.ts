// @vitest-environment node
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { beforeAll, expect, it } from 'vitest';
import { build, type Rolldown } from 'vite';

/**
 * Issue #11: at most 150 KB of compressed JavaScript before the login page is usable. What the
 * login page loads is the entry with everything it imports, and the login route's chunk with
 * everything that imports; libraries that only signed-in pages, forms or dialogs need (the socket
 * client, zod, the dialog, toasts, the voice SDK) come later. bench/web/bundle.bench.ts measures the
 * same in Chromium; this catches an import that drags one of them back in before anyone runs it.
 */
const BUDGET_BYTES = 150 * 1024;
const LATER = /\/node_modules\/(zod|socket\.io-client|engine\.io-client|@radix-ui|sonner|@twilio|@tiptap|@hookform)\//;

let chunks: Rolldown.OutputChunk[];

beforeAll(async () => {
  // Vitest sets NODE_ENV=test, which would make this a development build (React's development copy).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const output = (await build({
    configFile: path.resolve(import.meta.dirname, '../vite.config.ts'),
    logLevel: 'silent',
    build: { write: false, sourcemap: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  })) as Rolldown.RolldownOutput | Rolldown.RolldownOutput[];
  chunks = [output]
    .flat()
    .flatMap((result) => result.output)
    .filter((file): file is Rolldown.OutputChunk => file.type === 'chunk');
}, 120_000);

/** A chunk and every chunk it imports statically (the browser fetches those before running it). */
function withImports(names: string[]): Rolldown.OutputChunk[] {
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const imported of byName.get(name)!.imports) visit(imported);
  };
  names.forEach(visit);
  return [...seen].map((name) => byName.get(name)!);
}

it('keeps the login page within 150 KB of brotli-compressed JavaScript, without what it does not need', () => {
  const entry = chunks.find((chunk) => chunk.isEntry)!;
  const loginPage = chunks.find((chunk) => chunk.facadeModuleId?.endsWith('/features/accounts/pages/LoginPage.tsx'))!;
  const loaded = withImports([entry.fileName, loginPage.fileName]);

  const modules = loaded.flatMap((chunk) => Object.keys(chunk.modules));
  expect(modules.filter((id) => LATER.test(id))).toEqual([]);

  const brotli = loaded.reduce(
    (sum, chunk) => sum + brotliCompressSync(chunk.code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    0,
  );
  expect(brotli).toBeLessThanOrEqual(BUDGET_BYTES);
});
