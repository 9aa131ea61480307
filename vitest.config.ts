import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // Hostile-input tests parse large documents; keep a generous but finite ceiling.
    testTimeout: 20_000,
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
