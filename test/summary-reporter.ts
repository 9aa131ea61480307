import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/**
 * Prints one plain closing line, `Tests: N passed, N failed, N skipped`, that any CI log reader
 * understands. `npm test` runs two vitest suites (unit, then the browser end-to-end tests); with
 * RULESMITH_TEST_TOTALS naming a file, each run adds its counts to it, so the last line printed
 * is the total of the whole `npm test`.
 */
export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const counts = { passed: 0, failed: 0, skipped: 0 };
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        const state = t.result().state;
        if (state === 'passed') counts.passed++;
        else if (state === 'failed') counts.failed++;
        else counts.skipped++;
      }
    }
    const file = process.env.RULESMITH_TEST_TOTALS;
    let label = 'Tests';
    if (file) {
      const before = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as typeof counts) : { passed: 0, failed: 0, skipped: 0 };
      if (before.passed + before.failed + before.skipped > 0) label = 'Total';
      counts.passed += before.passed;
      counts.failed += before.failed;
      counts.skipped += before.skipped;
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(counts));
    }
    process.stdout.write(`\n${label}: ${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped\n`);
  }
}
