import { resolve } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Hostile-input tests parse large documents; keep a generous but finite ceiling.
    testTimeout: 20_000,
    reporters: ['default', './test/summary-reporter.ts'],
    // Used by `npm test` (`vitest run --coverage`); a plain `npx vitest run` stays uninstrumented.
    coverage: {
      provider: 'v8',
      include: ['grammar/**', 'interpreter/**'],
      // The globs also match test/grammar/ and the like.
      exclude: ['test/**'],
      // Printed: the total (statements, branches, functions, lines) and each folder's lines and
      // branches; the per-file table is in test-artifacts/coverage/html/index.html.
      reporter: [['text-summary'], [resolve(import.meta.dirname, 'test/coverage-folders.cjs')], ['html', { subdir: 'html' }], ['json-summary']],
      reportsDirectory: 'test-artifacts/coverage',
      // Issue 12: at least 90% of lines in each of the two folders.
      thresholds: {
        'grammar/**': { lines: 90 },
        'interpreter/**': { lines: 90 },
      },
    },
  },
});
