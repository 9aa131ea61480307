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
    // `expect.poll` waits for a state of the page; a loaded 2-core machine can take seconds to
    // reach it (workers compiling a ruleset, say), and vitest's default gives up after 1 s.
    expect: { poll: { timeout: 30_000, interval: 50 } },
    reporters: ['default', './test/summary-reporter.ts'],
  },
});
