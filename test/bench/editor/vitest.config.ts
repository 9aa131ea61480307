import { defineConfig } from 'vitest/config';

/**
 * `npm run bench:editor` (test/bench/editor/run.ts): timing measurements of the built editor in
 * Chromium. They report against their budgets instead of failing `npm test`, since a shared or
 * loaded machine measures its load as much as the editor.
 */
export default defineConfig({
  test: {
    include: ['test/bench/editor/**/*.editor-bench.ts'],
    testTimeout: 180_000,
    hookTimeout: 120_000,
    // One browser at a time, and nothing else of ours competing for the cores it measures.
    fileParallelism: false,
  },
});
