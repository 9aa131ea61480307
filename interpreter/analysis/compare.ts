import type { Program } from '../runtime/program.ts';
import { newcombe, sample, welch, type Difference, type Sample } from './intervals.ts';
import { summarise, wilson, type GameRecord, type SimulationSummary } from './summary.ts';

/** A share of games in each ruleset, and the change (variant − base) with Newcombe's 95% interval. */
export interface RateChange extends Difference {
  label: string;
  base: { count: number; games: number; share: number; ci95: [number, number] };
  variant: { count: number; games: number; share: number; ci95: [number, number] };
}

/** A mean in each ruleset (games that ended) and the change with Welch's 95% interval. */
export interface MeanChange extends Difference {
  base: Sample;
  variant: Sample;
}

/** How often seat p1 wins, against the share each seat would win in a fair game (1 / seats). */
export interface FirstSeat {
  seats: number;
  fair: number;
  base: { wins: number; games: number; share: number; ci95: [number, number]; advantage: boolean };
  variant: { wins: number; games: number; share: number; ci95: [number, number]; advantage: boolean };
  change: Difference;
}

export interface Comparison {
  games: number;
  /** Always "paired": game i of both rule sets is played with seed `S:i` and the same bots. */
  design: 'paired';
  seed: string;
  agents: string[];
  base: SimulationSummary;
  variant: SimulationSummary;
  winners: RateChange[];
  outcomes: RateChange[];
  rounds: MeanChange;
  decisions: MeanChange;
  /** Score margin (result `margin`, else heuristic spread); null when neither ruleset gives one. */
  margin: MeanChange | null;
  firstSeat: FirstSeat;
  /** Set when Ctrl-C stopped the run: the seeds both rule sets finished (`games`), of those asked for. */
  interrupted?: { finished: number; asked: number };
}

const labelOf = (shares: SimulationSummary['winners']) => new Map(shares.map((s) => [s.label, s.count]));

function rates(base: SimulationSummary['winners'], variant: SimulationSummary['winners'], nb: number, nv: number): RateChange[] {
  const a = labelOf(base);
  const b = labelOf(variant);
  const labels = [...new Set([...a.keys(), ...b.keys()])];
  return labels.map((label) => {
    const xb = a.get(label) ?? 0;
    const xv = b.get(label) ?? 0;
    return {
      label,
      base: { count: xb, games: nb, share: nb ? xb / nb : 0, ci95: wilson(xb, nb) },
      variant: { count: xv, games: nv, share: nv ? xv / nv : 0, ci95: wilson(xv, nv) },
      ...newcombe(xv, nv, xb, nb),
    };
  });
}

function means(base: number[], variant: number[]): MeanChange {
  const b = sample(base);
  const v = sample(variant);
  const { diff, ci95, significant } = welch(v, b);
  return { base: b, variant: v, diff, ci95, significant };
}

/** Whether p1 won this game alone (a shared win is not counted: it is no edge for the seat). */
function firstSeatWon(r: GameRecord): boolean {
  if (r.status !== 'ended' || !r.result || typeof r.result !== 'object') return false;
  const w = (r.result as { winner?: unknown }).winner;
  if (w === null || w === undefined || Array.isArray(w)) return false;
  return String(w) === 'p1' || (r.seats?.p1 != null && String(w) === r.seats.p1);
}

function firstSeat(base: GameRecord[], variant: GameRecord[]): FirstSeat {
  const seats = Math.max(1, Object.keys(base[0]?.seats ?? variant[0]?.seats ?? { p1: null, p2: null }).length);
  // With sides, p1's fair share is its side's: 1 / number of sides played.
  const sides = new Set(Object.values(base[0]?.seats ?? {}).filter((s) => s !== null));
  const fair = 1 / (sides.size > 0 ? sides.size : seats);
  const one = (records: GameRecord[]) => {
    const wins = records.filter(firstSeatWon).length;
    const ci95 = wilson(wins, records.length);
    return { wins, games: records.length, share: records.length ? wins / records.length : 0, ci95, advantage: ci95[0] > fair };
  };
  const b = one(base);
  const v = one(variant);
  return { seats, fair, base: b, variant: v, change: newcombe(v.wins, v.games, b.wins, b.games) };
}

/**
 * Compare games of two rule sets played on the same seeds with the same bots: per winner and
 * outcome the change in share with Newcombe's hybrid score interval, game length and score margin
 * with Welch's interval, and the first seat's win rate. Games are paired by seed, but the rules
 * make them diverge, so the intervals treat the two sets as independent samples (conservative when
 * paired outcomes agree more often than chance).
 */
export function compareSimulations(base: { records: GameRecord[]; program: Program }, variant: { records: GameRecord[]; program: Program }, plan: { seed: string; agents: string[] }): Comparison {
  const sb = summarise(base.records, base.program);
  const sv = summarise(variant.records, variant.program);
  const ended = (rs: GameRecord[]) => rs.filter((r) => r.status === 'ended');
  const margins = (rs: GameRecord[]) => ended(rs).map((r) => r.margin).filter((m): m is number => typeof m === 'number');
  const mb = margins(base.records);
  const mv = margins(variant.records);
  return {
    games: base.records.length,
    design: 'paired',
    seed: plan.seed,
    agents: plan.agents,
    base: sb,
    variant: sv,
    winners: rates(sb.winners, sv.winners, sb.games, sv.games),
    outcomes: rates(sb.outcomes, sv.outcomes, sb.games, sv.games),
    rounds: means(ended(base.records).map((r) => r.rounds), ended(variant.records).map((r) => r.rounds)),
    decisions: means(ended(base.records).map((r) => r.decisions), ended(variant.records).map((r) => r.decisions)),
    margin: mb.length || mv.length ? means(mb, mv) : null,
    firstSeat: firstSeat(base.records, variant.records),
  };
}
