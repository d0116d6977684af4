import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { cruise, type ICruiseOptions } from 'dependency-cruiser';
import { afterAll, expect, it } from 'vitest';

/**
 * `npm run lint` refuses an import cycle even when it runs through types only (docs/architecture.md#boundaries):
 * ESLint's import-x/no-cycle skips `import type`, so dependency-cruiser checks it with the repo's own
 * rules (.dependency-cruiser.cjs). Here two files name each other's types, as app-context.ts and a
 * module's index.ts once did.
 */
const config = createRequire(import.meta.url)('../../.dependency-cruiser.cjs') as {
  forbidden: NonNullable<ICruiseOptions['ruleSet']>['forbidden'];
  options: ICruiseOptions;
};
const dir = mkdtempSync(path.join(os.tmpdir(), 'cycle-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('refuses two files that import each other only as types', async () => {
  writeFileSync(path.join(dir, 'context.ts'), "import type { Ledger } from './ledger';\nexport type Context = { ledger: Ledger };\n");
  writeFileSync(
    path.join(dir, 'ledger.ts'),
    "import type { Context } from './context';\nexport type Ledger = { open: (ctx: Context) => void };\n",
  );
  const { tsConfig: _ignored, ...options } = config.options;
  const result = await cruise([dir], { ...options, validate: true, ruleSet: { forbidden: config.forbidden } });
  const output = result.output as { summary: { violations: { rule: { name: string } }[] } };
  expect(output.summary.violations.map((violation) => violation.rule.name)).toContain('no-circular');
});
