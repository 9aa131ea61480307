/**
 * `npm run bench:hostile [-- --strict]`: how long the parser and the loader take to answer hostile
 * and large input (the inputs of test/grammar/hostile.test.ts and test/load/hostile.test.ts, which
 * check the answers), against the ceiling of "well under a second". The ceiling catches runaway
 * behaviour (exponential backtracking, quadratic blow-ups); typical figures are a few ms. Each
 * figure is the best of three runs in CPU time of this process, so waiting for a core while other
 * processes run is not counted. Exit code 0 whatever the figures; `--strict` fails when one is
 * over the ceiling.
 */
import { parseExpression, parseScript } from '../../grammar/index.ts';
import { createMemoryHost, loadRuleset } from '../../interpreter/load/index.ts';
import { generator, KEYWORD_SOUP, SCRIPT_CHUNK } from '../grammar/hostile-inputs.ts';
import { BILLION_LAUGHS } from '../load/hostile-inputs.ts';

const CEILING_MS = 1000;
const strict = process.argv.includes('--strict');

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

function best(run: () => void, tries = 3): number {
  let ms = Number.POSITIVE_INFINITY;
  for (let i = 0; i < tries; i++) {
    const start = cpuMs();
    run();
    ms = Math.min(ms, cpuMs() - start);
  }
  return ms;
}

const load = (content: string | Uint8Array) => () => best(() => void loadRuleset('h.yaml', createMemoryHost({ 'h.yaml': content })));
const parse = (run: () => void) => () => best(run);
const soup = (() => {
  const random = generator(7);
  return Array.from({ length: 20 }, () => Array.from({ length: 500 }, () => KEYWORD_SOUP[Math.floor(random() * KEYWORD_SOUP.length)]).join(' '));
})();
const errors = Array.from({ length: 50 }, (_, i) => `if x${i} > 3 y = (1 + end\nz${i} = * 2`).join('\n');

/** What is timed, and how: each returns milliseconds. */
const cases: Array<[string, () => number]> = [
  ['parse: 10,000 nested parentheses', parse(() => void parseExpression(`${'('.repeat(10_000)}1${')'.repeat(10_000)}`))],
  ['parse: a 300-line script', parse(() => void parseScript(SCRIPT_CHUNK.repeat(10)))],
  ['parse: 50 syntax errors', parse(() => void parseScript(errors))],
  ['parse: keyword soup, 500 words (slowest of 20)', () => Math.max(...soup.map((t) => best(() => void parseScript(t))))],
  ['load: a 10 MB file', load(`rulesmith: 1\nname: ${'x'.repeat(10 * 1024 * 1024)}\n`)],
  ['load: a 10 MB byte array', load(new Uint8Array(10 * 1024 * 1024).fill(0x61))],
  ['load: an alias bomb', load(BILLION_LAUGHS)],
  ['load: 10,000-deep flow nesting', load(`rulesmith: 1\nset: {a: ${'['.repeat(10_000)}${']'.repeat(10_000)}}\n`)],
  ['load: 10,000-deep block sequence', load(`${'- '.repeat(10_000)}x\n`)],
];

const figures = cases.map(([name, time]) => ({ name, ms: time() }));
const width = Math.max(...figures.map((f) => f.name.length));
console.log(`hostile input, best of 3 in CPU ms, ceiling ${CEILING_MS} ms each:`);
for (const f of figures) console.log(`  ${f.name.padEnd(width)}  ${f.ms.toFixed(1).padStart(8)} ms  ${f.ms <= CEILING_MS ? 'ok' : 'OVER'}`);
const over = figures.filter((f) => !(f.ms <= CEILING_MS));
if (over.length) console.log(`${over.length} over the ceiling${strict ? '' : ' (exit code 0; --strict fails on this)'}`);
process.exit(strict && over.length ? 1 : 0);
