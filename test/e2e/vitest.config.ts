import { defineConfig } from 'vitest/config';

/**
 * End-to-end tests of the built editor (dist/) in Debian's Chromium. `npm run test:e2e` builds
 * first; the tests serve dist/ on 127.0.0.1 themselves.
 */
export default defineConfig({
  test: {
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    // One browser at a time: two cores, and each test starts its own Chromium.
    fileParallelism: false,
    globalSetup: ['./test/e2e/global-setup.ts'],
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
