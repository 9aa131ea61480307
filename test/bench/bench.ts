/**
 * `npm run bench` (`-- --json` prints the same figures as JSON): where the time goes, the
 * interpreter against a hand-written version of the same game, and playouts per second of every
 * shipped ruleset. Not part of `npm test`.
 *
 * Method. The machines are shared and noisy, so:
 * - every figure is CPU time of this process (`process.cpuUsage`, user + system; V8's GC and
 *   compiler threads included, as they are part of the cost), not wall time, so time spent waiting
 *   for a core while other processes run is not counted;
 * - things compared are timed in alternating blocks in one process: each round runs one block of
 *   every participant, forwards in even rounds and backwards in odd ones (A B … then … B A), so
 *   the machine's drift (other load, clock speed, cache pressure) falls on both sides of a ratio
 *   alike. Ratios are taken per round and reported as the median and min–max over the rounds;
 * - a block is a fixed number of games on fixed seeds (the same seeds for both sides of the
 *   skirmish ratio, which play identical games), after two warm-up rounds, so runs on
 *   different days play the same games;
 * - figures are given as ratios to something measured alongside where possible; absolute
 *   playouts per second also get a "normalised" form, per hand-written skirmish game, which
 *   travels better between machines than the absolute one.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { parseScript } from '../../grammar/index.ts';
import { RandomAgent, playWith } from '../../interpreter/agents/index.ts';
import { checkRuleset } from '../../interpreter/check/index.ts';
import { collectSites } from '../../interpreter/check/sites.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { loadRuleset } from '../../interpreter/load/index.ts';
import { compileRuleset, type Program } from '../../interpreter/compile/index.ts';
import { Game } from '../../interpreter/runtime/index.ts';
import { playSkirmish } from './skirmish/hand-written.ts';
import { FORK_GOAL, forkBlocks, STEPS } from './fork-cost.ts';

const json = process.argv.includes('--json');

/**
 * Today's figures, when the goals were set (issue 10, item 5): medians of four runs of this bench
 * on the shared 2-core machine, with the interpreter of commit 7923dab. The goals are
 * multiples of these. `playoutsPerSec` only compares on that machine under similar load;
 * `handGames` (one game's cost in hand-written skirmish games, timed alongside) travels better,
 * so the goal is judged on it.
 */
const BASELINE = {
  date: '2026-11-24',
  skirmishRatio: 0.0066,
  games: {
    battle_of_seattle: { playoutsPerSec: 31.6, handGames: 2208 },
    blockade_runner: { playoutsPerSec: 23.7, handGames: 2865 },
    blue_max: { playoutsPerSec: 123, handGames: 548 },
    dragut: { playoutsPerSec: 29.4, handGames: 2290 },
  } as Record<string, { playoutsPerSec: number; handGames: number }>,
};
const GOAL_RATIO = 0.15;
const GOAL_SPEEDUP = 10;

// ---------------------------------------------------------------- timing

const cpuMs = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface Participant {
  name: string;
  /** One block of work for round `round` (warm-up rounds are numbered past the last). */
  block: (round: number) => void;
}

const WARM_UP_ROUNDS = 2;

/** CPU milliseconds of each participant's block in each round, participants alternating A B … B A. */
function alternate(ps: Participant[], rounds: number): number[][] {
  // Whole warm-up rounds, so the optimised code has already seen every participant's shapes.
  for (let w = 0; w < WARM_UP_ROUNDS; w++) for (const p of ps) p.block(rounds + w);
  const ms = ps.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) {
    for (let k = 0; k < ps.length; k++) {
      const i = r % 2 === 0 ? k : ps.length - 1 - k;
      // No forced GC between blocks: a full `gc()` shrinks V8's young generation, and when tried
      // it slowed every later block by half, far more than one block's garbage costs the next.
      const t = cpuMs();
      ps[i]!.block(r);
      ms[i]!.push(cpuMs() - t);
    }
  }
  return ms;
}

interface Spread { median: number; min: number; max: number }
function spread(xs: number[]): Spread {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return { median: s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2, min: s[0]!, max: s[s.length - 1]! };
}
/** Per-round ratios a[r] / b[r]. */
const ratios = (a: number[], b: number[]): number[] => a.map((x, r) => x / b[r]!);

const fmt = (x: number): string => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x >= 1 ? x.toFixed(2) : x.toPrecision(2));
const fmtSpread = (s: Spread, unit = ''): string => `${fmt(s.median)}${unit} (${fmt(s.min)}–${fmt(s.max)})`;

// ---------------------------------------------------------------- where the time goes

const rulesets = readdirSync('rulesets').map((d) => join('rulesets', d)).filter((d) => { try { return readFileSync(join(d, 'ruleset.yaml')).length > 0; } catch { return false; } });
const yamlFiles = rulesets.flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.yaml')).map((f) => join(d, f)));
const rows: Array<{ name: string; ms: number; ratio: string }> = [];
const notes: string[] = [];

{
  const [yaml, validate] = alternate([
    { name: 'yaml', block: () => { for (const f of yamlFiles) parseYaml(readFileSync(f, 'utf8')); } },
    { name: 'validate', block: () => { for (const d of rulesets) { const l = loadRuleset(d, nodeHost); if (l.model) checkRuleset(l.model); } } },
  ], 7);
  rows.push({ name: 'baseline: yaml.parse of every ruleset file', ms: spread(yaml!).median, ratio: '1.0×' });
  rows.push({ name: 'load + schema + check every ruleset', ms: spread(validate!).median, ratio: `${fmtSpread(spread(ratios(validate!, yaml!)), '×')} yaml.parse` });
}

const programs: Program[] = [];
for (const d of rulesets) {
  try {
    const l = loadRuleset(d, nodeHost);
    if (l.model && !checkRuleset(l.model).some((x) => x.severity === 'error')) programs.push(compileRuleset(l.model));
    else notes.push(`skipping ${d}: it has errors`);
  } catch (e) {
    notes.push(`skipping ${d}: ${(e as Error).message}`);
  }
}
const scripts = programs.flatMap((p) => collectSites(p.data).filter((s) => s.mode === 'script').map((s) => s.text));
const scriptChars = scripts.reduce((n, s) => n + s.length, 0);
if (scripts.length) {
  const [parse, jsonTrip] = alternate([
    { name: 'parse', block: () => { for (const s of scripts) parseScript(s); } },
    { name: 'json', block: () => { for (let i = 0; i < 20; i++) for (const s of scripts) JSON.parse(JSON.stringify({ s })); } },
  ], 7);
  const per = jsonTrip!.map((x) => x / 20);
  rows.push({ name: `parse ${scripts.length} shipped scripts (${scriptChars} chars)`, ms: spread(parse!).median, ratio: `${fmtSpread(spread(ratios(parse!, per)), '×')} JSON round-trip of the same text` });
}

/** Play `games` games from seed `first` with random agents; count the ones that did not end normally. */
const failedGames = new Map<string, number>();
function playGames(program: Program, first: number, games: number, log: 'full' | 'none'): void {
  for (let seed = first; seed < first + games; seed++) {
    const r = playWith(program, { seed }, new RandomAgent(seed), { log });
    if ('problems' in r || r.stopped || r.game.status !== 'ended') {
      const id = String(program.data.id);
      failedGames.set(id, (failedGames.get(id) ?? 0) + 1);
    }
  }
}

const duel = compileRuleset(loadRuleset('test/fixtures/runtime/duel', nodeHost).model!);
const DUEL_GAMES = 200;
const COMPILES = 20;
const [duelNone, duelFull, duelCompile] = alternate([
  { name: 'none', block: (r) => playGames(duel, r * DUEL_GAMES, DUEL_GAMES, 'none') },
  { name: 'full', block: (r) => playGames(duel, r * DUEL_GAMES, DUEL_GAMES, 'full') },
  { name: 'compile', block: () => { for (let i = 0; i < COMPILES; i++) compileRuleset(duel.model); } },
], 7).map((ms, i) => ms.map((x) => x / (i === 2 ? COMPILES : DUEL_GAMES)));
const duelGameMs = spread(duelNone!).median;
rows.push({ name: 'compile the test duel ruleset', ms: spread(duelCompile!).median, ratio: `${fmtSpread(spread(ratios(duelCompile!, duelNone!)), '×')} one game` });
rows.push({ name: 'one duel game, no log', ms: duelGameMs, ratio: '1.0×' });
rows.push({ name: 'one duel game, full log', ms: spread(duelFull!).median, ratio: `${fmtSpread(spread(ratios(duelFull!, duelNone!)), '×')} no log` });

// ---------------------------------------------------------------- skirmish and playouts

const skirmish = compileRuleset(loadRuleset('test/bench/skirmish', nodeHost).model!);
/** Games per skirmish block; the hand-written side plays the same seeds HAND_REPEAT times, to give its block a measurable length. */
const SKIRMISH_GAMES = 50;
const HAND_REPEAT = 100;
const ROUNDS = 12;
/** Games per block for each shipped ruleset (about a quarter second each today). */
const BLOCK_GAMES: Record<string, number> = { blue_max: 32 };
const DEFAULT_BLOCK_GAMES = 8;

const playable = programs.filter((p) => Game.start(p, { seed: 1 }) instanceof Game && p.data.flow);
const gamesOf = (p: Program): number => BLOCK_GAMES[String(p.data.id)] ?? DEFAULT_BLOCK_GAMES;
const [rsMs, handMs, ...gameMs] = alternate([
  { name: 'skirmish (rulesmith)', block: (r) => playGames(skirmish, r * SKIRMISH_GAMES, SKIRMISH_GAMES, 'none') },
  {
    name: 'skirmish (hand-written)',
    block: (r) => { for (let k = 0; k < HAND_REPEAT; k++) for (let seed = r * SKIRMISH_GAMES; seed < (r + 1) * SKIRMISH_GAMES; seed++) playSkirmish(seed); },
  },
  ...playable.map((p) => ({ name: String(p.data.id), block: (r: number) => playGames(p, r * gamesOf(p), gamesOf(p), 'none') })),
], ROUNDS);

/** Games per CPU second, per round. */
const perSec = (ms: number[], games: number): number[] => ms.map((x) => (games * 1000) / x);
const rsRate = perSec(rsMs!, SKIRMISH_GAMES);
const handRate = perSec(handMs!, SKIRMISH_GAMES * HAND_REPEAT);
const skirmishRatio = spread(ratios(rsRate, handRate));

const games = playable.map((p, i) => {
  const id = String(p.data.id);
  const rate = perSec(gameMs[i]!, gamesOf(p));
  const playouts = spread(rate);
  const handGames = spread(ratios(handRate, rate));
  const base = BASELINE.games[id];
  return {
    id,
    gamesPerBlock: gamesOf(p),
    playoutsPerSec: playouts,
    msPerGame: 1000 / playouts.median,
    handGames,
    vsBaseline: base ? playouts.median / base.playoutsPerSec : null,
    vsBaselineNormalised: base ? base.handGames / handGames.median : null,
    failed: failedGames.get(id) ?? 0,
    perRound: rate,
  };
});
for (const g of games) rows.push({ name: `one ${g.id} game (random agents), no log`, ms: g.msPerGame, ratio: `${fmt(g.msPerGame / duelGameMs)}× a duel game` });

// ---------------------------------------------------------------- fork ÷ decision step

/** Fork cost against one decision step, in the longest shipped game, early and late. */
const forkProgram = programs.find((p) => p.data.id === 'battle_of_seattle') ?? playable[0]!;
const forks = [10, 300].map((at) => {
  const b = forkBlocks(forkProgram, at);
  const [forkMs, bothMs] = alternate([{ name: 'fork', block: b.fork }, { name: 'fork+step', block: b.forkAndStep }], ROUNDS);
  // A step is what a fork followed by STEPS answers costs beyond the fork, per answer.
  const stepMs = bothMs!.map((x, r) => (x - forkMs![r]!) / STEPS);
  const perRound = forkMs!.map((f, r) => f / Math.max(stepMs[r]!, 1e-6));
  return { decision: at, forkUs: (spread(forkMs!).median * 1000) / b.copies, stepUs: (spread(stepMs).median * 1000) / b.copies, ratio: spread(perRound), goal: FORK_GOAL };
});

// ---------------------------------------------------------------- report

const header = `rulesmith bench (${new Date().toISOString().slice(0, 10)}, node ${process.version}; CPU time, alternating blocks)`;
const result = {
  date: new Date().toISOString().slice(0, 10),
  node: process.version,
  rows: rows.map((r) => ({ name: r.name, ms: r.ms, ratio: r.ratio })),
  skirmish: {
    rounds: ROUNDS,
    gamesPerBlock: { rulesmith: SKIRMISH_GAMES, handWritten: SKIRMISH_GAMES * HAND_REPEAT },
    rulesmithPerSec: spread(rsRate),
    handWrittenPerSec: spread(handRate),
    ratio: skirmishRatio,
    perRound: { rulesmith: rsRate, handWritten: handRate },
    goal: GOAL_RATIO,
    met: skirmishRatio.median >= GOAL_RATIO,
  },
  games: games.map((g) => ({ ...g, goal: GOAL_SPEEDUP, met: g.vsBaselineNormalised !== null && g.vsBaselineNormalised >= GOAL_SPEEDUP })),
  forks: forks.map((f) => ({ ...f, game: String(forkProgram.data.id), met: f.ratio.median <= FORK_GOAL })),
  baseline: BASELINE,
  notes,
};

if (json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  console.log(`${header}\n`);
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) console.log(`${r.name.padEnd(width)}  ${r.ms.toFixed(2).padStart(9)} ms  ${r.ratio}`);
  const s = result.skirmish;
  console.log(`\nskirmish, rulesmith ÷ hand-written throughput (${ROUNDS} block pairs; median (min–max)):`);
  console.log(`  rulesmith     ${fmtSpread(s.rulesmithPerSec)} games/s`);
  console.log(`  hand-written  ${fmtSpread(s.handWrittenPerSec)} games/s`);
  console.log(`  ratio         ${fmtSpread(s.ratio, '×')}   goal ≥ ${GOAL_RATIO}×: ${s.met ? 'met' : `not yet (${fmt(GOAL_RATIO / s.ratio.median)}× to go)`}${BASELINE.skirmishRatio ? `; baseline ${fmt(BASELINE.skirmishRatio)}×` : ''}`);
  console.log(`\nplayouts per CPU second, random agents, no log (${ROUNDS} blocks each; median (min–max)); "hand games": one game's cost in hand-written skirmish games:`);
  const cols = ['game', 'games/block', 'playouts/s', 'ms/game', 'hand games', '× baseline', '× baseline (normalised)', `goal ≥ ${GOAL_SPEEDUP}× (normalised)`];
  const table = result.games.map((g) => [
    g.id, String(g.gamesPerBlock), fmtSpread(g.playoutsPerSec), fmt(g.msPerGame), fmtSpread(g.handGames),
    g.vsBaseline === null ? '–' : `${fmt(g.vsBaseline)}×`, g.vsBaselineNormalised === null ? '–' : `${fmt(g.vsBaselineNormalised)}×`,
    g.met ? 'met' : 'not yet',
  ]);
  const widths = cols.map((c, i) => Math.max(c.length, ...table.map((r) => r[i]!.length)));
  for (const r of [cols, ...table]) console.log(`  ${r.map((x, i) => x.padEnd(widths[i]!)).join('  ')}`);
  console.log(`\nfork ÷ one decision step, ${result.forks[0]?.game} (${ROUNDS} block pairs of 200 forks, each followed by ${STEPS} decisions; median (min–max)):`);
  for (const f of result.forks) console.log(`  at decision ${String(f.decision).padEnd(4)} fork ${fmt(f.forkUs)} µs, step ${fmt(f.stepUs)} µs, ratio ${fmtSpread(f.ratio, '×')}   goal ≤ ${FORK_GOAL}×: ${f.met ? 'met' : 'not yet'}`);
  const failed = result.games.filter((g) => g.failed > 0);
  if (failed.length) notes.push(`games that stopped with an error (still timed): ${failed.map((g) => `${g.id} ${g.failed}`).join(', ')}`);
  for (const n of notes) console.log(`(${n})`);
}
