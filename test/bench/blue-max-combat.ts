/**
 * How Blue Max games end, from the replays `rulesmith simulate rulesets/blue-max --replays DIR`
 * wrote: the games in which a shot was fired, the games decided by shooting an aircraft down (a
 * spin that cannot be recovered follows an exhausted damage zone or a killed pilot; a fuel tank
 * explosion), and every other way aircraft were lost (off the field, a stall or 0S2 spin not
 * recovered), with 95% (Wilson) intervals; and the shots by range, dice and burst, with the damage
 * halves they drew and their points, to see why hits do or do not bring an aircraft down. Issue 11's goal for `normal` bots on all seats: shots in
 * ≥ 90% of games, ≥ 30% decided by shooting.
 *
 *   npx tsx test/bench/blue-max-combat.ts DIR [--ruleset rulesets/blue-max] [--json]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { nodeHost } from '../../interpreter/cli/node-host.ts';
import { compileRuleset } from '../../interpreter/compile/index.ts';
import { loadRuleset } from '../../interpreter/load/index.ts';
import { wilson } from '../../interpreter/analysis/intervals.ts';
import { Game } from '../../interpreter/runtime/index.ts';
import { hexDistance, parseHexId } from '../../interpreter/runtime/map.ts';
import type { ReplayFile } from '../../interpreter/analysis/replay-file.ts';

/** Log lines (procedures-combat.yaml's `shoot_down` and `fire_burst`) that say how an aircraft was lost. */
const SHOT_DOWN = / is shot down: (.*)\.$/;
const BY_GUNS = /spin cannot be recovered|fuel tank explosion/;
/** procedures-combat.yaml's `fire_burst` and `apply_half` log lines. */
const FIRES = /^(.*) \((pilot|observer)\) fires a (short|medium|long) burst at (.*), side \w: (\d+) dice\.$/;
const TAKES = / takes (\d+) \w+ damage \(/;

export interface CombatCounts {
  games: number;
  withShots: number;
  decidedByShooting: number;
  shots: number;
  rounds: number;
  /** Shots by range in hexes ("?" when two aircraft share a name), dice rolled and burst. */
  byRange: Record<string, number>;
  byDice: Record<string, number>;
  byBurst: Record<string, number>;
  /** Damage card halves applied, and their points. */
  hits: number;
  points: number;
  /** Aircraft lost, by the log's reason. */
  lost: Record<string, number>;
  results: Record<string, number>;
}

/** Replay every game of `dir` on the rules at `ruleset` and count how it went. */
export function countCombat(dir: string, ruleset: string): CombatCounts {
  const program = compileRuleset(loadRuleset(ruleset, nodeHost).model!);
  const out: CombatCounts = { games: 0, withShots: 0, decidedByShooting: 0, shots: 0, rounds: 0, byRange: {}, byDice: {}, byBurst: {}, hits: 0, points: 0, lost: {}, results: {} };
  const add = (m: Record<string, number>, k: string): void => void (m[k] = (m[k] ?? 0) + 1);
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const replay = JSON.parse(readFileSync(join(dir, name), 'utf8')) as ReplayFile;
    const game = Game.start(program, replay.setup);
    if (!(game instanceof Game)) throw new Error(`${name}: the setup is refused`);
    let seen = 0;
    for (const d of replay.decisions) {
      if (!game.pending || !game.answer(d).ok) break;
      // Shots are logged in Combat; the aircraft stay where they fired until the next Movement,
      // which needs the next turn's maneuvers, so their hexes now give the range.
      for (const e of game.log.slice(seen)) {
        const m = FIRES.exec(e.text);
        if (m) {
          const r = rangeBetween(game, m[1]!, m[4]!);
          add(out.byRange, r === undefined ? '?' : String(r));
          add(out.byDice, m[5]!);
          add(out.byBurst, m[3]!);
        }
        const t = TAKES.exec(e.text);
        if (t) {
          out.hits++;
          out.points += Number(t[1]);
        }
      }
      seen = game.log.length;
    }
    const lines = game.log.map((e) => e.text);
    const shots = lines.filter((l) => / fires a (short|medium|long) burst /.test(l)).length;
    const reasons = lines.map((l) => SHOT_DOWN.exec(l)?.[1]).filter((r): r is string => r !== undefined);
    for (const r of reasons) out.lost[r] = (out.lost[r] ?? 0) + 1;
    const result = JSON.stringify(game.result);
    out.results[result] = (out.results[result] ?? 0) + 1;
    out.games++;
    out.shots += shots;
    out.rounds += game.state.round;
    if (shots > 0) out.withShots++;
    if (reasons.some((r) => BY_GUNS.test(r))) out.decidedByShooting++;
  }
  return out;
}

/** Hexes between the aircraft named `a` and `b` on the board, if each name is one aircraft's. */
function rangeBetween(game: Game, a: string, b: string): number | undefined {
  const at = (name: string): string | undefined => {
    const on = Object.values(game.state.pieces).filter((p) => p.at?.startsWith('hex:') && game.program.data.pieces?.[p.type]?.name === name);
    return on.length === 1 ? on[0]!.at!.slice(4) : undefined;
  };
  const [x, y] = [at(a), at(b)].map((h) => (h === undefined ? undefined : parseHexId(h)));
  return x && y ? hexDistance(game.rt, x, y) : undefined;
}

const pct = (k: number, n: number): string => {
  const [lo, hi] = wilson(k, n);
  return `${k}/${n} = ${((100 * k) / n).toFixed(1)}% (95% CI ${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)}%)`;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  const args = process.argv.slice(2);
  const dir = args.find((a) => !a.startsWith('--'));
  const at = args.indexOf('--ruleset');
  if (!dir) {
    console.error('usage: tsx test/bench/blue-max-combat.ts DIR [--ruleset rulesets/blue-max] [--json]');
    process.exit(2);
  }
  const c = countCombat(dir, at >= 0 ? args[at + 1]! : 'rulesets/blue-max');
  if (args.includes('--json')) console.log(JSON.stringify(c));
  else {
    console.log(`games ${c.games}, mean rounds ${(c.rounds / c.games).toFixed(1)}, shots per game ${(c.shots / c.games).toFixed(1)}`);
    console.log(`shots fired: ${pct(c.withShots, c.games)}`);
    console.log(`decided by shooting an aircraft down: ${pct(c.decidedByShooting, c.games)}`);
    console.log(`shots by range ${JSON.stringify(c.byRange)}, by dice ${JSON.stringify(c.byDice)}, by burst ${JSON.stringify(c.byBurst)}`);
    console.log(`damage halves applied ${c.hits} (${(c.hits / Math.max(1, c.shots)).toFixed(2)} a shot), ${c.points} points (${(c.points / Math.max(1, c.hits)).toFixed(2)} a half)`);
    console.log(`aircraft lost: ${JSON.stringify(c.lost)}`);
    console.log(`results: ${JSON.stringify(c.results)}`);
  }
}
