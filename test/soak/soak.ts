/**
 * `npm run soak` (`-- --games N`, default 100,000 per game): random bots play N games of every
 * shipped ruleset with its `invariants:` checked after setup and after every decision, and the
 * run prints games per second, invariant violations (each game's first), runtime errors, and the
 * heap and RSS sampled through the run, to show memory stays flat. Not part of `npm test`.
 *
 * Options: `--games N`; `--game id` (repeatable: battle-of-seattle, blockade-runner, dragut,
 * blue-max); `--seed S` (game i plays seed `S:i`); `--from N` (start at game N, default 1: so
 * `--games 50000` and `--games 50000 --from 50001` play, in two processes, the games of one 10^5
 * run); `--samples K` (memory samples per game, 10);
 * `--no-check` (the same games unchecked, to measure the checks' cost); `--json FILE` (the figures
 * as JSON too). Player counts cycle through each ruleset's allowed range, so Blockade Runner is
 * soaked with 2 to 6 players. Exits 1 when any game broke an invariant or stopped on an error.
 *
 * Memory: nothing of a finished game is kept (only counters), so the heap should be the same
 * after 1,000 games as after 100,000. Run with `node --expose-gc` (the npm script does) so each
 * sample is taken after a full collection and shows what is live, not garbage not yet collected.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { RandomAgent, playWith } from '../../interpreter/agents/index.ts';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { loadRuleset } from '../../interpreter/load/index.ts';
import { checkInvariants, type Game, type InvariantViolation, type Program } from '../../interpreter/runtime/index.ts';

const GAMES = ['battle-of-seattle', 'blockade-runner', 'dragut', 'blue-max'];
const ROOT = join(import.meta.dirname, '../..');

interface MemorySample { games: number; heapMB: number; rssMB: number }
interface SoakResult {
  game: string;
  games: number;
  checked: boolean;
  invariants: number;
  seconds: number;
  gamesPerSecond: number;
  decisions: number;
  violations: number;
  byInvariant: Record<string, number>;
  firstViolations: Array<{ seed: string; decision: number; players: number } & InvariantViolation>;
  errors: number;
  firstErrors: Array<{ seed: string; code: string; message: string }>;
  memory: MemorySample[];
  peakHeapMB: number;
  peakRssMB: number;
}

/** Bad input: one line and exit 2, never a stack trace. */
function usage(message: string): never {
  process.stderr.write(`npm run soak: ${message}\n`);
  process.exit(2);
}

const args = (() => { try { return parseArgs({
  options: {
    games: { type: 'string', default: '100000' },
    game: { type: 'string', multiple: true },
    seed: { type: 'string', default: 'soak' },
    from: { type: 'string', default: '1' },
    samples: { type: 'string', default: '10' },
    'no-check': { type: 'boolean', default: false },
    json: { type: 'string' },
  },
}).values; } catch (e) { return usage((e as Error).message); } })();
const total = Number(args.games);
const samples = Math.max(1, Number(args.samples));
const check = !args['no-check'];
const chosen = args.game ?? GAMES;
for (const g of chosen) if (!GAMES.includes(g)) usage(`--game takes one of ${GAMES.join(', ')}, not ${g}`);
if (!Number.isInteger(total) || total < 1) usage('--games takes a positive whole number');
const from = Number(args.from);
if (!Number.isInteger(from) || from < 1) usage('--from takes a positive whole number (the first game\'s index)');
const last = from + total - 1;

const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => Math.round((bytes / 1048576) * 10) / 10;
function sample(games: number): MemorySample {
  gc?.();
  const m = process.memoryUsage();
  return { games, heapMB: mb(m.heapUsed), rssMB: mb(m.rss) };
}

function programOf(game: string): Program {
  const loaded = loadRuleset(join(ROOT, 'rulesets', game), nodeHost);
  const errors = [...loaded.diagnostics, ...(loaded.model ? checkRuleset(loaded.model) : [])].filter((d) => d.severity === 'error');
  if (!loaded.model || errors.length) throw new Error(`${game} does not check: ${errors.map((d) => d.message).join('; ')}`);
  return compileRuleset(loaded.model);
}

function soak(game: string): SoakResult {
  const program = programOf(game);
  const min = program.data.players?.min ?? 2;
  const max = program.data.players?.max ?? min;
  const r: SoakResult = {
    game, games: total, checked: check, invariants: Object.keys(program.data.invariants ?? {}).length, seconds: 0, gamesPerSecond: 0, decisions: 0,
    violations: 0, byInvariant: {}, firstViolations: [], errors: 0, firstErrors: [], memory: [sample(0)], peakHeapMB: 0, peakRssMB: 0,
  };
  const every = Math.max(1, Math.floor(total / samples));
  const started = process.hrtime.bigint();
  for (let i = from; i <= last; i++) {
    const seed = `${args.seed}:${game}:${i}`;
    const players = min + (i % (max - min + 1));
    let violation: (InvariantViolation & { decision: number }) | null = null;
    const observe = (g: Game) => {
      if (violation) return;
      const v = checkInvariants(g);
      if (v) violation = { ...v, decision: g.state.decisions.length };
    };
    const played = playWith(program, { seed, players }, new RandomAgent(seed), { log: 'none', ...(check ? { observe } : {}) });
    if ('problems' in played) throw new Error(`${game} ${seed}: setup refused: ${played.problems.map((p) => p.message).join('; ')}`);
    r.decisions += played.decisions.length;
    const v = violation as (InvariantViolation & { decision: number }) | null;
    if (v) {
      r.violations++;
      r.byInvariant[v.invariant] = (r.byInvariant[v.invariant] ?? 0) + 1;
      if (r.firstViolations.length < 10) r.firstViolations.push({ seed, players, ...v });
    }
    const error = played.game.error ?? played.stopped;
    if (played.game.status !== 'ended' || error) {
      r.errors++;
      if (r.firstErrors.length < 10) r.firstErrors.push({ seed, code: error?.code ?? 'unfinished', message: error?.message ?? 'the game did not end' });
    }
    const played_ = i - from + 1;
    if (played_ % every === 0 || i === last) {
      const s = sample(played_);
      r.memory.push(s);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      process.stderr.write(`${game}: ${played_}/${total} games (to #${i}), ${(played_ / seconds).toFixed(1)} games/s, ${r.violations} violations, ${r.errors} errors, heap ${s.heapMB} MB, rss ${s.rssMB} MB\n`);
    }
  }
  r.seconds = Math.round((Number(process.hrtime.bigint() - started) / 1e9) * 10) / 10;
  r.gamesPerSecond = Math.round((total / r.seconds) * 10) / 10;
  r.peakHeapMB = Math.max(...r.memory.map((s) => s.heapMB));
  r.peakRssMB = Math.max(...r.memory.map((s) => s.rssMB));
  return r;
}

const results: SoakResult[] = [];
console.log(`soak: ${total} games per game (games #${from} to #${last}), invariants ${check ? 'checked after every decision' : 'NOT checked'}, seed ${args.seed}, node ${process.version}${gc ? '' : ' (no --expose-gc: memory samples include uncollected garbage)'}`);
for (const game of chosen) {
  const r = soak(game);
  results.push(r);
  console.log(`\n${game}: ${r.games} games (${r.invariants} invariants) in ${r.seconds} s, ${r.gamesPerSecond} games/s, ${r.decisions} decisions`);
  console.log(`  violations: ${r.violations}${Object.keys(r.byInvariant).length ? ` (${Object.entries(r.byInvariant).map(([id, n]) => `${id} ${n}`).join(', ')})` : ''}; games not ended or stopped on an error: ${r.errors}`);
  for (const v of r.firstViolations) console.log(`    ${v.seed} (${v.players} players), decision ${v.decision}: ${v.invariant}: ${v.message} (${v.file}:${v.line})`);
  for (const e of r.firstErrors) console.log(`    ${e.seed}: ${e.code}: ${e.message}`);
  console.log(`  memory (after gc): ${r.memory.map((s) => `${s.games}: heap ${s.heapMB} / rss ${s.rssMB}`).join('; ')} MB`);
  console.log(`  peak heap ${r.peakHeapMB} MB, peak rss ${r.peakRssMB} MB`);
}
if (args.json) writeFileSync(args.json, `${JSON.stringify({ games: total, from, checked: check, seed: args.seed, node: process.version, results }, null, 1)}\n`);
process.exitCode = results.some((r) => r.violations > 0 || r.errors > 0) ? 1 : 0;
