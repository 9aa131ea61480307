/**
 * `npx tsx test/bench/pairing.ts <base> <variant> [games] [agents]`: how much a comparison gains
 * from pairing games by seed (docs/analysis.md, Why paired intervals). Plays games 1..N of both rule
 * sets with the same seeds and bots, as `rulesmith diff --simulate` does, and prints how often a
 * seed gives the same winner under both against how often it would if the games were independent,
 * and the correlation of the score margins. Not part of `npm test`.
 */
import { programFor } from '../../interpreter/cli/load-program.ts';
import { playRange, type SimulationPlan } from '../../interpreter/cli/simulate-games.ts';
import type { GameRecord } from '../../interpreter/analysis/summary.ts';

const [base, variant, games = '400', agents = 'random'] = process.argv.slice(2);
if (!base || !variant) {
  process.stderr.write('usage: npx tsx test/bench/pairing.ts <base> <variant> [games] [agents]\n');
  process.exit(2);
}
const io = { out: () => {}, err: (t: string) => void process.stderr.write(t), color: false };
const play = (path: string): GameRecord[] => {
  const program = programFor(path, io);
  if (typeof program === 'number') process.exit(program);
  const plan: SimulationPlan = { path, seed: 'pair', options: {}, agents: agents.split(','), facts: true };
  const records = playRange(program, plan, 1, Number(games));
  if ('problems' in records) throw new Error(records.problems.join(' '));
  return records;
};
const [a, b] = [play(base), play(variant)];
const winner = (r: GameRecord) => JSON.stringify((r.result as { winner?: unknown } | null)?.winner ?? null);
const count = (rs: GameRecord[]) => rs.reduce((m, r) => m.set(winner(r), (m.get(winner(r)) ?? 0) + 1), new Map<string, number>());
const [ca, cb] = [count(a), count(b)];
const same = a.filter((r, i) => winner(r) === winner(b[i]!)).length / a.length;
const independent = [...ca].reduce((s, [k, x]) => s + (x / a.length) * ((cb.get(k) ?? 0) / b.length), 0);
const margins = a.every((r, i) => typeof r.margin === 'number' && typeof b[i]!.margin === 'number') ? [a.map((r) => r.margin as number), b.map((r) => r.margin as number)] : null;
let correlation = 'no margins';
if (margins) {
  const [xs, ys] = margins as [number[], number[]];
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const [mx, my] = [mean(xs), mean(ys)];
  const sxy = xs.reduce((s, x, i) => s + (x - mx) * (ys[i]! - my), 0);
  const sxx = xs.reduce((s, x) => s + (x - mx) ** 2, 0);
  const syy = ys.reduce((s, y) => s + (y - my) ** 2, 0);
  correlation = sxx > 0 && syy > 0 ? (sxy / Math.sqrt(sxx * syy)).toFixed(3) : 'undefined (a constant margin)';
}
console.log(`${variant} against ${base}, ${a.length} seeds, agents ${agents}: same winner on ${(same * 100).toFixed(1)}% of seeds (${(independent * 100).toFixed(1)}% if independent); margin correlation ${correlation}`);
