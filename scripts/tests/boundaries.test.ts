import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The import boundaries of docs/architecture.md#boundaries are lint rules. Each case lints a line a
 * developer might write, as if it stood in a real file, and expects the rule to refuse it.
 */
const eslint = new ESLint({ cwd: process.cwd() });

async function problemsOf(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'import-x/no-restricted-paths').map((m) => m.message);
}

describe('import boundaries', () => {
  it('refuses a web feature importing another feature', async () => {
    const problems = await problemsOf(
      'apps/web/src/features/messaging/components/Fixture.tsx',
      "import { ChatHeader } from '../../wallet/pages/TokensPage';\nexport const x = ChatHeader;\n",
    );
    expect(problems).toEqual([expect.stringContaining('Web features do not import each other')]);
  });

  it('refuses a web feature importing app/, but lets its tests mount the app store', async () => {
    const code = "import { createAppStore } from '../../../app/store';\nexport const x = createAppStore;\n";
    expect(await problemsOf('apps/web/src/features/messaging/pages/Fixture.tsx', code)).toEqual([
      expect.stringContaining('Web features do not import app/'),
    ]);
    expect(await problemsOf('apps/web/src/features/messaging/tests/Fixture.test.tsx', code)).toEqual([]);
  });

  it("refuses a server module reaching into another module's files, and allows its index.ts", async () => {
    const inner = "import { createLedgerRepository } from '../wallet/ledger.repository';\nexport const x = createLedgerRepository;\n";
    expect(await problemsOf('apps/server/src/modules/messaging/fixture.ts', inner)).toEqual([
      expect.stringContaining('only through its index.ts'),
    ]);
    const viaIndex = "import { splitCommission } from '../wallet';\nexport const x = splitCommission;\n";
    expect(await problemsOf('apps/server/src/modules/messaging/fixture.ts', viaIndex)).toEqual([]);
  });

  it('refuses contracts importing the apps', async () => {
    const problems = await problemsOf(
      'packages/contracts/src/common/fixture.ts',
      "import { buildApp } from '../../../../apps/server/src/app';\nexport const x = buildApp;\n",
    );
    expect(problems).toEqual([expect.stringContaining('Contracts import nothing of the apps')]);
  });
});
