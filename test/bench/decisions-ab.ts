/**
 * `npm run bench:decisions -- [--base REV] [--rounds N] [--level L] [--only RULESET,…] [--json]`:
 * CPU milliseconds of one search-bot answer (`normal` unless --level) at each recorded position of
 * every shipped ruleset (test/bench/positions/, decision-positions.ts), and with `--base` the same
 * answers by another commit's runtime and agents, blocks of both sides alternating in one process
 * (as playouts-ab.ts does), so both see the same drift on this shared machine. The base plays its
 * own `rulesets/` too, so a cheaper ruleset (its bots' procedures) counts as well. Each side also
 * answers every position once before timing, and the answers are compared: a change meant to
 * make a decision cheaper should not change it. Not part of `npm test`.
 *
 * `-- --record [RULESET…]` plays the games again and rewrites the position files instead (the
 * games of RECORDING, by `normal` bots; minutes of CPU for Blue Max).
 */
import { existsSync, readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import * as agents from '../../interpreter/agents/index.ts';
import * as compile from '../../interpreter/compile/index.ts';
import * as load from '../../interpreter/load/index.ts';
import * as runtime from '../../interpreter/runtime/index.ts';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { decide, positionGames, readPositions, recordPositions, writePositions, type PositionsFile, type PositionsRuntime } from './decision-positions.ts';
import { benchArgs, exportCommit } from './other-commit.ts';
import { alternate, fmt, fmtSpread, ratios, spread } from './timing.ts';

const { argv, option, json, rounds, baseRev } = benchArgs(3);
const level = option('level') ?? 'normal';
const only = option('only');
const POSITIONS_DIR = 'test/bench/positions';

/** The recorded games of each ruleset (one per seed): `normal` bots on every seat, cut after so many decisions. */
const RECORDING: Record<string, { seeds: string[]; maxDecisions: number }> = {
  'battle-of-seattle': { seeds: ['positions:1'], maxDecisions: 120 },
  'blockade-runner': { seeds: ['positions:1'], maxDecisions: 120 },
  // Two games: the costly questions come when the aircraft close in, and a game may end early.
  'blue-max': { seeds: ['positions:1', 'positions:2'], maxDecisions: 160 },
  dragut: { seeds: ['positions:1'], maxDecisions: 120 },
};

interface Side {
  name: string;
  rt: PositionsRuntime;
  program: (dir: string) => runtime.Program;
}

/** A side; its rulesets are read under `root` (the base's own, so a change to a ruleset's bots counts too). */
function side(name: string, a: typeof agents, c: typeof compile, l: typeof load, r: typeof runtime, root = '.'): Side {
  return { name, rt: { agents: a, Game: r.Game }, program: (dir) => c.compileRuleset(l.loadRuleset(join(root, dir), nodeHost).model!) };
}

/** Another commit's runtime, and a function that removes its folder (as playouts-ab.ts loads it). */
async function baseAt(rev: string): Promise<{ side: Side; dispose: () => void }> {
  const { dir, url, dispose } = exportCommit(rev, ['grammar', 'interpreter', 'rulesets']);
  const s = side(
    `base ${rev}`,
    (await import(url('interpreter/agents/index.ts'))) as typeof agents,
    (await import(url('interpreter/compile/index.ts'))) as typeof compile,
    (await import(url('interpreter/load/index.ts'))) as typeof load,
    (await import(url('interpreter/runtime/index.ts'))) as typeof runtime,
    dir,
  );
  return { side: s, dispose };
}

const here = side('this', agents, compile, load, runtime);

if (argv.includes('--record')) {
  const names = argv.filter((a) => !a.startsWith('--') && RECORDING[a]);
  for (const name of names.length ? names : Object.keys(RECORDING)) {
    const r = RECORDING[name]!;
    const program = here.program(join('rulesets', name));
    const recorded = r.seeds.map((seed) => recordPositions(here.rt, program, name, { seed }, ['normal'], r.maxDecisions));
    writePositions(join(POSITIONS_DIR, `${name}.json`), recorded);
    for (const f of recorded) console.log(`${name} ${f.setup.seed}: ${f.positions.length} positions at decisions ${f.positions.join(', ')} (${f.answers.length} answers)`);
  }
  process.exit(0);
}

// Every recorded game is a row, so a slow game shows on its own.
const files: PositionsFile[] = readdirSync(POSITIONS_DIR).filter((f) => f.endsWith('.json') && (!only || only.split(',').includes(basename(f, '.json')))).flatMap((f) => readPositions(join(POSITIONS_DIR, f)));
const base = baseRev ? await baseAt(baseRev) : undefined;
try {
  const sides = [here, ...(base ? [base.side] : [])];
  const games = files.map((f) => sides.map((s) => {
    const dir = join('rulesets', f.ruleset);
    if (!existsSync(dir)) throw new Error(`no ruleset ${dir}`);
    return positionGames(s.rt, s.program(dir), f);
  }));
  // Every side's answer at every position, untimed (it also warms the code up).
  const answers = games.map((perSide) => perSide.map((gs, k) => gs.map((g) => JSON.stringify(decide(sides[k]!.rt, g, level)))));
  const differing = answers.map((perSide) => perSide[0]!.filter((a, i) => perSide.slice(1).some((o) => o[i] !== a)).length);
  // One block: one answer at every position of a ruleset; per-position times are kept too.
  const perPosition = games.map((perSide) => perSide.map((gs) => gs.map(() => [] as number[])));
  const ms = alternate(
    files.flatMap((f, i) => sides.map((s, k) => ({
      name: `${s.name} ${f.ruleset}`,
      block: (round: number) => {
        games[i]![k]!.forEach((g, p) => {
          const t = process.cpuUsage();
          decide(s.rt, g, level);
          const u = process.cpuUsage(t);
          if (round < rounds) perPosition[i]![k]![p]!.push((u.user + u.system) / 1000);
        });
      },
    }))),
    rounds,
  );
  const rows = files.map((f, i) => {
    const of = (k: number) => ms[sides.length * i + k]!.map((x) => x / f.positions.length);
    // Each position's median over the rounds; then their mean and the largest.
    const medians = (k: number) => perPosition[i]![k]!.map((xs) => spread(xs).median);
    return {
      ruleset: f.ruleset,
      seed: f.setup.seed,
      positions: f.positions.length,
      sides: sides.map((s, k) => ({ side: s.name, meanMs: spread(of(k)).median, maxPositionMs: Math.max(...medians(k)), perPositionMs: medians(k).map((x) => Math.round(x)) })),
      // Base time ÷ this time: above 1 when this side is faster.
      speedUp: base ? spread(ratios(of(1), of(0))) : undefined,
      differentAnswers: base ? `${differing[i]} of ${f.positions.length}` : undefined,
    };
  });
  if (json) console.log(JSON.stringify({ level, rounds, base: baseRev ?? null, rows }, null, 2));
  else {
    console.log(`\`${level}\` answers at recorded positions, CPU ms per decision (${rounds} rounds of alternating blocks; mean over positions, median of rounds; slowest position):`);
    for (const r of rows) {
      const cells = r.sides.map((s) => `${s.side} ${fmt(s.meanMs)} ms (max ${fmt(s.maxPositionMs)})`);
      console.log(`  ${`${r.ruleset} ${r.seed}`.padEnd(30)} ${r.positions} positions: ${cells.join('; ')}${r.speedUp ? `; base ÷ this ${fmtSpread(r.speedUp, '×')}; answers differing ${r.differentAnswers}` : ''}`);
    }
  }
} finally {
  base?.dispose();
}
