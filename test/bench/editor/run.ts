/**
 * `npm run bench:editor [-- --strict] [-- --no-build]`: builds the editor, runs the timing
 * measurements of test/bench/editor/ in Chromium (as the e2e tests drive it) and prints each
 * figure against its budget. Exit code 0 whatever the figures (they measure the machine's load
 * too), 1 with `--strict` when a figure is over budget, and 1 when the bench could not measure
 * (the build failed or the page did not behave, so there is no figure to judge).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { startVitest } from 'vitest/node';
import { ROOT } from '../../e2e/harness.ts';
import { overBudget, RESULTS_ENV, type Figure } from './budgets.ts';

const strict = process.argv.includes('--strict');
const build = !process.argv.includes('--no-build');

if (build) {
  const built = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) {
    console.error('bench:editor: the build failed, nothing measured.');
    process.exit(1);
  }
}

const dir = join(ROOT, 'test-artifacts');
mkdirSync(dir, { recursive: true });
const results = join(dir, 'bench-editor.jsonl');
rmSync(results, { force: true });
process.env[RESULTS_ENV] = results;

const vitest = await startVitest('test', [], { config: join(ROOT, 'test/bench/editor/vitest.config.ts'), watch: false, run: true });
const measured = vitest.state.getCountOfFailedTests() === 0 && vitest.state.getUnhandledErrors().length === 0;
await vitest.close();

let figures: Figure[] = [];
try {
  figures = readFileSync(results, 'utf8').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Figure);
} catch {
  // No file: nothing was recorded; said below.
}
const width = Math.max(0, ...figures.map((f) => f.name.length));
// The load says how far the figures measure the machine rather than the editor.
console.log(`\neditor bench: ${figures.length} figure(s) against their budgets (${cpus().length} cores, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')})`);
for (const f of figures) console.log(`  ${f.name.padEnd(width)}  ${`${f.value.toFixed(1)} ${f.unit}`.padStart(10)}  budget ${`${f.budget} ${f.unit}`.padStart(7)}  ${overBudget(f) ? 'OVER' : 'ok'}`);
const over = figures.filter(overBudget);
if (over.length) console.log(`${over.length} figure(s) over budget${strict ? '' : ' (exit code 0; --strict fails on this)'}; on a loaded machine, measure again when it is idle.`);
if (!measured || figures.length === 0) {
  console.error('bench:editor: a measurement failed (see above); its figures are missing.');
  process.exit(1);
}
process.exit(strict && over.length ? 1 : 0);
