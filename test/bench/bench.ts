/**
 * `npm run bench` (`-- --json` prints the same figures as JSON): where the time goes (load + check
 * of each shipped ruleset against `yaml.parse` of its files, load-cost.ts), the interpreter
 * against a hand-written version of the same game and against the same game in boardgame.io
 * (peers/), playouts per second of every shipped ruleset, fork ÷ decision step (fork-cost.ts) and
 * the search bots' decision time (bot-cost.ts). Not part of `npm test`.
 *
 * Method. The machines are shared and noisy, so:
 * - every figure is CPU time of this process (`process.cpuUsage`, user + system; V8's GC and
 *   compiler threads included, as they are part of the cost), not wall time, so time spent waiting
 *   for a core while other processes run is not counted;
 * - things compared are timed in alternating blocks in one process: each round runs one block of
 *   every participant, forwards in even rounds and backwards in odd ones (A B … then … B A), so
 *   the machine's drift (other load, clock speed, cache pressure) falls on both sides of a ratio
 *   alike. Ratios are taken per round and reported as the median and min–max over the rounds;
 * - a block is a fixed number of games on fixed seeds (the same seeds for every side of the
 *   skirmish ratios, which play identical games), after two warm-up rounds, so runs on
 *   different days play the same games;
 * - figures are given as ratios to something measured alongside where possible; absolute
 *   playouts per second also get a "normalised" form, per hand-written skirmish game, which
 *   travels better between machines than the absolute one.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
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
import { alternate, fmt, fmtSpread, ratios, spread } from './timing.ts';
import { loadCosts, LOAD_GOAL, type LoadCost } from './load-cost.ts';
import { botCosts, BOT_POINTS } from './bot-cost.ts';
import { playBoardgameIo } from './peers/boardgameio-skirmish.ts';

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

// ---------------------------------------------------------------- where the time goes

const rulesets = readdirSync('rulesets').map((d) => join('rulesets', d)).filter((d) => { try { return readFileSync(join(d, 'ruleset.yaml')).length > 0; } catch { return false; } });
const rows: Array<{ name: string; ms: number; ratio: string }> = [];
const notes: string[] = [];

// Per ruleset against yaml.parse of the files its loader read; the totals are sums per round.
const loads = loadCosts(rulesets, 7);
{
  const sum = (pick: (l: LoadCost) => number[]): number[] => loads[0]!.perRound.load.map((_, r) => loads.reduce((n, l) => n + pick(l)[r]!, 0));
  const yaml = sum((l) => l.perRound.yaml);
  const validate = sum((l) => l.perRound.load);
  rows.push({ name: 'baseline: yaml.parse of every file the loader reads', ms: spread(yaml).median, ratio: '1.0×' });
  rows.push({ name: 'load + schema + check every ruleset', ms: spread(validate).median, ratio: `${fmtSpread(spread(ratios(validate, yaml)), '×')} yaml.parse` });
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

// ---------------------------------------------------------------- rulesmith ÷ boardgame.io

/**
 * The same skirmish games (same seeds, same dice and answers) in boardgame.io, driven through its
 * Client as its users do (test/bench/peers/). boardgame.io checks that G stays serialisable after
 * every move unless NODE_ENV is production: set it, so the peer runs as it would in a deployment.
 */
process.env.NODE_ENV ??= 'production';
const GOAL_PEER = 30;
const [peerRsMs, peerMs] = alternate([
  { name: 'skirmish (rulesmith)', block: (r) => playGames(skirmish, r * SKIRMISH_GAMES, SKIRMISH_GAMES, 'none') },
  { name: 'skirmish (boardgame.io)', block: (r) => { for (let seed = r * SKIRMISH_GAMES; seed < (r + 1) * SKIRMISH_GAMES; seed++) playBoardgameIo(seed); } },
], ROUNDS);
const peerRsRate = perSec(peerRsMs!, SKIRMISH_GAMES);
const peerRate = perSec(peerMs!, SKIRMISH_GAMES);
const peerRatio = spread(ratios(peerRsRate, peerRate));

// ---------------------------------------------------------------- bot decision time

const bots = playable.flatMap((p) => botCosts(p)).map((b) => {
  // In random playouts of the same game (its median cost above), which travels between machines.
  const msPerGame = games.find((g) => g.id === b.game)?.msPerGame;
  return { ...b, playouts: msPerGame ? b.msPerDecision.median / msPerGame : null };
});

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
  peer: {
    peer: 'boardgame.io (Client, test/bench/peers/boardgameio-skirmish.ts)',
    rounds: ROUNDS,
    gamesPerBlock: SKIRMISH_GAMES,
    rulesmithPerSec: spread(peerRsRate),
    peerPerSec: spread(peerRate),
    ratio: peerRatio,
    perRound: { rulesmith: peerRsRate, peer: peerRate },
    goal: GOAL_PEER,
    met: peerRatio.median >= GOAL_PEER,
  },
  loads: loads.map((l) => ({ ruleset: l.ruleset, files: l.files, loadMs: l.loadMs, yamlMs: l.yamlMs, ratio: l.ratio, goal: LOAD_GOAL, met: l.met })),
  games: games.map((g) => ({ ...g, goal: GOAL_SPEEDUP, met: g.vsBaselineNormalised !== null && g.vsBaselineNormalised >= GOAL_SPEEDUP })),
  forks: forks.map((f) => ({ ...f, game: String(forkProgram.data.id), met: f.ratio.median <= FORK_GOAL })),
  bots: bots.map((b) => ({ ...b, goal: null })),
  baseline: BASELINE,
  notes,
};

if (json) {
  console.log(JSON.stringify(result, null, 2));
} else {
  console.log(`${header}\n`);
  const width = Math.max(...rows.map((r) => r.name.length));
  for (const r of rows) console.log(`${r.name.padEnd(width)}  ${r.ms.toFixed(2).padStart(9)} ms  ${r.ratio}`);
  console.log(`\nload + schema + check ÷ yaml.parse of the same files, per ruleset (7 block pairs; median (min–max)):`);
  for (const l of result.loads) console.log(`  ${l.ruleset.padEnd(28)} ${String(l.files).padStart(3)} files  ${l.loadMs.toFixed(1).padStart(6)} ms ÷ ${l.yamlMs.toFixed(1).padStart(5)} ms = ${fmtSpread(l.ratio, '×')}   goal ≤ ${LOAD_GOAL}×: ${l.met ? 'met' : 'not yet'}`);
  const s = result.skirmish;
  console.log(`\nskirmish, rulesmith ÷ hand-written throughput (${ROUNDS} block pairs; median (min–max)):`);
  console.log(`  rulesmith     ${fmtSpread(s.rulesmithPerSec)} games/s`);
  console.log(`  hand-written  ${fmtSpread(s.handWrittenPerSec)} games/s`);
  console.log(`  ratio         ${fmtSpread(s.ratio, '×')}   goal ≥ ${GOAL_RATIO}×: ${s.met ? 'met' : `not yet (${fmt(GOAL_RATIO / s.ratio.median)}× to go)`}${BASELINE.skirmishRatio ? `; baseline ${fmt(BASELINE.skirmishRatio)}×` : ''}`);
  const q = result.peer;
  console.log(`\nskirmish, rulesmith ÷ boardgame.io throughput, the same ${SKIRMISH_GAMES} games a block (${ROUNDS} block pairs; median (min–max)):`);
  console.log(`  rulesmith     ${fmtSpread(q.rulesmithPerSec)} games/s`);
  console.log(`  boardgame.io  ${fmtSpread(q.peerPerSec)} games/s (its Client, as its testing guide drives a game)`);
  console.log(`  ratio         ${fmtSpread(q.ratio, '×')}   goal ≥ ${GOAL_PEER}×: ${q.met ? 'met' : `not yet (${fmt(GOAL_PEER / q.ratio.median)}× to go)`}`);
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
  console.log(`\nbot decision time, CPU ms per answer (asked at the first choice from decision ${BOT_POINTS.join(', ')} of random games, where one gets there; median (min–max)); no goal set yet (issue 15 asks for the figure):`);
  for (const b of result.bots) console.log(`  ${b.game.padEnd(18)} ${b.level.padEnd(7)} ${fmtSpread(b.msPerDecision, ' ms')}${b.playouts === null ? '' : `  ≈ ${fmt(b.playouts)} random playouts`}  (at decisions ${b.at.join(', ')})`);
  const failed = result.games.filter((g) => g.failed > 0);
  if (failed.length) notes.push(`games that stopped with an error (still timed): ${failed.map((g) => `${g.id} ${g.failed}`).join(', ')}`);
  for (const n of notes) console.log(`(${n})`);
}
