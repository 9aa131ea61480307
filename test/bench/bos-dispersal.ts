/**
 * What Dispersal does in Battle of Seattle games, from the replays of two runs with the same seed
 * and bots: `rulesmith simulate rulesets/battle-of-seattle --replays A` and `rulesmith simulate
 * rulesets/battle-of-seattle/variants/no-dispersal.yaml --replays B` (issue 11's goal). It replays
 * the games both folders hold (game i of each: seed S:i), prints the comparison `diff --simulate`
 * prints for those games (the same records, so the same table), then per rule set and per game:
 * combats, how often the CRT's four X cells were read (by roller; in Escalation Phase 1 an X reads
 * as A), what a Dispersal removed, and the final Exposure of each side.
 *
 *   npx tsx test/bench/bos-dispersal.ts BASE_DIR VARIANT_DIR [--agents A] [--json]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { compareSimulations } from '../../interpreter/analysis/compare.ts';
import { scoreMargin, seatSides } from '../../interpreter/analysis/margin.ts';
import type { GameRecord } from '../../interpreter/analysis/summary.ts';
import type { ReplayFile } from '../../interpreter/analysis/replay-file.ts';
import { formatComparison } from '../../interpreter/cli/analysis-format.ts';
import { programFor } from '../../interpreter/cli/load-program.ts';
import { Game, type Program } from '../../interpreter/runtime/index.ts';

const BASE = 'rulesets/battle-of-seattle';
const VARIANT = 'rulesets/battle-of-seattle/variants/no-dispersal.yaml';
/** The base table's X cells (die row, CF column); the variant reads N there. */
const X_CELLS = new Set(['5|16+', '6|7-10', '6|11-15', '6|16+']);
const CRT = /^Combat Results Table: row (\d) and column (\S+)/;
const COMBAT = /^Combat in .*: (\S+) roll \d -> (\w+); (\S+) return roll -> (\w+)/;
const PHASE = /^Escalation Phases: row (\d) gives/;
const DISPERSED = /^Dispersal \[6\.3\]: (\d+) Protester unit/;
const TO_RESERVE = / is temporarily removed to the Reserve Pool/;

/** Counts over one rule set's games (sums; divide by `games` for a mean per game). */
export interface DispersalCounts {
  games: number;
  combats: number;
  /** CRT reads, by roller (Protesters / Authority). */
  rolls: Record<string, number>;
  /** CRT reads at a column with an X cell (CF 7 or more), by roller. */
  highColumns: Record<string, number>;
  /** Reads of the four X cells by roller, and those of them in Escalation Phase 1 (X reads as A). */
  xCells: Record<string, number>;
  xCellsPhase1: Record<string, number>;
  /** Games with at least one X cell read in Phase 2 or 3 (where Dispersal applies in the base game). */
  gamesWithLiveX: number;
  /** Base game: Authority Dispersals applied and the Protester units they removed for good. */
  dispersals: number;
  protestersDispersed: number;
  /** Base game: Authority units a Protester X sent to the Reserve Pool (+1 Protester Exposure each). */
  authorityDispersed: number;
  exposureProtesters: number;
  exposureAuthority: number;
  levels: Record<string, number>;
}

interface Played { record: GameRecord; counts: DispersalCounts }

function emptyCounts(): DispersalCounts {
  return { games: 0, combats: 0, rolls: {}, highColumns: {}, xCells: {}, xCellsPhase1: {}, gamesWithLiveX: 0, dispersals: 0, protestersDispersed: 0, authorityDispersed: 0, exposureProtesters: 0, exposureAuthority: 0, levels: {} };
}

const add = (m: Record<string, number>, k: string, n = 1) => { m[k] = (m[k] ?? 0) + n; };

/** Replay one game and count, walking its log in order (a combat logs its CRT reads, then its line). */
function replayGame(program: Program, replay: ReplayFile, c: DispersalCounts): GameRecord {
  const game = Game.start(program, replay.setup);
  if (!(game instanceof Game)) throw new Error(`${replay.setup.seed}: the setup is refused`);
  for (const d of replay.decisions) if (!game.pending || !game.answer(d).ok) break;
  let phase = 1;
  let cells: string[] = [];
  let protesterX = false;
  let liveX = false;
  for (const { text } of game.log) {
    const p = PHASE.exec(text);
    if (p) { phase = Number(p[1]); continue; }
    const t = CRT.exec(text);
    if (t) { cells.push(`${t[1]}|${t[2]}`); continue; }
    const m = COMBAT.exec(text);
    if (m) {
      c.combats++;
      protesterX = false;
      // The attack is read first, then the return roll when there is one.
      const rollers = cells.length >= 2 ? [m[1]!, m[3]!] : [m[1]!];
      rollers.forEach((who, i) => {
        add(c.rolls, who);
        if (/^(7-10|11-15|16\+)$/.test(cells[i]?.split('|')[1] ?? '')) add(c.highColumns, who);
        if (!X_CELLS.has(cells[i] ?? '')) return;
        add(c.xCells, who);
        if (phase === 1) add(c.xCellsPhase1, who);
        else liveX = true;
        if (who === 'Protesters' && phase > 1 && [m[2], m[4]][i] === 'X') protesterX = true;
      });
      cells = [];
      continue;
    }
    const x = DISPERSED.exec(text);
    if (x) { c.dispersals++; c.protestersDispersed += Number(x[1]); continue; }
    // After a Protester X (Phase 2+) every removal to the Reserve Pool until the next combat is its.
    if (protesterX && TO_RESERVE.test(text)) c.authorityDispersed++;
  }
  c.games++;
  if (liveX) c.gamesWithLiveX++;
  const r = game.result as { level?: string; winner?: string; protesters?: number; authority?: number } | null;
  c.exposureProtesters += r?.protesters ?? 0;
  c.exposureAuthority += r?.authority ?? 0;
  add(c.levels, r ? `${r.winner} ${r.level}` : game.status);
  return {
    seed: String(replay.setup.seed), status: game.status, result: game.result, rounds: game.state.round, decisions: replay.decisions.length,
    error: game.error ?? null, seats: seatSides(game), margin: game.status === 'ended' ? scoreMargin(game) : null,
  };
}

function gamesIn(dir: string): Map<string, ReplayFile> {
  const out = new Map<string, ReplayFile>();
  for (const f of readdirSync(dir).filter((n) => n.endsWith('.json')).sort()) out.set(f, JSON.parse(readFileSync(join(dir, f), 'utf8')) as ReplayFile);
  return out;
}

const io = { out: (s: string) => process.stdout.write(s), err: (s: string) => process.stderr.write(s) };

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dirs = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--agents');
  if (dirs.length !== 2) {
    console.error('usage: tsx test/bench/bos-dispersal.ts BASE_DIR VARIANT_DIR [--agents A] [--json]');
    process.exit(2);
  }
  const [a, b] = dirs.map(gamesIn) as [Map<string, ReplayFile>, Map<string, ReplayFile>];
  // Only the games both runs finished (a run stopped early leaves a prefix).
  const names = [...a.keys()].filter((n) => b.has(n));
  const sides = ([[BASE, a], [VARIANT, b]] as const).map(([path, games]) => {
    const program = programFor(path, io as never);
    if (typeof program === 'number') process.exit(2);
    const counts = emptyCounts();
    const records = names.map((n) => replayGame(program, games.get(n)!, counts));
    return { path, program, records, counts };
  });
  // Replays do not name their bots: the run's --agents, for the heading only.
  const at = args.indexOf('--agents');
  const agents = at >= 0 ? args[at + 1]!.split(',') : ['(see the simulate command)'];
  const seed = names.length ? String(a.get(names[0]!)!.setup.seed).replace(/:\d+$/, '') : '';
  const comparison = compareSimulations(sides[0]!, sides[1]!, { seed, agents });
  if (args.includes('--json')) console.log(JSON.stringify({ comparison, counts: sides.map((s) => ({ path: s.path, ...s.counts })) }));
  else {
    process.stdout.write(formatComparison(comparison, BASE, VARIANT));
    for (const s of sides) {
      const c = s.counts;
      const per = (n: number) => (n / c.games).toFixed(2);
      const by = (m: Record<string, number>) => Object.entries(m).sort().map(([k, v]) => `${k} ${per(v)}`).join(', ') || 'none';
      console.log(`\n${s.path}: ${c.games} games`);
      console.log(`  per game: combats ${per(c.combats)}; CRT reads ${by(c.rolls)}`);
      console.log(`  CRT reads at CF 7+ (a column with an X) per game: ${by(c.highColumns)}`);
      console.log(`  X cells read per game: ${by(c.xCells)} (of them in Phase 1, read as A: ${by(c.xCellsPhase1)})`);
      console.log(`  games with an X cell read in Phase 2-3: ${c.gamesWithLiveX}/${c.games}`);
      console.log(`  Dispersals applied: Authority ${c.dispersals} (${c.protestersDispersed} Protester units removed for good), Protesters ${c.authorityDispersed} Authority units to the Reserve Pool`);
      console.log(`  final Exposure mean: Protesters ${per(c.exposureProtesters)}, Authority ${per(c.exposureAuthority)}`);
      const m = s.records.map((r) => r.margin).filter((x): x is number => typeof x === 'number').sort((x, y) => x - y);
      if (m.length) console.log(`  margin (Protester − Authority Exposure; Decisive from 61): min ${m[0]}, median ${m[Math.floor(m.length / 2)]}, max ${m[m.length - 1]}`);
      console.log(`  results: ${Object.entries(c.levels).sort().map(([k, v]) => `${k} ${v}`).join(', ')}`);
    }
  }
}
