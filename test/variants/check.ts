/**
 * Every shipped variant validates and plays N games with search bots without a runtime error
 * (issue 13: "every shipped variant validates and simulates 200 games with `normal` bots").
 *
 *   npm run variants:check                                   # 200 games per variant, `normal` bots
 *   npm run variants:check -- --games 5 --agents easy --only dragut
 *   npm run variants:check -- --cache .rulesmith-games   # a run stopped (or killed) goes on where it was
 *
 * It drives the CLI in-process (`validate <variant>`, `simulate <variant> --json`), so what it
 * checks is what a designer runs. `test/variants/check.test.ts` runs a bounded version in `npm test`.
 * Exit 0 when every variant is clean, 1 when one has a diagnostic error or a runtime error, 2 on usage.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { main } from '../../interpreter/cli/main.ts';

const ROOT = join(fileURLToPath(import.meta.url), '../../..');

export interface VariantResult {
  path: string;
  /** Exit code of `rulesmith validate <variant>`. */
  validate: number;
  games: number;
  ended: number;
  errors: number;
  /** The first runtime errors, `seed: code: message (at)`. */
  first: string[];
  seconds: number;
}

/** Every `rulesets/<game>/variants/*.yaml`, repository-relative, in name order. */
export function shippedVariants(root = ROOT): string[] {
  return readdirSync(join(root, 'rulesets')).sort().flatMap((game) => {
    try {
      return readdirSync(join(root, 'rulesets', game, 'variants')).filter((n) => n.endsWith('.yaml')).sort().map((n) => `rulesets/${game}/variants/${n}`);
    } catch {
      return [];
    }
  });
}

async function cli(argv: string[], progress?: (done: number, total: number, restored?: number) => void): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await main(argv, { out: (t) => { out += t; }, err: (t) => { err += t; }, color: false, ...(progress ? { progress } : {}) });
  return { code, out, err };
}

/**
 * A line on stderr at every tenth of the games (search bots' runs take hours; the line says how
 * far one is and about how long is left, paced from the first played game's end: games a resumed
 * run takes from its --cache at once do not count in the pace).
 */
function progressLines(path: string): (done: number, total: number, restored?: number) => void {
  const started = performance.now();
  let first = 0;
  return (done, total, restored = 0) => {
    const now = performance.now() - started;
    const played = done - restored;
    if (played === 1) first = now;
    if (done % Math.max(1, Math.round(total / 10)) !== 0 && done !== total) return;
    const left = played >= 2 && done < total ? `, about ${Math.round(((now - first) / (played - 1)) * (total - done) / 60_000)} min left` : '';
    process.stderr.write(`${path}: ${done}/${total} games, ${Math.round(now / 1000)} s${left}\n`);
  };
}

/** Validate one variant and simulate `games` games of it; paths are relative to the repository. */
export async function checkVariant(path: string, games: number, agents: string, seed: string, workers?: number, progress = false, cache?: string): Promise<VariantResult> {
  const start = process.hrtime.bigint();
  const abs = join(ROOT, path);
  const validated = await cli(['validate', abs]);
  const result: VariantResult = { path, validate: validated.code, games, ended: 0, errors: 0, first: [], seconds: 0 };
  if (validated.code === 0) {
    const sim = await cli(['simulate', abs, '--games', String(games), '--agents', agents, '--seed', seed, '--json', ...(workers ? ['--workers', String(workers)] : []), ...(cache ? ['--cache', cache] : [])], progress ? progressLines(path) : undefined);
    try {
      const summary = JSON.parse(sim.out) as { ended: number; errors: { count: number; first: Array<{ seed: string; code: string; message: string; at?: string }> } };
      result.ended = summary.ended;
      result.errors = summary.errors.count;
      result.first = summary.errors.first.map((e) => `${e.seed}: ${e.code}: ${e.message}${e.at ? ` (${e.at})` : ''}`);
    } catch {
      // No summary at all: count every game as failed, and keep what the CLI said.
      result.errors = games;
      result.first = [sim.err.trim() || `simulate exited ${sim.code}`];
    }
  } else {
    result.first = [validated.out.split('\n').slice(0, 3).join(' ').trim()];
  }
  result.seconds = Number(process.hrtime.bigint() - start) / 1e9;
  return result;
}

export function formatResult(r: VariantResult): string {
  const status = r.validate !== 0 ? `validate exit ${r.validate}` : `${r.ended}/${r.games} ended, ${r.errors} runtime errors`;
  return `${r.validate === 0 && r.errors === 0 ? 'ok  ' : 'FAIL'}  ${r.path}  ${status}  ${r.seconds.toFixed(1)} s${r.first.map((f) => `\n        ${f}`).join('')}`;
}

async function run(argv: string[]): Promise<number> {
  let args;
  try {
    args = parseArgs({ args: argv, options: { games: { type: 'string', default: '200' }, agents: { type: 'string', default: 'normal' }, seed: { type: 'string', default: 'variants' }, workers: { type: 'string' }, only: { type: 'string' }, cache: { type: 'string' } } });
  } catch (e) {
    process.stderr.write(`variants:check: ${(e as Error).message}\nUsage: npm run variants:check -- [--games N] [--agents A] [--seed S] [--workers N] [--only TEXT] [--cache DIR]\n`);
    return 2;
  }
  const games = Number(args.values.games);
  if (!Number.isInteger(games) || games < 1) { process.stderr.write('variants:check: --games takes a whole number from 1\n'); return 2; }
  const workers = args.values.workers === undefined ? undefined : Number(args.values.workers);
  const paths = shippedVariants().filter((p) => !args.values.only || p.includes(args.values.only));
  if (paths.length === 0) { process.stderr.write(`variants:check: no shipped variant's path contains "${args.values.only}"\n`); return 2; }
  process.stdout.write(`${paths.length} variants, ${games} games each, agents ${args.values.agents}, seed ${args.values.seed} (from ${relative(process.cwd(), ROOT) || '.'})\n`);
  let failed = 0;
  for (const p of paths) {
    const r = await checkVariant(p, games, args.values.agents, args.values.seed, workers, true, args.values.cache);
    if (r.validate !== 0 || r.errors !== 0) failed++;
    process.stdout.write(`${formatResult(r)}\n`);
  }
  process.stdout.write(`${paths.length - failed} of ${paths.length} variants clean\n`);
  return failed ? 1 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  run(process.argv.slice(2)).then((code) => { process.exitCode = code; }, (e: unknown) => { process.stderr.write(`variants:check: ${(e as Error).message}\n`); process.exitCode = 2; });
}
