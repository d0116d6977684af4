import type { Reporter, SerializedError, TestModule, TestRunEndReason } from 'vitest/node';

/**
 * Prints one plain closing line, "Summary: N passed, N failed, N skipped", after the default
 * reporter, so CI logs state the count in a form any reader (or tool) understands. A file that
 * fails outside any test (a broken beforeAll, an import error) and an unhandled error each count
 * as a failure, so the line never says "0 failed" for a red run.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<SerializedError>, reason: TestRunEndReason) {
    let passed = 0;
    let failed = unhandledErrors.length;
    let skipped = 0;
    for (const module of testModules) {
      let failedInModule = 0;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'passed') passed++;
        else if (state === 'failed') failedInModule++;
        else skipped++;
      }
      if (failedInModule === 0 && module.state() === 'failed') failedInModule = 1;
      failed += failedInModule;
    }
    if (reason === 'failed' && failed === 0) failed = 1;
    process.stdout.write(`\nSummary: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
  }
}
